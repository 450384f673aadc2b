import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from './offline-store';
import { type WriteMethod, WriteQueue, type WriteTransport } from './write-queue';

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

interface Sent {
  method: WriteMethod;
  path: string;
  body?: unknown;
  key: string;
}

/** A server that numbers what it creates from 100 and can be switched off or told to refuse a path. */
function fakeServer() {
  const sent: Sent[] = [];
  let up = true;
  let nextId = 100;
  const refused = new Map<string, number>();
  const transport: WriteTransport = async (write) => {
    if (!up) throw Object.assign(new Error('Could not reach the server.'), { status: 0 });
    sent.push(write);
    const status = refused.get(write.path);
    if (status) throw Object.assign(new Error('Not Found'), { status, serverMessage: 'List was not found.' });
    return write.method === 'POST' ? { id: nextId++ } : { ok: true };
  };
  return {
    sent,
    transport,
    setUp: (value: boolean) => {
      up = value;
    },
    refuse: (path: string, status: number) => refused.set(path, status),
  };
}

const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

afterEach(() => vi.useRealTimers());

describe('WriteQueue', () => {
  it('keeps writes made offline across a reopen and sends them in order with their keys', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.setUp(false);
    const offline = goOffline();
    const first = await WriteQueue.open({ storage, owner: 'ana', transport: server.transport });
    expect(first.mustQueue('/api/grocery-item/')).toBe(true);
    void first.enqueue(
      { method: 'POST', path: '/api/grocery-item/', body: { n: 1 }, label: 'Add "Milk"' },
      'k1',
    );
    void first.enqueue(
      { method: 'PATCH', path: '/api/grocery-item/7', body: { completed: true }, label: 'Tick "Eggs"' },
      'k2',
    );
    await vi.waitFor(() => expect(first.getSnapshot().writes).toHaveLength(2));
    first.close();

    // The page reloads, still offline: the writes are still there, in words.
    const settled = vi.fn();
    const second = await WriteQueue.open({
      storage,
      owner: 'ana',
      transport: server.transport,
      onSettled: settled,
    });
    expect(second.getSnapshot().writes.map((w) => w.label)).toEqual(['Add "Milk"', 'Tick "Eggs"']);
    await vi.waitFor(() => expect(second.getSnapshot().stalled).toBe(true));
    expect(server.sent).toEqual([]);

    offline.mockReturnValue(true);
    server.setUp(true);
    await second.flush();
    expect(server.sent.map((s) => [s.method, s.path, s.key])).toEqual([
      ['POST', '/api/grocery-item/', 'k1'],
      ['PATCH', '/api/grocery-item/7', 'k2'],
    ]);
    expect(second.getSnapshot()).toMatchObject({ writes: [], dropped: [], stalled: false });
    expect(settled).not.toHaveBeenCalled(); // nothing asked to be refreshed
    second.close();
  });

  it('gives later writes the real id of something created offline', async () => {
    const server = fakeServer();
    const offline = goOffline();
    const queue = await WriteQueue.open({
      storage: memoryStorage(),
      owner: 'ana',
      transport: server.transport,
    });
    const list = queue.enqueue({
      method: 'POST',
      path: '/api/grocery-list/',
      body: { grocery_list_name: 'Party' },
      label: 'Create list "Party"',
      creates: { tempId: -5, idField: 'id' },
    });
    expect(queue.willCreate(-5)).toBe(true);
    const item = queue.enqueue({
      method: 'POST',
      path: '/api/grocery-item/',
      body: { grocery_list_id: -5, grocery_item_name: 'Cups' },
      label: 'Add "Cups"',
      creates: { tempId: -6, idField: 'id' },
      refresh: ['groceries'],
    });
    const tick = queue.enqueue({
      method: 'PATCH',
      path: '/api/grocery-item/-6',
      body: { completed: true },
      label: 'Tick',
    });
    offline.mockReturnValue(true);
    await queue.flush();
    await expect(list).resolves.toEqual({ id: 100 });
    await expect(item).resolves.toEqual({ id: 101 });
    await expect(tick).resolves.toEqual({ ok: true });
    expect(server.sent.map((s) => [s.path, s.body])).toEqual([
      ['/api/grocery-list/', { grocery_list_name: 'Party' }],
      ['/api/grocery-item/', { grocery_list_id: 100, grocery_item_name: 'Cups' }],
      ['/api/grocery-item/101', { completed: true }],
    ]);
    expect(queue.realId(-6)).toBe(101);
    queue.close();
  });

  it('drops a write the server refuses, and those that depend on it, with a notice each', async () => {
    const server = fakeServer();
    server.refuse('/api/grocery-list/9/done', 404);
    const offline = goOffline();
    const settled = vi.fn();
    const queue = await WriteQueue.open({
      storage: memoryStorage(),
      owner: 'ana',
      transport: server.transport,
      onSettled: settled,
    });
    server.refuse('/api/grocery-item/', 404);
    const add = queue.enqueue({
      method: 'POST',
      path: '/api/grocery-item/',
      body: { grocery_list_id: 9 },
      label: 'Add "Balloons"',
      creates: { tempId: -1, idField: 'id' },
      refresh: ['groceries'],
    });
    const tick = queue.enqueue({ method: 'PATCH', path: '/api/grocery-item/-1', label: 'Tick "Balloons"' });
    const other = queue.enqueue({ method: 'PATCH', path: '/api/grocery-item/3', label: 'Tick "Bread"' });
    offline.mockReturnValue(true);
    await queue.flush();
    await expect(add).rejects.toThrow('Not Found');
    await expect(tick).rejects.toThrow();
    await expect(other).resolves.toEqual({ ok: true });
    expect(queue.getSnapshot().dropped).toEqual([
      expect.objectContaining({
        label: 'Add "Balloons"',
        reason: 'It no longer exists: someone may have deleted it.',
      }),
      expect.objectContaining({
        label: 'Tick "Balloons"',
        reason: 'It belongs to something that could not be saved.',
      }),
    ]);
    expect(settled).toHaveBeenCalledWith([['groceries']]);
    await queue.dismissDropped();
    expect(queue.getSnapshot().dropped).toEqual([]);
    queue.close();
  });

  it('waits and tries again when the server cannot answer, without dropping anything', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    let busy = true;
    const transport: WriteTransport = async (write) => {
      if (busy) throw Object.assign(new Error('Service Unavailable'), { status: 503 });
      return server.transport(write);
    };
    const queue = await WriteQueue.open({ storage: memoryStorage(), owner: 'ana', transport });
    const saved = queue.enqueue({ method: 'DELETE', path: '/api/grocery-item/4', label: 'Remove "Jam"' });
    await vi.waitFor(() => expect(queue.getSnapshot().stalled).toBe(true));
    expect(queue.getSnapshot().writes).toHaveLength(1);
    busy = false;
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(saved).resolves.toEqual({ ok: true });
    expect(queue.getSnapshot()).toMatchObject({ writes: [], stalled: false });
    queue.close();
  });

  it('sends a new write behind waiting ones, and straight away when nothing waits', async () => {
    const server = fakeServer();
    const queue = await WriteQueue.open({
      storage: memoryStorage(),
      owner: 'ana',
      transport: server.transport,
    });
    expect(queue.mustQueue('/api/grocery-item/3', { completed: true })).toBe(false);
    // Something created offline and not saved yet must be waited for.
    expect(queue.mustQueue('/api/grocery-item/-3', { completed: true })).toBe(true);
    expect(queue.mustQueue('/api/grocery-item/', { grocery_list_id: -3 })).toBe(true);
    queue.close();
  });

  it('keeps each person’s writes apart', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.setUp(false);
    const ana = await WriteQueue.open({ storage, owner: 'ana', transport: server.transport });
    void ana.enqueue({ method: 'DELETE', path: '/api/grocery-item/4', label: 'Remove "Jam"' });
    await vi.waitFor(() => expect(ana.getSnapshot().writes).toHaveLength(1));
    ana.close();
    const ben = await WriteQueue.open({ storage, owner: 'ben', transport: server.transport });
    expect(ben.getSnapshot().writes).toEqual([]);
    ben.close();
  });
});
