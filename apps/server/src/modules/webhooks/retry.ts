/*
 * What happens after one try: delivered (2xx), tried again later (no answer, 408, 429, 5xx) while the
 * delivery is younger than a day, or given up (any other answer, or a day has passed).
 */

/** A delivery is retried for this long after the change. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A webhook whose every try has failed for this long is switched off. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

export type TryResult =
  | { status: number; retryAfter?: string | undefined }
  | { error: string; retryable: boolean };

export type Outcome = { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'failed' };

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Seconds or an HTTP date, as RFC 9110 allows; null when it says neither. */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** 30 s after the first try, doubling, at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

export function outcome(result: TryResult, attempts: number, createdAt: Date, now: Date): Outcome {
  if ('status' in result && result.status >= 200 && result.status < 300) return { kind: 'delivered' };
  const retryable = 'status' in result ? isRetryableStatus(result.status) : result.retryable;
  if (!retryable) return { kind: 'failed' };
  const asked = 'status' in result ? retryAfterMs(result.retryAfter, now) : null;
  const at = new Date(now.getTime() + (asked ?? backoffMs(attempts)));
  if (at.getTime() - createdAt.getTime() > RETRY_WINDOW_MS) return { kind: 'failed' };
  return { kind: 'retry', at };
}
