import type { User } from '@hearth/contract';
import { Bell } from 'lucide-react';
import type { IdTokenClaims } from 'oidc-client-ts';
import { useAuth } from 'react-oidc-context';
import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/card';
import { FullScreenSpinner } from '../../../components/spinner';
import { ThemePicker } from '../../../components/theme-picker';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { consumeReturnTo } from '../../auth';
import { useMe, useSaveProfile } from '../api';
import { ProfileForm, type ProfileFormValues } from '../components/profile-form';

/** The saved profile when editing; otherwise what the identity provider knows about the person. */
export function initialProfile(
  me: User | null | undefined,
  identity: IdTokenClaims | undefined,
): ProfileFormValues {
  return {
    username: me?.username ?? '',
    first_name: me?.first_name || identity?.given_name || '',
    last_name: me?.last_name || identity?.family_name || '',
    email: me?.email || identity?.email || '',
    phone_num: me?.phone_num ?? '',
    profile_img: me?.profile_img ?? null,
    language: me?.language ?? '',
  };
}

/** After saving: /houseSetup (keeping an invite link's ?code=), or home for someone already in a house. */
function nextRoute(user: User): string {
  const remembered = consumeReturnTo();
  if (user.house_id !== null) return remembered ?? '/home';
  return remembered?.startsWith('/houseSetup') ? remembered : '/houseSetup';
}

/** Profile setup (/userSetup): a new person's profile, or editing one's own. */
export function UserSetupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const me = useMe();
  const save = useSaveProfile();

  useLogError(me.error);

  if (me.isPending) return <FullScreenSpinner />;

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-8 sm:items-center sm:py-12">
      <Card className="w-full max-w-lg">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-espresso">
          {t('users:setUpYourProfile')}
        </h1>
        <ProfileForm
          initial={initialProfile(me.data, auth.user?.profile)}
          onSave={async (input) => {
            const user = await save.mutateAsync(input);
            navigate(nextRoute(user), { replace: true });
          }}
        />
        {/* Not part of the saved profile: it applies at once, on this device. */}
        <div className="mt-8 border-t border-line pt-6">
          <ThemePicker />
        </div>
        {me.data && (
          <Link
            to="/settings"
            className="mt-6 inline-flex items-center gap-2 font-semibold text-primary underline-offset-2 hover:underline"
          >
            <Bell className="size-4" aria-hidden="true" />
            {t('notifications:settings.profileLink')}
          </Link>
        )}
      </Card>
    </main>
  );
}

export { UserSetupPage as Component };
