import type { ExportEvent, ExportEventOverride, ExportEvents } from '@hearth/contract';
import { EventPatch } from '@hearth/contract';
import { rowsOfHouse } from '../../core/house-rows.js';
import { ImportCheck } from '../../core/import-check.js';
import type { HouseDataHook } from '../../core/module.js';
import { parseInstant } from '../../lib/iso-instant.js';
import { pauses } from '../../lib/pauses.js';
import { checkOccurrenceKey, eventFields, parseExdates, seriesOf } from './service.js';
import type { EventRow } from './tables.js';

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
    const rows = await rowsOfHouse(trx, 'events', houseId, 'event_id');
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
    // Every value is checked first, so a refused document writes nothing at all.
    // Checked in slices that let the event loop go, since a house may hold many thousands of events.
    const pause = pauses();
    const checked: CheckedEvent[] = [];
    for (const [i, e] of events.entries()) {
      checked.push(checkEvent(e, new ImportCheck(`data.events[${i}]`)));
      await pause();
    }
    for (const [i, e] of events.entries()) {
      const c = checked[i] as CheckedEvent;
      const made = await trx
        .insertInto('events')
        .values({
          house_id: houseId,
          user_id: people.userId(e.created_by),
          ...c.row,
          sequence: e.sequence,
          exdates: JSON.stringify(c.exdates),
        })
        .returning('event_id')
        .executeTakeFirstOrThrow();
      for (const [j, o] of (e.overrides ?? []).entries()) {
        await trx
          .insertInto('events')
          .values({
            house_id: houseId,
            user_id: people.userId(o.created_by),
            series_id: made.event_id,
            recurrence_id: c.overrides[j]?.key as string,
            ...(c.overrides[j]?.row as EventValues),
            sequence: o.sequence,
          })
          .execute();
      }
    }
    return events.length;
  },
};

type EventValues = ReturnType<typeof eventValues>;
interface CheckedEvent {
  row: EventValues;
  exdates: string[];
  overrides: { key: string; row: EventValues }[];
}

/** What the document gives for one event or one edited occurrence. */
type EventRecord = Pick<
  ExportEventOverride,
  | 'title'
  | 'description'
  | 'location'
  | 'start_datetime'
  | 'end_datetime'
  | 'all_day'
  | 'start_date'
  | 'end_date'
  | 'created_at'
  | 'updated_at'
>;

/**
 * An event's stored values through the API's own rules (the event schema, then the service's check of
 * title, times, zone and repeat rule); the days of an all-day event must be the ones its times give.
 */
function eventValues(e: EventRecord, timeZone: string, rrule: string | null, check: ImportCheck) {
  const input = {
    title: e.title,
    description: e.description,
    location: e.location,
    start_datetime: e.start_datetime,
    end_datetime: e.end_datetime,
    all_day: e.all_day,
    time_zone: timeZone,
    rrule,
  };
  check.schema(EventPatch, input);
  const fields = check.rule(() => eventFields(input));
  for (const key of ['start_date', 'end_date'] as const) {
    if (e[key] !== fields[key]) {
      throw check.refuse(
        key,
        fields[key] === null
          ? `${key} must be null for an event with times.`
          : `${key} must be ${fields[key]}, the day the event's times give in ${fields.time_zone}.`,
      );
    }
  }
  return {
    ...fields,
    all_day: fields.all_day ? 1 : 0,
    created_at: check.rule(() => parseInstant(e.created_at, 'created_at')),
    updated_at: check.rule(() => parseInstant(e.updated_at, 'updated_at')),
  };
}

function checkEvent(e: ExportEvent, check: ImportCheck): CheckedEvent {
  const row = eventValues(e, e.time_zone, e.rrule ?? null, check);
  const series = seriesOf({ ...row, exdates: '[]' } as EventRow);
  if (row.rrule === null && ((e.exdates ?? []).length > 0 || (e.overrides ?? []).length > 0)) {
    throw check.refuse('rrule', 'Only a repeating event has removed or edited occurrences.');
  }
  const exdates = (e.exdates ?? []).map((d, j) =>
    check.rule(() => checkOccurrenceKey(series, d, `exdates[${j}]`)),
  );
  const seen = new Set<string>();
  const overrides = (e.overrides ?? []).map((o, j) => {
    const at = check.at(`overrides[${j}]`);
    const key = at.rule(() => checkOccurrenceKey(series, o.recurrence_id, 'recurrence_id'));
    if (seen.has(key) || exdates.includes(key)) {
      throw at.refuse('recurrence_id', 'recurrence_id names an occurrence that is removed or edited twice.');
    }
    seen.add(key);
    return { key, row: eventValues(o, row.time_zone, null, at) };
  });
  return { row, exdates, overrides };
}
