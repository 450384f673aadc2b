/**
 * A write may carry an `Idempotency-Key` header: the first answer for a (person, key) is kept for a day and
 * a repeat of the same request gets that answer again without changing anything. Clients that queue writes
 * (the web app offline) send one key per change so a replay never applies it twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Keys are 1-255 visible ASCII characters (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** How long a key's first answer is kept. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** Set to 'true' on an answer that repeats a kept first answer. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'idempotency-replayed';

export const IdempotencyErrorCode = {
  /** The key was used before for a different request (another route or another body). */
  keyReused: 'idempotency_key_reused',
  /**
   * The first request with this key is still being answered (409, with Retry-After). A first request whose
   * server stopped mid-way holds the key for at most 10 seconds.
   */
  inProgress: 'idempotency_in_progress',
} as const;
export type IdempotencyErrorCode = (typeof IdempotencyErrorCode)[keyof typeof IdempotencyErrorCode];
