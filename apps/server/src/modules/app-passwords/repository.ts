import type { Db } from '../../db/create-db.js';
import type { UserRow } from '../../db/tables.js';
import { shouldNoteUse } from '../../lib/credentials.js';
import type { AppPasswordRow } from './tables.js';

export class AppPasswordsRepository {
  constructor(private readonly db: Db) {}

  listByUser(userId: number): Promise<AppPasswordRow[]> {
    return this.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('app_password_id', 'desc')
      .execute();
  }

  async countByUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('app_passwords')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(userId: number, label: string, passwordHash: string, now: string): Promise<AppPasswordRow> {
    return this.db
      .insertInto('app_passwords')
      .values({ user_id: userId, label, password_hash: passwordHash, created_at: now, last_used_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes the owner's password; false when there is no such password of theirs. */
  async delete(userId: number, appPasswordId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('app_passwords')
      .where('app_password_id', '=', appPasswordId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The live account that holds this password under this user name (case-insensitive), in one indexed
   * query; a deleted account has neither the name nor any password left.
   */
  async findUser(
    usernameKey: string,
    passwordHash: string,
  ): Promise<{ user: UserRow; password: AppPasswordRow } | null> {
    const row = await this.db
      .selectFrom('app_passwords')
      .innerJoin('users', 'users.user_id', 'app_passwords.user_id')
      .selectAll('users')
      .select([
        'app_passwords.app_password_id',
        'app_passwords.label',
        'app_passwords.password_hash',
        'app_passwords.last_used_at',
        'app_passwords.created_at as password_created_at',
      ])
      .where('app_passwords.password_hash', '=', passwordHash)
      .where('users.username_key', '=', usernameKey)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    const { app_password_id, label, password_hash, last_used_at, password_created_at, ...user } = row;
    return {
      user: user as UserRow,
      password: {
        app_password_id,
        user_id: user.user_id,
        label,
        password_hash,
        created_at: password_created_at,
        last_used_at,
      },
    };
  }

  /** Notes a use, unless one was noted within the last minute. */
  async touch(password: AppPasswordRow, now: Date): Promise<void> {
    if (!shouldNoteUse(password.last_used_at, now)) return;
    await this.db
      .updateTable('app_passwords')
      .set({ last_used_at: now.toISOString() })
      .where('app_password_id', '=', password.app_password_id)
      .execute();
  }
}
