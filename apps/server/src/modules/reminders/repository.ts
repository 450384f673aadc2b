import type { Db } from '../../db/create-db.js';
import type { NewReminderRow, ReminderRow, ReminderUpdate } from './tables.js';

/** Every query is scoped to the owner: another user's reminder simply is not found. */
export class RemindersRepository {
  constructor(private readonly db: Db) {}

  listByOwner(ownerId: number): Promise<ReminderRow[]> {
    return this.db
      .selectFrom('reminders')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('remind_time')
      .orderBy('reminder_id')
      .execute();
  }

  findOwned(reminderId: number, ownerId: number): Promise<ReminderRow | undefined> {
    return this.db
      .selectFrom('reminders')
      .selectAll()
      .where('reminder_id', '=', reminderId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
  }

  insert(row: NewReminderRow): Promise<ReminderRow> {
    return this.db.insertInto('reminders').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Undefined when the reminder is gone or not the owner's. */
  updateOwned(
    reminderId: number,
    ownerId: number,
    changes: ReminderUpdate,
  ): Promise<ReminderRow | undefined> {
    return this.db
      .updateTable('reminders')
      .set(changes)
      .where('reminder_id', '=', reminderId)
      .where('owner_id', '=', ownerId)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteOwned(reminderId: number, ownerId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('reminders')
      .where('reminder_id', '=', reminderId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
