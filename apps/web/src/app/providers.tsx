import type { ClientConfig } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { UserManager } from 'oidc-client-ts';
import { Fragment, useEffect, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { RouterProvider } from 'react-router';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { FullScreenSpinner } from '../components/spinner';
import { createApiClient } from '../lib/api-client';
import { t, useLanguage } from '../lib/i18n';
import { oidcSettings, removeSigninParams } from './oidc-settings';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** Where the app keeps its copy of the sign-in settings, for opening without a connection. */
const CLIENT_CONFIG_KEY = 'hearth.client-config';

/**
 * The sign-in settings from the server; without a connection, the copy kept from the last answer, so the
 * installed app still opens offline (they hold nothing personal).
 */
async function fetchClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  let response: Response;
  try {
    response = await fetch('/api/config', { signal, headers: { Accept: 'application/json' } });
  } catch (err) {
    const copy = localStorage.getItem(CLIENT_CONFIG_KEY);
    if (copy && !signal?.aborted) return JSON.parse(copy) as ClientConfig;
    throw err;
  }
  if (!response.ok) throw new Error(t('common:failedToFetchConfiguration', { status: response.status }));
  const config = (await response.json()) as ClientConfig;
  localStorage.setItem(CLIENT_CONFIG_KEY, JSON.stringify(config));
  return config;
}

/**
 * The app for the server's sign-in settings: the sign-in client, the query cache every page reads through,
 * and the router, whose loaders read through the same cache with the signed-in person's token.
 */
function ConfiguredApp({ config }: { config: ClientConfig }) {
  const [app] = useState(() => {
    const userManager = new UserManager(oidcSettings(config));
    const queryClient = createQueryClient();
    const router = createAppRouter({
      queryClient,
      signedInApi: async () => {
        const user = await userManager.getUser();
        if (!user || user.expired) return null;
        return createApiClient({ getAccessToken: () => user.access_token });
      },
    });
    return { userManager, queryClient, router };
  });
  // Every text is read again from the catalogue when the language changes: the pages remount.
  const language = useLanguage();
  return (
    <QueryClientProvider client={app.queryClient}>
      <AuthProvider userManager={app.userManager} onSigninCallback={removeSigninParams}>
        <Fragment key={language}>
          <RouterProvider router={app.router} />
        </Fragment>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Reads the sign-in settings from the server, then starts the app; says so when the server is out of reach. */
export function App() {
  const [config, setConfig] = useState<ClientConfig | 'failed' | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each Try again (attempt) asks again
  useEffect(() => {
    const controller = new AbortController();
    fetchClientConfig(controller.signal).then(setConfig, () => {
      if (!controller.signal.aborted) setConfig('failed');
    });
    return () => controller.abort();
  }, [attempt]);

  if (config === null) return <FullScreenSpinner />;
  if (config === 'failed') {
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <Card role="alert" className="w-full max-w-sm text-center">
          <h1 className="text-xl font-bold text-espresso">{t('serverUnreachable')}</h1>
          <p className="mt-2 mb-5 text-muted">{t('checkYourConnectionAndTry')}</p>
          <Button
            className="w-full"
            onClick={() => {
              setConfig(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('tryAgain')}
          </Button>
        </Card>
      </main>
    );
  }
  return <ConfiguredApp config={config} />;
}
