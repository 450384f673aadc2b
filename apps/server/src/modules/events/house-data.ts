import type { ExportEvents } from '@hearth/contract';
import type { HouseDataHook } from '../../core/module.js';

/**
 * The calendar's part of the house export: every event with its author. Members' subscription links are
 * personal secrets and never leave.
 */
export const eventsHouseData: HouseDataHook<'events'> = {
  section: 'events',

  async hasData(houseId, trx) {
    const row = await trx
      .selectFrom('events')
      .select('event_id')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async export(houseId, trx, people) {
    const rows = await trx
      .selectFrom('events')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('event_id')
      .execute();
    return rows.map((e) => ({
      created_by: people.ref(e.user_id),
      title: e.title,
      description: e.description,
      location: e.location,
      start_datetime: e.start_datetime,
      end_datetime: e.end_datetime,
      all_day: Boolean(e.all_day),
      start_date: e.start_date,
      end_date: e.end_date,
      time_zone: e.time_zone,
      sequence: e.sequence,
      created_at: e.created_at,
      updated_at: e.updated_at,
    }));
  },

  async import(houseId, events: ExportEvents, people, trx) {
    for (const e of events) {
      await trx
        .insertInto('events')
        .values({
          house_id: houseId,
          user_id: people.userId(e.created_by),
          title: e.title,
          description: e.description,
          location: e.location,
          start_datetime: e.start_datetime,
          end_datetime: e.end_datetime,
          all_day: e.all_day ? 1 : 0,
          start_date: e.start_date,
          end_date: e.end_date,
          time_zone: e.time_zone,
          sequence: e.sequence,
          created_at: e.created_at,
          updated_at: e.updated_at,
        })
        .execute();
    }
    return events.length;
  },
};
