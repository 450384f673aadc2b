type OidcProviderModule = typeof import('oidc-provider');

const RUNTIME_WARNING = 'oidc-provider WARNING: Unsupported runtime';

let loading: Promise<OidcProviderModule> | null = null;

/**
 * Imports oidc-provider once. On import it prints a warning when Node is older than 22 LTS; Hearth
 * supports Node 20 on purpose (the provider works there), so that one line, and only it, is dropped.
 */
export function loadOidcProvider(): Promise<OidcProviderModule> {
  loading ??= (async () => {
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes(RUNTIME_WARNING)) return;
      warn.apply(console, args);
    };
    try {
      return await import('oidc-provider');
    } finally {
      console.warn = warn;
    }
  })();
  return loading;
}
