import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter (fixed windows in memory)', () => {
  it('allows `max` hits per key and window, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect([1, 2, 3].map(() => limiter.hit('a'))).toEqual([true, true, true]);
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.hit('b')).toBe(true);
    expect(limiter.retryAfterSeconds('a')).toBe(60);
    now += 30_000;
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.retryAfterSeconds('a')).toBe(30);
    now += 30_000;
    expect(limiter.hit('a')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 60_000 });
    limiter.hit('a');
    expect(limiter.hit('a')).toBe(false);
    limiter.reset('a');
    expect(limiter.hit('a')).toBe(true);
  });
});
