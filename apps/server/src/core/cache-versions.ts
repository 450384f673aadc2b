import type { FastifyBaseLogger } from 'fastify';
import { type QueryCreator, sql } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { Database } from '../db/tables.js';

/*
 * The version counters of kept answers (see plugins/response-cache.ts): one per house and one per person,
 * raised by the live stream before a change goes out and after a member's successful write.
 */

export const houseScopeKey = (houseId: number) => `h:${houseId}`;
export const userScopeKey = (userId: number) => `u:${userId}`;

/**
 * The statement that raises the counters of the given scopes (houseScopeKey / userScopeKey), to run alone
 * or as part of a larger statement (the live stream sends its message in the same one).
 */
export function raiseVersions(db: QueryCreator<Database>, keys: readonly string[]) {
  return db
    .insertInto('cache_versions')
    .values([...new Set(keys)].map((scope_key) => ({ scope_key, version: 1 })))
    .onConflict((oc) => oc.column('scope_key').doUpdateSet({ version: sql`cache_versions.version + 1` }));
}

/** The version counters, in the database so that every instance reads the same ones. */
export class CacheVersions {
  private readonly failed = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Raises the counters of the given scopes (houseScopeKey / userScopeKey). Never throws: the change it
   * follows is committed. When the counters cannot be raised, this instance forgets every kept answer.
   */
  async bump(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await raiseVersions(this.db, keys).execute();
    } catch (err) {
      this.raiseFailed(err, keys);
    }
  }

  /** Told that the counters could not be raised (here or by a statement of raiseVersions elsewhere). */
  raiseFailed(err: unknown, keys: readonly string[]): void {
    this.log.error({ err, keys }, 'cache versions could not be raised; kept answers dropped');
    for (const listener of this.failed) listener();
  }

  /** Told when a bump failed. */
  onFailure(listener: () => void): void {
    this.failed.add(listener);
  }
}

declare module '../db/tables.js' {
  interface Database {
    cache_versions: { scope_key: string; version: number };
  }
}
