import { sql } from 'kysely';
import type { EngineMigration } from '../migrate.js';

/**
 * House tasks as CalDAV to-dos: like `dav_objects` for events, the name, UID and unmodelled properties
 * of a to-do a calendar app made, and a tombstone for every task deleted (by whatever path).
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('dav_task_objects')
      .addColumn('task_id', 'integer', (c) => c.primaryKey().references('tasks.task_id').onDelete('cascade'))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('href_name', 'text')
      .addColumn('uid', 'text')
      .addColumn('extra', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('dav_task_objects_house_href_idx')
      .on('dav_task_objects')
      .columns(['house_id', 'href_name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('dav_task_objects_house_uid_idx')
      .on('dav_task_objects')
      .columns(['house_id', 'uid'])
      .unique()
      .execute();
    if (engine === 'postgres') {
      await sql`
        create function dav_task_deleted() returns trigger language plpgsql as $$
        begin
          insert into dav_tombstones (collection, href_name) values (
            'tasks:' || old.house_id,
            coalesce((select href_name from dav_task_objects where task_id = old.task_id),
                     'task-' || old.task_id || '.ics'));
          return old;
        end $$`.execute(db);
      await sql`
        create trigger dav_task_deleted before delete on tasks
        for each row execute function dav_task_deleted()`.execute(db);
    } else {
      await sql`
        create trigger dav_task_deleted before delete on tasks
        begin
          insert into dav_tombstones (collection, href_name) values (
            'tasks:' || old.house_id,
            coalesce((select href_name from dav_task_objects where task_id = old.task_id),
                     'task-' || old.task_id || '.ics'));
        end`.execute(db);
    }
  },
  async down(db, engine) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists dav_task_deleted on tasks`.execute(db);
      await sql`drop function if exists dav_task_deleted()`.execute(db);
    } else {
      await sql`drop trigger if exists dav_task_deleted`.execute(db);
    }
    await db.schema.dropTable('dav_task_objects').execute();
  },
} satisfies EngineMigration;
