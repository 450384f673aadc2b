import type { ExportEventOverride, ExportEvents } from '@hearth/contract';
import type { HouseDataHook } from '../../core/module.js';
import { checkRrule } from './recurrence.js';
import { parseExdates } from './service.js';

/**
 * The calendar's part of the house export: every event with its author, a repeating event with its rule,
 * its removed occurrences and its occurrences edited on their own. Members' subscription and personal feed
 * links are personal secrets and never leave.
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
    const overrides = new Map<number, ExportEventOverride[]>();
    for (const o of rows) {
      if (o.series_id === null || o.recurrence_id === null) continue;
      const list = overrides.get(o.series_id) ?? [];
      list.push({
        recurrence_id: o.recurrence_id,
        created_by: people.ref(o.user_id),
        title: o.title,
        description: o.description,
        location: o.location,
        start_datetime: o.start_datetime,
        end_datetime: o.end_datetime,
        all_day: Boolean(o.all_day),
        start_date: o.start_date,
        end_date: o.end_date,
        sequence: o.sequence,
        created_at: o.created_at,
        updated_at: o.updated_at,
      });
      overrides.set(o.series_id, list);
    }
    return rows
      .filter((e) => e.series_id === null)
      .map((e) => ({
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
        ...(e.rrule
          ? { rrule: e.rrule, exdates: parseExdates(e.exdates), overrides: overrides.get(e.event_id) ?? [] }
          : {}),
      }));
  },

  async import(houseId, events: ExportEvents, people, trx) {
    for (const e of events) {
      const made = await trx
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
          // A rule from another Hearth is checked like one typed in.
          rrule: checkRrule(e.rrule, e.time_zone),
          exdates: JSON.stringify(e.exdates ?? []),
        })
        .returning('event_id')
        .executeTakeFirstOrThrow();
      for (const o of e.overrides ?? []) {
        await trx
          .insertInto('events')
          .values({
            house_id: houseId,
            user_id: people.userId(o.created_by),
            series_id: made.event_id,
            recurrence_id: o.recurrence_id,
            title: o.title,
            description: o.description,
            location: o.location,
            start_datetime: o.start_datetime,
            end_datetime: o.end_datetime,
            all_day: o.all_day ? 1 : 0,
            start_date: o.start_date,
            end_date: o.end_date,
            time_zone: e.time_zone,
            sequence: o.sequence,
            created_at: o.created_at,
            updated_at: o.updated_at,
          })
          .execute();
      }
    }
    return events.length;
  },
};
