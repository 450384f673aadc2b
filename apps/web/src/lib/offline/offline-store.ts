import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The browser's offline copy of the signed-in person's house: the query cache and the writes waiting to
 * be sent, in one IndexedDB database so that signing out can wipe both at once.
 */
let store: UseStore | null = null;
function offlineStore(): UseStore {
  store ??= createStore('hearth-offline', 'copy');
  return store;
}

/** What the offline copy needs from storage (IndexedDB in the browser; a Map in tests). */
export interface KeyValueStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

// Async, so that a browser without IndexedDB (some private modes) gets a rejected promise the callers
// handle, not an exception thrown where no one catches it (a save runs from a timer).
export const indexedDbStorage: KeyValueStorage = {
  get: async <T>(key: string) => get<T>(key, offlineStore()),
  set: async (key, value) => set(key, value, offlineStore()),
  del: async (key) => del(key, offlineStore()),
};

/** Deletes everything the offline copy holds, for every person who used this browser. */
export async function wipeOfflineStorage(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await clear(offlineStore());
}
