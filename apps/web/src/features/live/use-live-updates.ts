import type { LiveChange, LiveKind } from '@hearth/contract';
import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from 'react-oidc-context';
import type { FeatureDefinition } from '../../app/feature';
import { type LivePosition, parsePosition, positionOf } from '../../lib/live-position';
import { useMe } from '../users';
import { emitLiveChange } from './live-events';

/** For each live kind, the query keys that a change of it makes stale. */
export type LiveQueryKeys = ReadonlyMap<LiveKind, readonly QueryKey[]>;

/**
 * The map the features declare (their `live`): a kind alone stands for [[kind]], since a feature's query
 * keys start with its name; several features listening to one kind each add their keys.
 */
export function liveQueryKeys(features: Iterable<Pick<FeatureDefinition, 'live'>>): LiveQueryKeys {
  const map = new Map<LiveKind, QueryKey[]>();
  for (const { live = [] } of features) {
    for (const entry of live) {
      const { kind, keys } = typeof entry === 'string' ? { kind: entry, keys: [[entry]] } : entry;
      map.set(kind, [...(map.get(kind) ?? []), ...keys]);
    }
  }
  return map;
}

function invalidate(queryClient: QueryClient, queryKeys: readonly QueryKey[]) {
  for (const queryKey of queryKeys) void invalidateAfterReads(queryClient, queryKey);
}

/**
 * Marks the queries stale and refetches the active ones. A read already under way is let finish, but it
 * may have read before this change was made: once it lands the queries are asked once more, so the answer
 * that stays is never older than the change.
 */
async function invalidateAfterReads(queryClient: QueryClient, queryKey: QueryKey) {
  const underWay = queryClient.isFetching({ queryKey }) > 0;
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  if (underWay) await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/** What one change does to the cache; kinds no feature declares (a newer server) are ignored. */
export function applyLiveChange(queryClient: QueryClient, keys: LiveQueryKeys, change: LiveChange): void {
  const queryKeys = keys.get(change.kind);
  if (!queryKeys) return;
  // While this tab is changing the same kind (optimistic updates), a refetch would briefly undo them; the
  // mutations refetch once they settle (their mutationKey starts with the kind), which includes this change.
  if (queryClient.isMutating({ mutationKey: [change.kind] }) > 0) return;
  invalidate(queryClient, queryKeys);
}

/** Anything may have changed: every declared kind's queries go stale. */
export function applyLiveResync(queryClient: QueryClient, keys: LiveQueryKeys): void {
  for (const queryKeys of keys.values()) invalidate(queryClient, queryKeys);
}

/** Every query of the live kinds. */
function liveQueries(queryClient: QueryClient, keys: LiveQueryKeys): Set<Query> {
  const cache = queryClient.getQueryCache();
  const found = new Set<Query>();
  for (const queryKeys of keys.values()) {
    for (const queryKey of queryKeys) for (const query of cache.findAll({ queryKey })) found.add(query);
  }
  return found;
}

/**
 * Where a first stream resumes from: the oldest position among the answers in the cache that the server
 * numbered (the most of them, when answers came from several server instances). Undefined when none did:
 * the server then asks for a full resync.
 */
export function resumePoint(queries: Iterable<Query>): LivePosition | undefined {
  const oldest = new Map<string, { position: LivePosition; count: number }>();
  for (const query of queries) {
    if (query.state.fetchStatus === 'fetching') continue;
    const position = parsePosition(positionOf(query.state.data));
    if (!position) continue;
    const seen = oldest.get(position.stream);
    if (!seen) oldest.set(position.stream, { position, count: 1 });
    else {
      seen.count++;
      if (position.seq < seen.position.seq) seen.position = position;
    }
  }
  let best: { position: LivePosition; count: number } | undefined;
  for (const candidate of oldest.values()) if (!best || candidate.count > best.count) best = candidate;
  return best?.position;
}

/**
 * Whether a stream resumed from `from` brought everything that changed after this query's answer was
 * read: the answer was read at or after that position, on the same stream. A query with nothing in it has
 * nothing to go stale.
 */
export function coveredBy(query: Query, from: LivePosition): boolean {
  if (query.state.data === undefined) return true;
  const position = parsePosition(positionOf(query.state.data));
  return position !== undefined && position.stream === from.stream && position.seq >= from.seq;
}

/** Resolves once the query has no read under way. */
function settled(queryClient: QueryClient, query: Query): Promise<void> {
  return new Promise((resolve) => {
    if (query.state.fetchStatus !== 'fetching') return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (query.state.fetchStatus === 'fetching') return;
      stop();
      resolve();
    });
  });
}

/**
 * After a first stream resumed from `from` without a resync: the changes since were replayed (each has
 * refetched its kind), so only the answers read before that point, or by another server, are read again;
 * a read under way is judged by the answer it brings.
 */
export function applyLiveResume(queryClient: QueryClient, keys: LiveQueryKeys, from: LivePosition): void {
  for (const query of liveQueries(queryClient, keys)) {
    void settled(queryClient, query).then(() => {
      if (!coveredBy(query, from)) {
        void queryClient.invalidateQueries({ predicate: (q) => q === query }, { cancelRefetch: false });
      }
    });
  }
}

/**
 * Keeps the signed-in person's live stream open and turns its messages into cache invalidations, so what
 * housemates change shows without a reload. Mount once, in the signed-in layout, with the features' keys
 * (`liveQueryKeys`, built once at module level). Reconnects by itself; after a drop the server replays
 * what was missed or asks for a full refetch.
 */
export function useLiveUpdates(keys: LiveQueryKeys): void {
  const auth = useAuth();
  const me = useMe();
  const queryClient = useQueryClient();
  const token = useRef(auth.user?.access_token);
  token.current = auth.user?.access_token;
  const signinSilent = useRef(auth.signinSilent);
  signinSilent.current = auth.signinSilent;
  const liveKeys = useRef(keys);
  liveKeys.current = keys;

  const signedIn = auth.user != null;
  const userId = me.data?.user_id ?? null;
  // A new house is a new stream (the server scopes it at connect).
  const houseId = me.data?.house_id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: houseId reconnects when the person joins a house
  useEffect(() => {
    if (!signedIn || userId === null) return;
    const controller = new AbortController();
    // Where the first connection asked to resume from (the answers already here), until it is ready.
    let resuming: LivePosition | undefined;
    // The stream opens once the page is up, so its code (and the event-stream parser) loads only then.
    void import('./live-connection').then(({ runLiveConnection }) =>
      runLiveConnection({
        signal: controller.signal,
        getToken: () => token.current,
        renewToken: async () => (await signinSilent.current())?.access_token,
        firstPosition: () => {
          resuming = resumePoint(liveQueries(queryClient, liveKeys.current));
          return resuming?.text;
        },
        onReady: (ready) => {
          const from = resuming;
          resuming = undefined;
          if (ready.resync) {
            applyLiveResync(queryClient, liveKeys.current);
            emitLiveChange(null);
          } else if (from) {
            // The answers the replay does not cover go stale; the replayed changes came one by one.
            applyLiveResume(queryClient, liveKeys.current, from);
          }
          // Resumed from the stream's own last event: the changes missed came one by one.
        },
        onChange: (change) => {
          applyLiveChange(queryClient, liveKeys.current, change);
          emitLiveChange(change);
        },
        onResync: () => {
          applyLiveResync(queryClient, liveKeys.current);
          emitLiveChange(null);
        },
      }),
    );
    return () => controller.abort();
  }, [signedIn, userId, houseId, queryClient]);
}
