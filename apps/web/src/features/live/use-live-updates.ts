import type { LiveChange, LiveKind } from '@hearth/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import { useMe } from '../users/api';
import { runLiveConnection } from './live-connection';
import { emitLiveChange } from './live-events';
import { LIVE_QUERY_KEYS } from './live-keys';

function invalidateKind(queryClient: QueryClient, kind: LiveKind) {
  for (const queryKey of LIVE_QUERY_KEYS[kind] ?? []) {
    // An in-flight fetch is kept (it may already hold the change); only active queries refetch now.
    void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }
}

/** What one change does to the cache. Exported for tests. */
export function applyLiveChange(queryClient: QueryClient, change: LiveChange): void {
  const kind = change.kind;
  if (!(kind in LIVE_QUERY_KEYS)) return;
  // While this tab is changing the same kind (optimistic updates), a refetch would briefly undo them; the
  // mutations refetch once they settle (their mutationKey starts with the kind), which includes this change.
  if (queryClient.isMutating({ mutationKey: [kind] }) > 0) return;
  invalidateKind(queryClient, kind);
}

export function applyLiveResync(queryClient: QueryClient): void {
  for (const kind of Object.keys(LIVE_QUERY_KEYS)) invalidateKind(queryClient, kind);
}

/**
 * Keeps the signed-in person's live stream open and turns its messages into cache invalidations, so what
 * housemates change shows without a reload. Mount once, in the signed-in layout. Reconnects by itself;
 * after a drop the server replays what was missed or asks for a full refetch.
 */
export function useLiveUpdates(): void {
  const auth = useAuth();
  const me = useMe();
  const queryClient = useQueryClient();
  const token = useRef(auth.user?.access_token);
  token.current = auth.user?.access_token;
  const signinSilent = useRef(auth.signinSilent);
  signinSilent.current = auth.signinSilent;

  const signedIn = auth.user != null;
  const userId = me.data?.user_id ?? null;
  // A new house is a new stream (the server scopes it at connect).
  const houseId = me.data?.house_id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: houseId reconnects when the person joins a house
  useEffect(() => {
    if (!signedIn || userId === null) return;
    const controller = new AbortController();
    void runLiveConnection({
      signal: controller.signal,
      getToken: () => token.current,
      renewToken: async () => (await signinSilent.current())?.access_token,
      onReady: (ready) => {
        if (!ready.resync) return;
        applyLiveResync(queryClient);
        emitLiveChange(null);
      },
      onChange: (change) => {
        applyLiveChange(queryClient, change);
        emitLiveChange(change);
      },
      onResync: () => {
        applyLiveResync(queryClient);
        emitLiveChange(null);
      },
    });
    return () => controller.abort();
  }, [signedIn, userId, houseId, queryClient]);
}
