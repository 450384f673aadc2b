import type { ClientConfig } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { oidcSettings, removeSigninParams } from './oidc-settings';
import { createQueryClient } from './query-client';

/**
 * The OIDC context for the settings the server gave, and the query cache every page reads through. Its
 * own module: the sign-in client and TanStack Query are loaded while /api/config is asked (see
 * providers.tsx), not as part of the first download.
 */
export default function ConfiguredAuth({ config, children }: { config: ClientConfig; children: ReactNode }) {
  const settings = useMemo(() => oidcSettings(config), [config]);
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider {...settings} onSigninCallback={removeSigninParams}>
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
