import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/** Personal reminders: each belongs to one user and goes when that user goes. */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('reminders')
      .addColumn('reminder_id', idColumnType(engine), idColumn(engine))
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('remind_time', 'text', (c) => c.notNull())
      .addColumn('repeat_interval', 'text')
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reminders_owner_idx').on('reminders').column('owner_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('reminders').execute();
  },
} satisfies EngineMigration;
