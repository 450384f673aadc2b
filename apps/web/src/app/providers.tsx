import type { ClientConfig } from '@hearth/contract';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { FullScreenSpinner } from '../components/spinner';
import { CLIENT_CONFIG_KEY } from '../lib/early-reads';
import { t } from '../lib/i18n';

// The sign-in client (oidc-client-ts) is fetched at once, alongside GET /api/config, and is not part of
// the first download.
const authModule = import('./auth-provider');
authModule.catch(() => undefined);
type ConfiguredAuthType = typeof import('./auth-provider')['default'];

/**
 * The sign-in settings from the server; without a connection, the copy kept from the last answer, so the
 * installed app still opens offline (they hold nothing personal). A plain fetch: the API client would
 * bring the sign-in client into the first download.
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

// Asked as soon as the app starts (index.html preloads it), alongside the pages' code.
const firstRequest = fetchClientConfig();
// Its failure is shown by the provider below, not reported as unhandled before it mounts.
firstRequest.catch(() => undefined);

type ConfigState = { config: ClientConfig; ConfiguredAuth: ConfiguredAuthType } | { failed: true } | null;

/**
 * Reads the sign-in settings from the server, then provides the OIDC context and, inside it, the query
 * cache (both in the sign-in client's chunk, fetched while the settings are asked). The spinner stays
 * until both are here: no Suspense fallback, which would hold back what follows it.
 */
function ConfiguredAuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ConfigState>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const request = attempt === 0 ? firstRequest : fetchClientConfig(controller.signal);
    // A failed download of the sign-in client is asked again with the settings.
    const auth = attempt === 0 ? authModule : import('./auth-provider');
    Promise.all([request, auth]).then(
      // What follows (the sign-in client, the page) is drawn as a transition: in slices, not one long task.
      ([config, { default: ConfiguredAuth }]) => startTransition(() => setState({ config, ConfiguredAuth })),
      () => {
        if (!controller.signal.aborted) setState({ failed: true });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (state === null) return <FullScreenSpinner />;
  if ('failed' in state) {
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <Card role="alert" className="w-full max-w-sm text-center">
          <h1 className="text-xl font-bold text-espresso">{t('serverUnreachable')}</h1>
          <p className="mt-2 mb-5 text-muted">{t('checkYourConnectionAndTry')}</p>
          <Button
            className="w-full"
            onClick={() => {
              setState(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t('tryAgain')}
          </Button>
        </Card>
      </main>
    );
  }
  const { ConfiguredAuth, config } = state;
  return <ConfiguredAuth config={config}>{children}</ConfiguredAuth>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return <ConfiguredAuthProvider>{children}</ConfiguredAuthProvider>;
}
