import { sql } from 'kysely';
import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * What CalDAV needs beside the house's own rows:
 * - `dav_objects`: for a calendar object a calendar app made, the name and UID it chose, and for every
 *   component (a series or one changed occurrence) the properties Hearth does not model (alarms,
 *   attendees, categories), given back unchanged. Hearth's own objects need no row.
 * - `dav_tombstones`: the name of each calendar object deleted, by whatever path, so a sync
 *   (RFC 6578) can report it as gone. A trigger writes them, before the row and its `dav_objects` go.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('dav_objects')
      .addColumn('event_id', 'integer', (c) =>
        c.primaryKey().references('events.event_id').onDelete('cascade'),
      )
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      // Null on a changed occurrence's row: the object's name and UID are its series'.
      .addColumn('href_name', 'text')
      .addColumn('uid', 'text')
      // JSON: { "properties": jCal properties, "components": jCal components } Hearth does not model.
      .addColumn('extra', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('dav_objects_house_href_idx')
      .on('dav_objects')
      .columns(['house_id', 'href_name'])
      .unique()
      .execute();
    await db.schema
      .createIndex('dav_objects_house_uid_idx')
      .on('dav_objects')
      .columns(['house_id', 'uid'])
      .unique()
      .execute();

    await db.schema
      .createTable('dav_tombstones')
      .addColumn('tombstone_id', idColumnType(engine), idColumn(engine))
      // 'house:<house_id>' or 'tasks:<house_id>'.
      .addColumn('collection', 'text', (c) => c.notNull())
      .addColumn('href_name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('dav_tombstones_collection_idx')
      .on('dav_tombstones')
      .columns(['collection', 'tombstone_id'])
      .execute();

    // The name a series is known by: the calendar app's, or Hearth's own `event-<id>.ics`.
    if (engine === 'postgres') {
      await sql`
        create function dav_event_deleted() returns trigger language plpgsql as $$
        begin
          if old.series_id is null then
            insert into dav_tombstones (collection, href_name) values (
              'house:' || old.house_id,
              coalesce((select href_name from dav_objects where event_id = old.event_id),
                       'event-' || old.event_id || '.ics'));
          end if;
          return old;
        end $$`.execute(db);
      await sql`
        create trigger dav_event_deleted before delete on events
        for each row execute function dav_event_deleted()`.execute(db);
    } else {
      await sql`
        create trigger dav_event_deleted before delete on events
        when old.series_id is null
        begin
          insert into dav_tombstones (collection, href_name) values (
            'house:' || old.house_id,
            coalesce((select href_name from dav_objects where event_id = old.event_id),
                     'event-' || old.event_id || '.ics'));
        end`.execute(db);
    }
  },
  async down(db, engine) {
    await sql`drop trigger if exists dav_event_deleted${engine === 'postgres' ? sql` on events` : sql``}`.execute(
      db,
    );
    if (engine === 'postgres') await sql`drop function if exists dav_event_deleted()`.execute(db);
    await db.schema.dropTable('dav_tombstones').execute();
    await db.schema.dropTable('dav_objects').execute();
  },
} satisfies EngineMigration;
