import { Flame } from 'lucide-react';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { FullScreenSpinner } from '../../../components/spinner';
import { language, t } from '../../../lib/i18n';
import { useUserExists } from '../../users';
import { consumeReturnTo } from '../return-to';

/** The landing page (/): the login card; once signed in, nothing shows while it decides where to go. */
export function LandingPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signedIn = auth.isAuthenticated && !auth.isLoading;
  const exists = useUserExists({ enabled: signedIn });

  useEffect(() => {
    if (!signedIn) return;
    if (exists.isSuccess) {
      // A new user keeps the remembered route (e.g. an invite link) for after profile setup.
      navigate(exists.data.exists ? (consumeReturnTo() ?? '/home') : '/userSetup', { replace: true });
    } else if (exists.isError) {
      console.error('Error checking user:', exists.error);
    }
  }, [signedIn, exists.isSuccess, exists.isError, exists.data, exists.error, navigate]);

  if (auth.isLoading) return <FullScreenSpinner />;
  if (auth.isAuthenticated) return null;

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <Card className="w-full max-w-sm text-center sm:p-8">
        <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-primary text-cream shadow-soft">
          <Flame className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-espresso">{t('auth:hearth')}</h1>
        <p className="mt-2 mb-6 text-muted">{t('auth:welcomePleaseLoginToContinue')}</p>
        <Button
          size="lg"
          className="w-full"
          onClick={() => {
            // The sign-in pages speak the app's language.
            auth
              .signinRedirect({ ui_locales: language() })
              .catch((err: unknown) => console.error('Login failed:', err));
          }}
        >
          {t('auth:login')}
        </Button>
      </Card>
    </main>
  );
}
