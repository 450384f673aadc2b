import type { LiveChange, LiveReady } from '@hearth/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runLiveConnection } from './live-connection';

/** A server-sent events response whose body the test writes to, then ends. */
function sseResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const change: LiveChange = {
  kind: 'groceries',
  entity: 'grocery_item',
  action: 'created',
  id: 5,
  parent_id: 2,
};

function recorder() {
  const seen: Array<['ready', LiveReady] | ['change', LiveChange] | ['resync']> = [];
  return {
    seen,
    onReady: (r: LiveReady) => seen.push(['ready', r]),
    onChange: (c: LiveChange) => seen.push(['change', c]),
    onResync: () => seen.push(['resync']),
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

afterEach(() => {
  vi.useRealTimers();
});

describe('runLiveConnection', () => {
  it('opens /api/live with the bearer token and hands on ready, change and resync, split anywhere', async () => {
    const stream = sseResponse();
    const fetchMock = vi.fn(async () => stream.response);
    const controller = new AbortController();
    const r = recorder();
    const done = runLiveConnection({
      ...r,
      signal: controller.signal,
      getToken: () => 'tok',
      fetch: fetchMock,
    });

    await until(() => fetchMock.mock.calls.length === 1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/live');
    expect(init.headers).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer tok' });
    // A request that never ends must not hold up the page's own reads, nor count as part of loading it.
    expect(init.priority).toBe('low');

    stream.send(
      'retry: 2000\n\nevent: ready\nid: e1-0-3\ndata: {"resync":true,"house_id":3}\n\n: heartbeat\n\n',
    );
    stream.send(`event: change\nid: e1-1-3\nda`);
    stream.send(`ta: ${JSON.stringify(change)}\n\nevent: resync\ndata: {}\n\n`);
    await until(() => r.seen.length === 3);
    expect(r.seen).toEqual([['ready', { resync: true, house_id: 3 }], ['change', change], ['resync']]);
    controller.abort();
    stream.end();
    await done;
  });

  it('reconnects after the stream ends, sending the last event id and a fresh token', async () => {
    const first = sseResponse();
    const second = sseResponse();
    const fetchMock = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const wait = vi.fn(async () => undefined);
    let token = 'old';
    const controller = new AbortController();
    const r = recorder();
    const done = runLiveConnection({
      ...r,
      signal: controller.signal,
      getToken: () => token,
      fetch: fetchMock,
      wait,
    });

    first.send('event: ready\nid: e1-4-3\ndata: {"resync":true,"house_id":3}\n\n');
    first.send(`event: change\nid: e1-5-3\ndata: ${JSON.stringify(change)}\n\n`);
    await until(() => r.seen.length === 2);
    token = 'new';
    first.end();

    await until(() => fetchMock.mock.calls.length === 2);
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer new', 'Last-Event-ID': 'e1-5-3' });
    // After a good connection the next attempt waits the shortest delay.
    expect(wait).toHaveBeenCalledTimes(1);
    expect((wait.mock.calls[0] as unknown as [number])[0]).toBeLessThanOrEqual(1000);

    second.send('event: ready\nid: e1-5-3\ndata: {"resync":false,"house_id":3}\n\n');
    await until(() => r.seen.length === 3);
    expect(r.seen[2]).toEqual(['ready', { resync: false, house_id: 3 }]);
    controller.abort();
    second.end();
    await done;
  });

  it('backs off longer after each failed attempt', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const delays: number[] = [];
    const controller = new AbortController();
    const done = runLiveConnection({
      ...recorder(),
      signal: controller.signal,
      getToken: () => 'tok',
      fetch: fetchMock,
      wait: async (ms) => {
        delays.push(ms);
        if (delays.length === 5) controller.abort();
      },
    });
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(5);
    // 1 s doubling, each with up to 50 % jitter.
    delays.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(500 * 2 ** i);
      expect(ms).toBeLessThanOrEqual(1000 * 2 ** i);
    });
  });

  it('renews the token after a 401 and retries at once', async () => {
    const stream = sseResponse();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 401 }))
      .mockResolvedValueOnce(stream.response);
    let token = 'expired';
    const renewToken = vi.fn(async () => {
      token = 'fresh';
      return token;
    });
    const wait = vi.fn(async () => undefined);
    const controller = new AbortController();
    const r = recorder();
    const done = runLiveConnection({
      ...r,
      signal: controller.signal,
      getToken: () => token,
      renewToken,
      fetch: fetchMock,
      wait,
    });
    await until(() => fetchMock.mock.calls.length === 2);
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      Authorization: 'Bearer fresh',
    });
    controller.abort();
    stream.end();
    await done;
  });

  it('treats a silent line as dead and reconnects', async () => {
    const silent = sseResponse();
    const next = sseResponse();
    const fetchMock = vi.fn().mockResolvedValueOnce(silent.response).mockResolvedValueOnce(next.response);
    const controller = new AbortController();
    const r = recorder();
    const done = runLiveConnection({
      ...r,
      signal: controller.signal,
      getToken: () => 'tok',
      fetch: fetchMock,
      silenceMs: 30,
      wait: async () => undefined,
    });
    silent.send('event: ready\ndata: {"resync":true,"house_id":3}\n\n');
    await until(() => fetchMock.mock.calls.length === 2);
    controller.abort();
    next.end();
    await done;
  });

  it('stops for good when aborted', async () => {
    const stream = sseResponse();
    const fetchMock = vi.fn(async () => stream.response);
    const controller = new AbortController();
    const done = runLiveConnection({
      ...recorder(),
      signal: controller.signal,
      getToken: () => 'tok',
      fetch: fetchMock,
    });
    await until(() => fetchMock.mock.calls.length === 1);
    controller.abort();
    stream.end();
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
