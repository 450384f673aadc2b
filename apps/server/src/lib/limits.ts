import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';

/** At most `max` hits per `windowMs` for one key. */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface Hit {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** Fixed-window counters. Keys are digested first, so a long address or email costs no more than a short one. */
export interface LimitStore {
  hit(key: string, limit: Limit): Promise<Hit>;
  reset(key: string): Promise<void>;
  /** Hits in the key's current window, without counting one (0 when it has none). */
  peek(key: string): Promise<number>;
}

/** Seconds for a Retry-After header (at least 1). */
export const retryAfterSeconds = (hit: Hit) => Math.max(1, Math.ceil(hit.resetInMs / 1000));

/** A fixed-length key for what is counted: the parts are hashed, never stored as sent. */
export function limitKey(scope: string, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest('base64url');
  return `${scope}:${digest}`;
}

/** How many keys the in-memory store holds at most; the oldest window goes first when full. */
export const MEMORY_STORE_MAX_KEYS = 10_000;

/** One process's counters, in a bounded map (SQLite: one process serves the database by nature). */
export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxKeys = MEMORY_STORE_MAX_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, limit: Limit): Promise<Hit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { count: 0, resetAt: now + limit.windowMs };
    } else {
      this.windows.delete(key);
    }
    // Re-inserting keeps the map ordered by last use, so the oldest entry is the first one.
    this.windows.set(key, window);
    window.count += 1;
    return { allowed: window.count <= limit.max, count: window.count, resetInMs: window.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async peek(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  private makeRoom(now: number) {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    // Still full: forget the least recently used tenth.
    if (this.windows.size >= this.maxKeys) {
      let drop = Math.max(1, Math.floor(this.maxKeys / 10));
      for (const key of this.windows.keys()) {
        this.windows.delete(key);
        if (--drop === 0) break;
      }
    }
  }
}

/** Finished windows are deleted about this often, so the table holds only live counters. */
const PRUNE_EVERY_MS = 60_000;

/** Counters in the database, so every instance on one PostgreSQL database shares the same limits. */
export class DbLimitStore implements LimitStore {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: Limit): Promise<Hit> {
    const now = this.now();
    const resetAt = now + limit.windowMs;
    // One statement, so concurrent hits from several instances count exactly.
    const row = await this.db
      .insertInto('rate_limits')
      .values({ limit_key: key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('limit_key').doUpdateSet({
          hits: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
    }
    const count = Number(row.hits);
    return { allowed: count <= limit.max, count, resetInMs: Number(row.reset_at) - now };
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('limit_key', '=', key).execute();
  }

  async peek(key: string): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('limit_key', '=', key)
      .where('reset_at', '>', this.now())
      .executeTakeFirst();
    return Number(row?.hits ?? 0);
  }
}

/** Shared counters on PostgreSQL (several instances), a bounded map on SQLite (one process). */
export function createLimitStore(engine: 'sqlite' | 'postgres', db: Db): LimitStore {
  return engine === 'postgres' ? new DbLimitStore(db) : new MemoryLimitStore();
}
