import type { ClientConfig } from '@hearth/contract';
import { type ReactNode, useMemo } from 'react';
import { AuthProvider } from 'react-oidc-context';
import { oidcSettings, removeSigninParams } from './oidc-settings';

/**
 * The OIDC context for the settings the server gave. Its own module: the sign-in client is loaded while
 * /api/config is asked (see providers.tsx), not as part of the first download.
 */
export default function ConfiguredAuth({ config, children }: { config: ClientConfig; children: ReactNode }) {
  const settings = useMemo(() => oidcSettings(config), [config]);
  return (
    <AuthProvider {...settings} onSigninCallback={removeSigninParams}>
      {children}
    </AuthProvider>
  );
}
