import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOfflineCopy } from './offline-session';
import type { KeyValueStorage } from './offline-store';

function memoryStorage(): KeyValueStorage & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async <T>(key: string) => structuredClone(data.get(key)) as T | undefined,
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
    del: async (key) => {
      data.delete(key);
    },
  };
}

interface Saved {
  state: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

const savedKeys = (storage: ReturnType<typeof memoryStorage>) =>
  ((storage.data.get('cache:me') as Saved | undefined)?.state.queries ?? []).map((q) => q.queryKey);

/** One page session: a query client, its offline copy started and ready. */
async function session(storage: KeyValueStorage) {
  const queryClient = new QueryClient();
  const copy = startOfflineCopy({ owner: 'me', queryClient, storage, transport: async () => ({}) });
  await copy.ready;
  return { queryClient, copy };
}

/** Lets the half-second save run. */
const saved = () => vi.advanceTimersByTimeAsync(600);

describe('the offline copy across reloads', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps answers the page has not asked for again since an online reload, without showing them', async () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const first = await session(storage);
    first.queryClient.setQueryData(['events', 'range', 'november'], ['Bin day']);
    first.queryClient.setQueryData(['reminders', 'list'], ['Water the tomatoes']);
    await saved();
    first.copy.stop();
    expect(savedKeys(storage)).toHaveLength(2);

    // An online reload: the page shows only what the server answers, and asks only for reminders.
    const second = await session(storage);
    expect(second.queryClient.getQueryData(['events', 'range', 'november'])).toBeUndefined();
    second.queryClient.setQueryData(['reminders', 'list'], ['Water the tomatoes', 'Call Gran']);
    await saved();
    const queries = (storage.data.get('cache:me') as Saved).state.queries;
    expect(queries.map((q) => q.queryKey)).toEqual(
      expect.arrayContaining([
        ['events', 'range', 'november'],
        ['reminders', 'list'],
      ]),
    );
    expect(queries.find((q) => q.queryKey[0] === 'reminders')?.state.data).toEqual([
      'Water the tomatoes',
      'Call Gran',
    ]);

    // What the page drops (a deleted event's details) is not carried over.
    second.queryClient.setQueryData(['events', 'range', 'november'], ['Bin day']);
    await saved();
    second.queryClient.removeQueries({ queryKey: ['events', 'range', 'november'] });
    await saved();
    second.copy.stop();
    expect(savedKeys(storage)).toEqual([['reminders', 'list']]);

    // Offline, a reload shows what was saved.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = await session(storage);
    expect(offline.queryClient.getQueryData(['reminders', 'list'])).toEqual([
      'Water the tomatoes',
      'Call Gran',
    ]);
    offline.copy.stop();
  });
});
