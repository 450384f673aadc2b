import { describe, expect, it } from 'vitest';
import { backoffMs, outcome, RETRY_WINDOW_MS, retryAfterMs } from './retry.js';

const now = new Date('2026-11-28T12:00:00Z');
const created = new Date('2026-11-28T11:59:00Z');

describe('webhook retries', () => {
  it('delivers on 2xx, retries no answer, 408, 429 and 5xx, gives up on other answers', () => {
    expect(outcome({ status: 204 }, 1, created, now)).toEqual({ kind: 'delivered' });
    for (const status of [408, 429, 500, 502, 503]) {
      expect(outcome({ status }, 1, created, now).kind, String(status)).toBe('retry');
    }
    expect(outcome({ error: 'network: ECONNRESET', retryable: true }, 1, created, now).kind).toBe('retry');
    for (const status of [301, 400, 401, 403, 404, 410, 422]) {
      expect(outcome({ status }, 1, created, now).kind, String(status)).toBe('failed');
    }
    expect(outcome({ error: 'refused: private address', retryable: false }, 1, created, now).kind).toBe(
      'failed',
    );
  });

  it('backs off from 30 s, doubling, at most an hour apart', () => {
    expect([1, 2, 3, 4, 8, 20].map(backoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sat, 28 Nov 2026 12:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(outcome({ status: 429, retryAfter: '600' }, 1, created, now)).toEqual({
      kind: 'retry',
      at: new Date(now.getTime() + 600_000),
    });
  });

  it('stops a day after the change', () => {
    const old = new Date(now.getTime() - RETRY_WINDOW_MS + 10_000);
    expect(outcome({ status: 503 }, 30, old, now).kind).toBe('failed');
    expect(outcome({ status: 503, retryAfter: '5' }, 30, old, now).kind).toBe('retry');
  });
});
