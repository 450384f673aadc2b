import { sql } from 'kysely';
import type { EngineMigration } from '../migrate.js';

/**
 * A person's reminders as CalDAV to-dos: the name, UID and unmodelled properties of a to-do an app made,
 * and a tombstone for every reminder deleted (by whatever path), in its owner's collection.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('dav_reminder_objects')
      .addColumn('reminder_id', 'integer', (c) =>
        c.primaryKey().references('reminders.reminder_id').onDelete('cascade'),
      )
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('href_name', 'text')
      .addColumn('uid', 'text')
      .addColumn('extra', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('dav_reminder_objects_owner_href_idx')
      .on('dav_reminder_objects')
      .columns(['owner_id', 'href_name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('dav_reminder_objects_owner_uid_idx')
      .on('dav_reminder_objects')
      .columns(['owner_id', 'uid'])
      .unique()
      .execute();
    if (engine === 'postgres') {
      await sql`
        create function dav_reminder_deleted() returns trigger language plpgsql as $$
        begin
          insert into dav_tombstones (collection, href_name) values (
            'reminders:' || old.owner_id,
            coalesce((select href_name from dav_reminder_objects where reminder_id = old.reminder_id),
                     'reminder-' || old.reminder_id || '.ics'));
          return old;
        end $$`.execute(db);
      await sql`
        create trigger dav_reminder_deleted before delete on reminders
        for each row execute function dav_reminder_deleted()`.execute(db);
    } else {
      await sql`
        create trigger dav_reminder_deleted before delete on reminders
        begin
          insert into dav_tombstones (collection, href_name) values (
            'reminders:' || old.owner_id,
            coalesce((select href_name from dav_reminder_objects where reminder_id = old.reminder_id),
                     'reminder-' || old.reminder_id || '.ics'));
        end`.execute(db);
    }
  },
  async down(db, engine) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists dav_reminder_deleted on reminders`.execute(db);
      await sql`drop function if exists dav_reminder_deleted()`.execute(db);
    } else {
      await sql`drop trigger if exists dav_reminder_deleted`.execute(db);
    }
    await db.schema.dropTable('dav_reminder_objects').execute();
  },
} satisfies EngineMigration;
