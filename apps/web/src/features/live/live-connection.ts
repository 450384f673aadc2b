import { LIVE_PATH, type LiveChange, type LiveReady } from '@hearth/contract';
import { createParser } from 'eventsource-parser';

export interface LiveHandlers {
  /** Once per connection; `resync` true means changes may have been missed: refetch everything live. */
  onReady(ready: LiveReady): void;
  onChange(change: LiveChange): void;
  /** The server may have missed changes while connected: refetch everything live. */
  onResync(): void;
}

export interface LiveConnectionOptions extends LiveHandlers {
  /**
   * Where a first connection resumes from (Last-Event-ID), asked before each attempt until one has
   * reached the server: the position the data already on screen was read at, if known.
   */
  firstPosition?(): string | undefined;
  /** The access token, read at each (re)connect. */
  getToken(): string | undefined;
  /** After a 401: a fresh token (silent renew), or undefined. */
  renewToken?: () => Promise<string | undefined>;
  /** Stops the connection for good. */
  signal: AbortSignal;
  fetch?: typeof fetch;
  /** Backoff between attempts: doubles from min to max, with jitter; reset by each successful `ready`. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** No byte for this long (the server sends a heartbeat every 20 s) means a dead line: reconnect. */
  silenceMs?: number;
  /** Waits before a reconnect; resolves early when the browser comes back online. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

class StreamStatusError extends Error {
  constructor(readonly status: number) {
    super(`live stream answered ${status}`);
  }
}

/** Sleeps `ms`, or less if the browser comes back online; never rejects. */
export function waitOrOnline(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
  });
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Keeps GET /api/live open until `signal` aborts: fetch with the bearer header (no token in the URL),
 * server-sent events parsed as they arrive, Last-Event-ID sent back on reconnect so the server can
 * replay what was missed, and reconnection with backoff after any drop.
 */
export async function runLiveConnection(options: LiveConnectionOptions): Promise<void> {
  const { signal, minDelayMs = 1000, maxDelayMs = 30_000, silenceMs = 45_000, wait = waitOrOnline } = options;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let lastEventId: string | undefined;
  let attempt = 0;
  let retriedAfterRenew = false;

  while (!signal.aborted) {
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop);
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(stop, silenceMs);
    };
    let renewed = false;
    try {
      const token = options.getToken();
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const resumeFrom = lastEventId ?? options.firstPosition?.();
      if (resumeFrom) headers['Last-Event-ID'] = resumeFrom;
      heard();
      // Low priority: the page's own reads go first, and the browser (and page-load tools) need not wait
      // for this request, which never ends, before counting the page as loaded.
      const res = await doFetch(LIVE_PATH, {
        headers,
        signal: connection.signal,
        cache: 'no-store',
        priority: 'low',
      });
      if (res.status === 401 && options.renewToken) {
        renewed = (await options.renewToken().catch(() => undefined)) !== undefined;
        throw new StreamStatusError(401);
      }
      if (!res.ok || !res.body) throw new StreamStatusError(res.status);

      const parser = createParser({
        onEvent: (event) => {
          if (event.id) lastEventId = event.id;
          const data = parseJson(event.data);
          if (event.event === 'ready' && isObject(data)) {
            attempt = 0;
            options.onReady({
              resync: data.resync !== false,
              house_id: (data.house_id as number | null) ?? null,
            });
          } else if (event.event === 'change' && isObject(data) && typeof data.kind === 'string') {
            options.onChange(data as LiveChange);
          } else if (event.event === 'resync') {
            options.onResync();
          }
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      // Browsers error the body when the request is aborted; ending the read here does not rely on it.
      connection.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
    } catch {
      // A refused or dropped connection, or the silence watchdog: all end in a reconnect below.
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', stop);
    }
    if (signal.aborted) break;
    // A fresh token after a 401 is worth one immediate try; anything else waits, longer each time.
    if (renewed && !retriedAfterRenew) {
      retriedAfterRenew = true;
      continue;
    }
    retriedAfterRenew = false;
    const delay = Math.min(maxDelayMs, minDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt++;
    await wait(delay, signal);
  }
}
