import { type ErrorBody, LIVE_POSITION_HEADER } from '@hearth/contract';
import { useMemo } from 'react';
import { useAuth } from 'react-oidc-context';
import { t, tIn } from './i18n';
import { notePosition } from './live-position';
import { newWriteKey } from './offline/write-key';
import { activeWriteQueue, type WriteMethod, type WriteRequest } from './offline/write-queue';

/**
 * The status words shown after a failure text ('Failed to fetch user: Not Found'), in the reader's language.
 * `statusText` on the error keeps the server's own phrase (or this English one when HTTP/2 sends none).
 */
const REASON = {
  400: 'common:httpStatus.400',
  401: 'common:httpStatus.401',
  403: 'common:httpStatus.403',
  404: 'common:httpStatus.404',
  409: 'common:httpStatus.409',
  413: 'common:httpStatus.413',
  429: 'common:httpStatus.429',
  500: 'common:httpStatus.500',
  502: 'common:httpStatus.502',
  503: 'common:httpStatus.503',
  504: 'common:httpStatus.504',
} as const;

const reasonKey = (status: number) =>
  REASON[status as keyof typeof REASON] as (typeof REASON)[keyof typeof REASON] | undefined;

/**
 * The status words for people: a standard phrase (or none) in the reader's language; a phrase of the
 * server's own making is shown as it came.
 */
function shownReason(status: number, statusText: string): string {
  const key = reasonKey(status);
  if (!key) return statusText;
  return statusText === tIn('en', key) ? t(key) : statusText;
}

/**
 * Any answer that is not OK counts as a failure, as does no answer at all (status 0). `code` and
 * `field` come from the API's error body (packages/contract ErrorBody); `serverMessage` is its sentence for people.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly serverMessage: string | undefined;

  constructor(init: {
    status: number;
    statusText: string;
    message: string;
    code?: string | undefined;
    field?: string | undefined;
    serverMessage?: string | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.field = init.field;
    this.serverMessage = init.serverMessage;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The start of the thrown message, e.g. 'Failed to fetch user': the error then reads
   * 'Failed to fetch user: Not Found', the product's wording for a failed call. Without it the server's own message is used.
   */
  failure?: string;
  /** Sent as the Idempotency-Key header: the server answers a repeat of this write without running it. */
  idempotencyKey?: string;
  /**
   * The write may wait offline: without a connection (or behind earlier waiting writes) it goes into the
   * durable write queue, with an Idempotency-Key, and the call settles when it is finally sent.
   */
  offline?: Omit<WriteRequest, 'method' | 'path' | 'body'>;
}

/** How a write that may wait offline is described (see RequestOptions.offline). */
export type OfflineWrite = NonNullable<RequestOptions['offline']>;

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

export interface ApiClientOptions {
  /** The current access token, read at each call; no token means no Authorization header. */
  getAccessToken: () => string | undefined;
  /** Called once after a 401 to get a fresh token (silent renew); the call is then retried once. */
  renewAccessToken?: () => Promise<string | undefined>;
  fetch?: typeof fetch;
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response, failure: string | undefined): Promise<ApiError> {
  const key = reasonKey(response.status);
  const statusText = response.statusText || (key ? tIn('en', key) : `HTTP ${response.status}`);
  const shown = shownReason(response.status, statusText);
  const body = await readJson(response);
  const error = isErrorBody(body) ? body.error : undefined;
  return new ApiError({
    status: response.status,
    statusText,
    message: failure ? `${failure}: ${shown}` : (error?.message ?? t('requestFailed', { statusText: shown })),
    code: error?.code,
    field: error?.field,
    serverMessage: error?.message,
  });
}

/** The one fetch wrapper of the app: bearer token, JSON in and out, ApiError on any non-OK answer. */
export function createApiClient({
  getAccessToken,
  renewAccessToken,
  fetch: fetchImpl,
}: ApiClientOptions): ApiClient {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // Parallel calls that all meet a 401 share one renewal.
  let renewing: Promise<string | undefined> | undefined;
  const renew = () => {
    if (!renewAccessToken) return Promise.resolve(undefined);
    renewing ??= renewAccessToken()
      .catch(() => undefined)
      .finally(() => {
        renewing = undefined;
      });
    return renewing;
  };

  const send = (method: HttpMethod, path: string, options: RequestOptions, token: string | undefined) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    const init: RequestInit = { method, headers };
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(options.body);
    }
    if (options.signal) init.signal = options.signal;
    return doFetch(path, init);
  };

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const { offline, ...rest } = options;
    if (offline && method !== 'GET') return queueable<T>(method, path, rest, offline);
    return sendNow<T>(method, path, rest);
  }

  /** A write that may wait offline: straight to the server when it can, otherwise into the queue. */
  async function queueable<T>(
    method: WriteMethod,
    path: string,
    options: RequestOptions,
    offline: NonNullable<RequestOptions['offline']>,
  ): Promise<T> {
    const queue = activeWriteQueue();
    const key = options.idempotencyKey ?? newWriteKey();
    const write: WriteRequest = {
      ...offline,
      method,
      path,
      ...(options.body !== undefined && { body: options.body }),
    };
    if (queue?.mustQueue(path, options.body)) return (await queue.enqueue(write, key)) as T;
    try {
      return await sendNow<T>(method, path, { ...options, idempotencyKey: key });
    } catch (err) {
      // No answer: the server may or may not have it. The same key makes sending it again safe.
      if (queue && isApiError(err) && err.status === 0) return (await queue.enqueue(write, key)) as T;
      throw err;
    }
  }

  async function sendNow<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
    let response: Response;
    try {
      response = await send(method, path, options, getAccessToken());
      if (response.status === 401 && renewAccessToken) {
        const fresh = await renew();
        if (fresh) response = await send(method, path, options, fresh);
      }
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') throw err;
      throw new ApiError({
        status: 0,
        statusText: 'Network Error',
        message: options.failure
          ? `${options.failure}: ${t('common:httpStatus.network')}`
          : t('couldNotReachTheServer'),
      });
    }
    if (!response.ok) throw await toApiError(response, options.failure);
    const answer = await readJson(response);
    if (method === 'GET') notePosition(answer, response.headers.get(LIVE_POSITION_HEADER));
    return answer as T;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** The signed-in user's access token (e.g. for the calendar feed's ?access_token= link). */
export function useAccessToken(): string | undefined {
  return useAuth().user?.access_token;
}

/**
 * An ApiClient carrying the signed-in user's bearer token. Every feature's api.ts uses this in its hooks:
 *   const api = useApiClient();
 *   useQuery({ queryKey: [...], queryFn: ({ signal }) => api.get<Reminder[]>('/api/reminder/', { signal }) });
 */
export function useApiClient(): ApiClient {
  const auth = useAuth();
  const token = auth.user?.access_token;
  const { signinSilent } = auth;
  return useMemo(
    () =>
      createApiClient({
        getAccessToken: () => token,
        renewAccessToken: async () => (await signinSilent())?.access_token,
      }),
    [token, signinSilent],
  );
}
