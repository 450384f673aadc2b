import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from 'react-oidc-context';
import { clearOfflineCopy } from '../../lib/offline/offline-session';

/**
 * Signs out in one step: first deletes this browser's offline copy of the house (cached answers and
 * changes still waiting to be sent), so a shared computer keeps nothing, then ends the session at the
 * identity provider too; the ID token as `id_token_hint` lets the provider skip asking again.
 */
export function useSignOut(): () => Promise<void> {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const idToken = auth.user?.id_token;
  const { signoutRedirect, removeUser } = auth;
  return useCallback(async () => {
    try {
      await clearOfflineCopy(queryClient);
    } catch (err) {
      console.error('The offline copy could not be deleted:', err);
    }
    try {
      await signoutRedirect(idToken ? { id_token_hint: idToken } : undefined);
    } catch (err) {
      // A provider without an end-session endpoint: at least forget the tokens here.
      console.error('Sign-out at the identity provider failed:', err);
      await removeUser();
      window.location.assign('/');
    }
  }, [signoutRedirect, removeUser, idToken, queryClient]);
}
