import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';

/**
 * Signs out at the identity provider too (id_token_hint). The redirect reloads the app, so no cached
 * answer of this user survives.
 */
export function useSignOut(): () => Promise<void> {
  const auth = useAuth();
  const idToken = auth.user?.id_token;
  const { signoutRedirect, removeUser } = auth;
  return useCallback(async () => {
    try {
      await signoutRedirect(idToken ? { id_token_hint: idToken } : undefined);
    } catch (err) {
      // A provider without an end-session endpoint: at least forget the tokens here.
      console.error('Sign-out at the identity provider failed:', err);
      await removeUser();
      window.location.assign('/');
    }
  }, [signoutRedirect, removeUser, idToken]);
}
