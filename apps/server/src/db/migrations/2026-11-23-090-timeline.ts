import type { EngineMigration } from '../migrate.js';

/**
 * Repeating events and the personal feed. An event may carry an RRULE (kept in its zone) and the original
 * starts of occurrences that were removed (exdates, a JSON array of UTC instants). An occurrence edited on
 * its own is a row of its own that names its series (series_id) and the occurrence it replaces
 * (recurrence_id, the original start); it goes when its series goes. Each member may have one personal
 * feed link, kept as a hash of its secret.
 */
export default {
  async up(db) {
    // SQLite adds one column per statement.
    await db.schema.alterTable('events').addColumn('rrule', 'text').execute();
    await db.schema
      .alterTable('events')
      .addColumn('exdates', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('events')
      .addColumn('series_id', 'integer', (c) => c.references('events.event_id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('events').addColumn('recurrence_id', 'text').execute();
    await db.schema
      .createIndex('events_series_idx')
      .on('events')
      .columns(['series_id', 'recurrence_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('personal_feed_links')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('personal_feed_links').execute();
    await db.schema.dropIndex('events_series_idx').execute();
    await db.schema.alterTable('events').dropColumn('recurrence_id').execute();
    await db.schema.alterTable('events').dropColumn('series_id').execute();
    await db.schema.alterTable('events').dropColumn('exdates').execute();
    await db.schema.alterTable('events').dropColumn('rrule').execute();
  },
} satisfies EngineMigration;
