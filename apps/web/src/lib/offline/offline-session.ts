import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { indexedDbStorage, type KeyValueStorage, wipeOfflineStorage } from './offline-store';
import { activeWriteQueue, setActiveWriteQueue, WriteQueue, type WriteTransport } from './write-queue';

/** How long a copy of the house's data is worth showing offline. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface OfflineSession {
  /** Settles once the saved copy is back in the query cache and the write queue is open. */
  ready: Promise<void>;
  stop(): void;
}

let current: OfflineSession | null = null;

interface SavedCache {
  savedAt: number;
  state: DehydratedState;
}

type SavedQuery = DehydratedState['queries'][number];

/**
 * Reads the saved copy and puts its answers back into the cache (answers the cache already has newer
 * stay) when the browser is offline. Online the server answers at once, and a copy saved just before a
 * reload may be older than what the server knows (a profile saved a moment ago), which would send people
 * the wrong way. Either way the saved answers are handed on, so that the next save keeps what this page
 * has not asked for again (the calendar's other months, a list not opened since the reload).
 */
async function restoreCache(
  storage: KeyValueStorage,
  key: string,
  queryClient: QueryClient,
): Promise<SavedQuery[]> {
  const saved = await storage.get<SavedCache>(key);
  if (!saved) return [];
  if (Date.now() - saved.savedAt > MAX_AGE_MS) {
    await storage.del(key);
    return [];
  }
  if (globalThis.navigator?.onLine === false) hydrate(queryClient, saved.state);
  return saved.state.queries ?? [];
}

/**
 * Saves the cache's answers (only answers the server gave; the sign-in settings are kept apart, and
 * writes live in the write queue), at most twice a second, whenever a query changes. Answers from the
 * copy this page started with stay in it until the page has its own (or drops the query) or they are
 * too old.
 */
function keepCache(
  storage: KeyValueStorage,
  key: string,
  queryClient: QueryClient,
  carried: SavedQuery[],
): { saveNow(): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const earlier = new Map(carried.map((q) => [q.queryHash, q]));
  const save = () => {
    timer = null;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryKey[0] !== 'config',
      shouldDehydrateMutation: () => false,
    });
    const oldest = Date.now() - MAX_AGE_MS;
    for (const query of state.queries) earlier.delete(query.queryHash);
    for (const [hash, query] of earlier) if (query.state.dataUpdatedAt < oldest) earlier.delete(hash);
    const queries = [...earlier.values(), ...state.queries];
    storage
      .set(key, { savedAt: Date.now(), state: { ...state, queries } } satisfies SavedCache)
      .catch((err: unknown) => {
        console.error('The offline copy could not be saved:', err);
      });
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'added' && event.type !== 'removed') return;
    // A query the page dropped (a deleted event's details) is not brought back from the earlier copy.
    if (event.type === 'removed') earlier.delete(event.query.queryHash);
    timer ??= setTimeout(save, 500);
  });
  const saveNow = () => {
    if (timer) clearTimeout(timer);
    save();
  };
  // A page closed right after a change still leaves it saved.
  window.addEventListener('pagehide', saveNow);
  return {
    saveNow,
    stop() {
      unsubscribe();
      window.removeEventListener('pagehide', saveNow);
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * Keeps the signed-in person's query cache in IndexedDB (so the last data reads after a reload without a
 * connection) and opens their queue of writes waiting to be sent. One person at a time: the copy is kept
 * under their subject, so another person signing in on this browser never sees it.
 */
export function startOfflineCopy(options: {
  owner: string;
  queryClient: QueryClient;
  transport: WriteTransport;
  storage?: KeyValueStorage;
}): OfflineSession {
  const { owner, queryClient, transport } = options;
  const storage = options.storage ?? indexedDbStorage;
  let stopped = false;
  let queue: WriteQueue | null = null;
  let unwatchQueue: (() => void) | null = null;

  // Answers no page shows at the moment stay in the cache as long as the copy is worth keeping (the query
  // cache otherwise forgets them after five minutes, and the next save would leave them out).
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: MAX_AGE_MS } });

  const cacheKey = `cache:${owner}`;
  const restored = restoreCache(storage, cacheKey, queryClient);
  let kept: ReturnType<typeof keepCache> | null = null;
  const keep = (carried: SavedQuery[]) => {
    if (!stopped) kept = keepCache(storage, cacheKey, queryClient, carried);
  };
  restored.then(keep, () => keep([]));

  const opened = WriteQueue.open({
    storage,
    owner,
    transport,
    onSettled: (keys) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    },
  }).then((q) => {
    if (stopped) q.close();
    else {
      queue = q;
      setActiveWriteQueue(q);
      // A change that waits offline is shown from the cache: save that at once, not half a second later.
      let waiting = q.getSnapshot().writes.length;
      unwatchQueue = q.subscribe(() => {
        const now = q.getSnapshot().writes.length;
        if (now > waiting) kept?.saveNow();
        waiting = now;
      });
    }
  });

  const session: OfflineSession = {
    // A browser without IndexedDB (some private modes) still gets the app, just no offline copy.
    ready: Promise.all([restored, opened]).then(
      () => undefined,
      (err: unknown) => console.error('The offline copy could not be opened:', err),
    ),
    stop() {
      stopped = true;
      kept?.stop();
      unwatchQueue?.();
      queue?.close();
      if (queue && activeWriteQueue() === queue) setActiveWriteQueue(null);
      if (current === session) current = null;
    },
  };
  current?.stop();
  current = session;
  return session;
}

/**
 * Signing out: stops keeping the copy, forgets the cached answers and deletes everything stored for
 * offline use (the cache and any writes still waiting), so a shared computer keeps nothing of the house.
 */
export async function clearOfflineCopy(queryClient: QueryClient): Promise<void> {
  current?.stop();
  queryClient.clear();
  await wipeOfflineStorage();
}
