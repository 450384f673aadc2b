import type { User as OidcUser } from 'oidc-client-ts';
import type { AuthContextProps } from 'react-oidc-context';
import { vi } from 'vitest';

/** Claims of the signed-in identity used by tests. */
export const TEST_PROFILE = {
  sub: 'user-1',
  iss: 'https://issuer.test',
  aud: 'hearth-web',
  exp: 9_999_999_999,
  iat: 1,
  email: 'ada@example.com',
  given_name: 'Ada',
  family_name: 'Lovelace',
};

export function signedInUser(overrides: Partial<OidcUser> = {}): OidcUser {
  return {
    access_token: 'test-access-token',
    id_token: 'test-id-token',
    token_type: 'Bearer',
    profile: TEST_PROFILE,
    expired: false,
    ...overrides,
  } as OidcUser;
}

/**
 * What react-oidc-context's useAuth returns, for `vi.mocked(useAuth).mockReturnValue(authState(...))`
 * after `vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }))`.
 */
export function authState(
  state: 'loading' | 'signedOut' | 'signedIn',
  overrides: Partial<AuthContextProps> = {},
): AuthContextProps {
  const user = state === 'signedIn' ? signedInUser() : null;
  return {
    isLoading: state === 'loading',
    isAuthenticated: state === 'signedIn',
    user,
    settings: {
      authority: 'https://issuer.test',
      client_id: 'hearth-web',
      redirect_uri: 'http://localhost/',
    },
    events: {} as AuthContextProps['events'],
    clearStaleState: vi.fn(async () => {}),
    removeUser: vi.fn(async () => {}),
    signinPopup: vi.fn(),
    signinSilent: vi.fn(async () => null),
    signinRedirect: vi.fn(async () => {}),
    signinResourceOwnerCredentials: vi.fn(),
    signoutRedirect: vi.fn(async () => {}),
    signoutPopup: vi.fn(async () => {}),
    signoutSilent: vi.fn(async () => {}),
    querySessionStatus: vi.fn(async () => null),
    revokeTokens: vi.fn(async () => {}),
    startSilentRenew: vi.fn(),
    stopSilentRenew: vi.fn(),
    ...overrides,
  };
}
