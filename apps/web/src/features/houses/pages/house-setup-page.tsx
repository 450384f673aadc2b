import { DoorOpen, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/card';
import { FullScreenSpinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { rememberReturnTo } from '../../auth';
import { useMe } from '../../users';
import { CreateHouseForm } from '../components/create-house-form';
import { JoinHouseForm } from '../components/join-house-form';

type Mode = 'none' | 'join' | 'create';

/** House setup (/houseSetup): join a house with its code, or create one. Invite links open it as /houseSetup?code=XXXX. */
export function HouseSetupPage() {
  const [params] = useSearchParams();
  const invitedCode = params.get('code')?.trim() ?? '';
  const [mode, setMode] = useState<Mode>(invitedCode ? 'join' : 'none');
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();

  const noProfile = me.data === null;

  useLogError(me.error);

  useEffect(() => {
    // No profile yet: it is set up first, then the person comes back here (with the invite code).
    if (noProfile) rememberReturnTo(location.pathname + location.search);
  }, [noProfile, location.pathname, location.search]);

  if (me.isPending) return <FullScreenSpinner />;
  if (noProfile) return <Navigate to="/userSetup" replace />;
  if (me.data?.house_id != null) return <Navigate to="/home" replace />;

  const goHome = () => navigate('/home', { replace: true });

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-8 sm:items-center sm:py-12">
      <Card className="w-full max-w-lg">
        <h1 className="text-2xl font-bold tracking-tight text-espresso">
          {mode === 'join'
            ? t('houses:joinHouse')
            : mode === 'create'
              ? t('houses:createHouse')
              : t('houses:setUpYourHouse')}
        </h1>
        <p className="mt-1 mb-6 text-muted">
          {mode === 'join'
            ? t('houses:enterTheCodeAHousemate')
            : mode === 'create'
              ? t('houses:startAHouseAndInvite')
              : t('houses:joinYourHousematesOrStart')}
        </p>
        {mode === 'none' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <ModeButton icon={DoorOpen} label={t('houses:joinHouse')} onClick={() => setMode('join')} />
            <ModeButton icon={Plus} label={t('houses:createHouse')} onClick={() => setMode('create')} />
          </div>
        )}
        {mode === 'join' && (
          <JoinHouseForm initialCode={invitedCode} onBack={() => setMode('none')} onJoined={goHome} />
        )}
        {mode === 'create' && <CreateHouseForm onBack={() => setMode('none')} onCreated={goHome} />}
      </Card>
    </main>
  );
}

function ModeButton({
  icon: Icon,
  label,
  onClick,
}: {
  icon: typeof DoorOpen;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-28 flex-col items-center justify-center gap-2 rounded-card border-2 border-line bg-field p-4 text-lg font-semibold text-espresso transition-colors hover:border-tan hover:bg-tan-light"
    >
      <span className="flex size-11 items-center justify-center rounded-full bg-tan-light text-primary">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      {label}
    </button>
  );
}

export { HouseSetupPage as Component };
