import { vi } from 'vitest';

export interface MockCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

/** `body` answers as JSON; `text` answers as it is (e.g. an iCalendar feed); `headers` are added. */
type Reply =
  | {
      status?: number;
      statusText?: string;
      body?: unknown;
      text?: string;
      contentType?: string;
      headers?: Record<string, string>;
    }
  | (() => Promise<never>);
type Handler = (call: MockCall) => Reply | Promise<Reply>;

/**
 * Replaces global fetch with a router keyed by 'METHOD /path' (exact path incl. query). Unknown calls fail
 * the test loudly. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Reply | Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: MockCall = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${call.path}`];
    if (route === undefined) throw new Error(`Unexpected fetch: ${method} ${call.path}`);
    const reply = typeof route === 'function' ? await route(call) : route;
    if (typeof reply === 'function') return reply();
    const status = reply.status ?? 200;
    const raw = reply.text !== undefined;
    return new Response(raw ? reply.text : reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      statusText: reply.statusText ?? '',
      headers: {
        'Content-Type': raw ? (reply.contentType ?? 'text/plain') : 'application/json',
        ...reply.headers,
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** An API error answer in the contract's ErrorBody shape. */
export function apiError(status: number, code: string, message: string, field?: string, statusText = '') {
  return { status, statusText, body: { error: field ? { code, message, field } : { code, message } } };
}
