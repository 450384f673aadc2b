import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useAuth } from 'react-oidc-context';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '../../components/spinner';
import { meQuery } from '../../features/users';
import { createApiClient } from '../../lib/api-client';
import { startOfflineCopy } from '../../lib/offline/offline-session';

/**
 * Around every signed-in page: brings back the saved copy of the house's data before the pages ask for
 * it (so they show it at once, even without a connection), and opens the queue of waiting writes.
 */
export function OfflineCopy() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const profile = auth.user?.profile;
  const owner = profile ? `${profile.iss}|${profile.sub}` : null;
  const token = useRef(auth.user?.access_token);
  token.current = auth.user?.access_token;
  const renew = useRef(auth.signinSilent);
  renew.current = auth.signinSilent;
  const [readyFor, setReadyFor] = useState<string | null>(null);

  useEffect(() => {
    if (!owner) return;
    const api = createApiClient({
      getAccessToken: () => token.current,
      renewAccessToken: async () => (await renew.current())?.access_token,
    });
    const session = startOfflineCopy({
      owner,
      queryClient,
      transport: ({ method, path, body, key }) =>
        api.request(method, path, { idempotencyKey: key, ...(body !== undefined && { body }) }),
    });
    // Every signed-in page starts from the profile: asked now, while the saved copy opens, not after it.
    void queryClient.prefetchQuery(meQuery(api));
    let current = true;
    void session.ready.then(() => {
      // The pages behind it are drawn as a transition: in slices, not one long task.
      if (current) startTransition(() => setReadyFor(owner));
    });
    return () => {
      current = false;
      session.stop();
    };
  }, [owner, queryClient]);

  if (owner && readyFor !== owner) return <FullScreenSpinner />;
  return <Outlet />;
}
