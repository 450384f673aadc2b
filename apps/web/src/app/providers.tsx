import type { ClientConfig } from '@hearth/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { Button } from '../components/button';
import { Card } from '../components/card';
import { FullScreenSpinner } from '../components/spinner';
import { createApiClient, isApiError } from '../lib/api-client';
import { oidcSettings, removeSigninParams } from './oidc-settings';
import { createQueryClient } from './query-client';

const publicApi = createApiClient({ getAccessToken: () => undefined });

const CONFIG_COPY = 'hearth.client-config';

/**
 * The sign-in settings from the server; without a connection, the copy kept from the last answer, so the
 * installed app still opens offline (they hold nothing personal).
 */
async function fetchClientConfig(signal: AbortSignal): Promise<ClientConfig> {
  try {
    const config = await publicApi.get<ClientConfig>('/api/config', {
      signal,
      failure: 'Failed to fetch configuration',
    });
    localStorage.setItem(CONFIG_COPY, JSON.stringify(config));
    return config;
  } catch (err) {
    const copy = localStorage.getItem(CONFIG_COPY);
    if (copy && isApiError(err) && err.status === 0) return JSON.parse(copy) as ClientConfig;
    throw err;
  }
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
  const settings = useMemo(() => (config.data ? oidcSettings(config.data) : null), [config.data]);

  if (config.isPending) return <FullScreenSpinner />;
  if (!settings) {
    return (
      <main className="flex min-h-dvh items-center justify-center px-4">
        <Card role="alert" className="w-full max-w-sm text-center">
          <h1 className="text-xl font-bold text-espresso">Hearth can't reach its server</h1>
          <p className="mt-2 mb-5 text-muted">Check your connection and try again.</p>
          <Button className="w-full" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </Card>
      </main>
    );
  }
  return (
    <AuthProvider {...settings} onSigninCallback={removeSigninParams}>
      {children}
    </AuthProvider>
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
