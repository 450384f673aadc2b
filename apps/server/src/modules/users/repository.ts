import type { Db } from '../../db/create-db.js';
import type { NewUserRow, UserRow, UserUpdate } from '../../db/tables.js';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  findByIdentity(issuer: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  async existsByIdentity(issuer: string, subject: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('user_id')
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst();
    return row !== undefined;
  }

  async usernameTakenByOther(usernameKey: string, userId: number | null): Promise<boolean> {
    let q = this.db.selectFrom('users').select('user_id').where('username_key', '=', usernameKey);
    if (userId !== null) q = q.where('user_id', '!=', userId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async insert(row: NewUserRow): Promise<UserRow> {
    return this.db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(userId: number, changes: UserUpdate): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set(changes)
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The person's own reminders, oldest first (their own data export). */
  reminders(userId: number) {
    return this.db
      .selectFrom('reminders')
      .select([
        'title',
        'description',
        'remind_time',
        'repeat_interval',
        'time_zone',
        'created_at',
        'updated_at',
      ])
      .where('owner_id', '=', userId)
      .orderBy('reminder_id')
      .execute();
  }
}
