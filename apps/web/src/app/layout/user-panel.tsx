import type { User } from '@hearth/contract';
import { LogOut, Pencil, UserRound } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { useSignOut } from '../../features/auth';
import { t } from '../../lib/i18n';

/** Who is signed in, a link to edit the profile, and sign-out. */
export const UserPanel = memo(function UserPanel({
  user,
  onNavigate,
}: {
  user: User | undefined;
  onNavigate?: () => void;
}) {
  const signOut = useSignOut();
  const name = user ? `${user.first_name} ${user.last_name}` : '';
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      {user && (
        <div className="flex items-center gap-3 px-1">
          {user.profile_img ? (
            <img
              src={user.profile_img}
              alt=""
              className="size-10 shrink-0 rounded-full border border-tan object-cover"
            />
          ) : (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-tan-light text-primary">
              <UserRound className="size-5" aria-hidden="true" />
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate font-semibold text-espresso">{name}</p>
            <Link
              to="/userSetup"
              onClick={onNavigate}
              className="inline-flex items-center gap-1 text-sm text-muted underline-offset-2 hover:text-primary hover:underline"
            >
              <Pencil className="size-3.5" aria-hidden="true" />
              {t('editProfile')}
            </Link>
          </div>
        </div>
      )}
      <Button variant="ghost" className="justify-start" onClick={() => void signOut()}>
        <LogOut className="size-5" aria-hidden="true" />
        {t('signOut')}
      </Button>
    </div>
  );
});
