import type { Db } from '../../db/create-db.js';
import type { UserRow } from '../../db/tables.js';
import { shouldNoteUse } from '../../lib/credentials.js';
import type { AccessTokenRow } from './tables.js';

type NewRow = Omit<AccessTokenRow, 'access_token_id' | 'last_used_at'>;

export class AccessTokensRepository {
  constructor(private readonly db: Db) {}

  listByUser(userId: number): Promise<AccessTokenRow[]> {
    return this.db
      .selectFrom('access_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('access_token_id', 'desc')
      .execute();
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('access_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(row: NewRow): Promise<AccessTokenRow> {
    return this.db
      .insertInto('access_tokens')
      .values({ ...row, last_used_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes the owner's token; false when there is no such token of theirs. */
  async delete(userId: number, accessTokenId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('access_tokens')
      .where('access_token_id', '=', accessTokenId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The live account holding the token with this hash, in one indexed query (expiry is the caller's check). */
  async findByHash(tokenHash: string): Promise<{ user: UserRow; token: AccessTokenRow } | null> {
    const row = await this.db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.user_id', 'access_tokens.user_id')
      .selectAll('users')
      .select([
        'access_tokens.access_token_id',
        'access_tokens.label',
        'access_tokens.scope',
        'access_tokens.token_hash',
        'access_tokens.expires_at',
        'access_tokens.last_used_at',
        'access_tokens.created_at as token_created_at',
      ])
      .where('access_tokens.token_hash', '=', tokenHash)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const { access_token_id, label, scope, token_hash, expires_at, last_used_at, token_created_at, ...user } =
      row;
    return {
      user: user as UserRow,
      token: {
        access_token_id,
        user_id: user.user_id,
        label,
        scope,
        token_hash,
        created_at: token_created_at,
        expires_at,
        last_used_at,
      },
    };
  }

  /** Notes a use, unless one was noted within the last minute. */
  async touch(token: AccessTokenRow, now: Date): Promise<void> {
    if (!shouldNoteUse(token.last_used_at, now)) return;
    await this.db
      .updateTable('access_tokens')
      .set({ last_used_at: now.toISOString() })
      .where('access_token_id', '=', token.access_token_id)
      .execute();
  }
}
