import type { ClientConfig } from '@hearth/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { FullScreenSpinner } from '../components/spinner';
import { t } from '../lib/i18n';
import { createQueryClient } from './query-client';

// The sign-in client (oidc-client-ts) is fetched at once, alongside GET /api/config, and is not part of
// the first download.
const authModule = import('./auth-provider');
const ConfiguredAuth = lazy(() => authModule);

const CONFIG_COPY = 'hearth.client-config';

/**
 * The sign-in settings from the server; without a connection, the copy kept from the last answer, so the
 * installed app still opens offline (they hold nothing personal). A plain fetch: the API client would
 * bring the sign-in client into the first download.
 */
async function fetchClientConfig(signal: AbortSignal): Promise<ClientConfig> {
  let response: Response;
  try {
    response = await fetch('/api/config', { signal, headers: { Accept: 'application/json' } });
  } catch (err) {
    const copy = localStorage.getItem(CONFIG_COPY);
    if (copy && !signal.aborted) return JSON.parse(copy) as ClientConfig;
    throw err;
  }
  if (!response.ok) throw new Error(t('common:failedToFetchConfiguration', { status: response.status }));
  const config = (await response.json()) as ClientConfig;
  localStorage.setItem(CONFIG_COPY, JSON.stringify(config));
  return config;
}

/** Reads the sign-in settings from the server, then provides the OIDC context. */
function ConfiguredAuthProvider({ children }: { children: ReactNode }) {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => fetchClientConfig(signal),
    staleTime: Infinity,
    // Asked even offline: the kept copy answers then.
    networkMode: 'always',
  });

  if (config.isPending) return <FullScreenSpinner />;
  if (!config.data) {
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <Card role="alert" className="w-full max-w-sm text-center">
          <h1 className="text-xl font-bold text-espresso">{t('hearthCanTReachIts')}</h1>
          <p className="mt-2 mb-5 text-muted">{t('checkYourConnectionAndTry')}</p>
          <Button className="w-full" onClick={() => void config.refetch()}>
            {t('tryAgain')}
          </Button>
        </Card>
      </main>
    );
  }
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <ConfiguredAuth config={config.data}>{children}</ConfiguredAuth>
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfiguredAuthProvider>{children}</ConfiguredAuthProvider>
    </QueryClientProvider>
  );
}
