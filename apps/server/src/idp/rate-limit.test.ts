import { describe, expect, it } from 'vitest';
import { limitKey, MemoryLimitStore, retryAfterSeconds } from '../lib/limits.js';

describe('MemoryLimitStore (fixed windows in memory)', () => {
  it('allows `max` hits per key and window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const store = new MemoryLimitStore(100, () => now);
    const limit = { max: 3, windowMs: 60_000 };
    const allowed = async (key: string) => (await store.hit(key, limit)).allowed;
    expect([await allowed('a'), await allowed('a'), await allowed('a')]).toEqual([true, true, true]);
    expect(await allowed('a')).toBe(false);
    expect(await allowed('b')).toBe(true);
    now += 30_000;
    const refused = await store.hit('a', limit);
    expect(refused.allowed).toBe(false);
    expect(retryAfterSeconds(refused)).toBe(30);
    now += 30_000;
    expect(await allowed('a')).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const store = new MemoryLimitStore();
    const limit = { max: 1, windowMs: 60_000 };
    await store.hit('a', limit);
    expect((await store.hit('a', limit)).allowed).toBe(false);
    await store.reset('a');
    expect((await store.hit('a', limit)).allowed).toBe(true);
  });

  it('holds at most its key budget however many distinct keys arrive', async () => {
    const store = new MemoryLimitStore(1000);
    const limit = { max: 10, windowMs: 15 * 60_000 };
    for (let i = 0; i < 25_000; i++) await store.hit(`k${i}`, limit);
    expect(store.size).toBeLessThanOrEqual(1000);
    // The most recent keys are still counted.
    expect((await store.hit('k24999', limit)).count).toBe(2);
  });

  it('digests keys to a fixed length, however long the email', () => {
    const short = limitKey('sign-in', '127.0.0.1', 'a@b.c');
    const long = limitKey('sign-in', '127.0.0.1', `${'x'.repeat(15_000)}@b.c`);
    expect(long.length).toBe(short.length);
    expect(long.length).toBeLessThan(64);
    expect(long).not.toBe(short);
  });
});
