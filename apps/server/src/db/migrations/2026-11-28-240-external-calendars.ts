import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Outside calendars: .ics feeds a house (or one person) reads as a calendar layer. The last good feed is
 * kept here, so every instance answers from the same copy; `next_fetch_at` is the schedule, claimed by
 * one instance at a time.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('external_calendars')
      .addColumn('external_calendar_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      // Who added it; a personal one is theirs alone. Null once that account is gone.
      .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('color', 'text', (c) => c.notNull())
      .addColumn('shared', engine === 'postgres' ? 'boolean' : 'integer', (c) => c.notNull())
      .addColumn('feed', 'text')
      .addColumn('feed_hash', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('last_fetched_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('next_fetch_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('external_calendars_house_idx')
      .on('external_calendars')
      .columns(['house_id', 'name'])
      .execute();
    await db.schema
      .createIndex('external_calendars_due_idx')
      .on('external_calendars')
      .column('next_fetch_at')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('external_calendars').execute();
  },
} satisfies EngineMigration;
