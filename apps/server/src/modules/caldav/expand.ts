import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { type EventRow, expandSeries, seriesOf, TooManyOccurrences } from '../events/index.js';
import { DavError } from './errors.js';
import type { DavObject } from './house-objects.js';
import type { HouseObjectRow } from './repository.js';

/** How many occurrences one object may expand into in one answer. */
const EXPAND_MAX = 5000;
const FAR_PAST = new Date(Date.UTC(1900, 0, 1));
const FAR_FUTURE = new Date(Date.UTC(9999, 0, 1));

const asEventRow = (row: HouseObjectRow) => row as unknown as EventRow;

const overlaps = (start: string, end: string, from: Date, to: Date) =>
  Date.parse(start) < to.getTime() && Math.max(Date.parse(end), Date.parse(start) + 1) > from.getTime();

/** Whether any occurrence of the object falls in [from, to) (RFC 4791 9.9 time-range). */
export function objectInRange(object: DavObject, from: Date | null, to: Date | null): boolean {
  const lo = from ?? FAR_PAST;
  const hi = to ?? FAR_FUTURE;
  const [master, ...overrides] = object.rows;
  if (!master) return false;
  if (!master.rrule) return overlaps(master.start_datetime, master.end_datetime, lo, hi);
  try {
    if (expandSeries(seriesOf(asEventRow(master)), lo, hi, 1).length > 0) return true;
  } catch (err) {
    // More than one occurrence in the range: it is in range.
    if (err instanceof TooManyOccurrences) return true;
    throw err;
  }
  return overrides.some((o) => overlaps(o.start_datetime, o.end_datetime, lo, hi));
}

/** A time-range attribute (UTC, basic format: 20261201T000000Z). */
export function parseUtcStamp(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const dt = DateTime.fromFormat(value.trim(), "yyyyLLdd'T'HHmmss'Z'", { zone: 'utc' });
  return dt.isValid ? dt.toJSDate() : null;
}

function setTime(vevent: ICAL.Component, name: string, iso: string, date: string | null) {
  vevent.removeAllProperties(name);
  vevent.addPropertyWithValue(
    name,
    date ? ICAL.Time.fromDateString(date) : ICAL.Time.fromJSDate(new Date(iso), true),
  );
}

const nextDate = (date: string) =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;

/**
 * The object with its series expanded (RFC 4791 9.6.5): one VEVENT per occurrence in [from, to), each
 * with its RECURRENCE-ID, times in UTC, and no RRULE or EXDATE.
 */
export function expandedText(object: DavObject, from: Date, to: Date): string {
  const root = new ICAL.Component(ICAL.parse(object.text));
  const vevents = root.getAllSubcomponents('vevent');
  root.removeAllSubcomponents('vevent');
  root.removeAllSubcomponents('vtimezone');
  const [master] = object.rows;
  const [masterEvent] = vevents;
  if (!master || !masterEvent) return `${root.toString()}\r\n`;
  const allDay = Boolean(master.all_day);
  const place = (
    source: ICAL.Component,
    row: { start: string; end: string; startDate: string | null; endDate: string | null },
    key: string | null,
  ) => {
    const copy = new ICAL.Component(source.toJSON());
    copy.removeAllProperties('rrule');
    copy.removeAllProperties('exdate');
    copy.removeAllProperties('recurrence-id');
    setTime(copy, 'dtstart', row.start, allDay ? row.startDate : null);
    setTime(copy, 'dtend', row.end, allDay && row.endDate ? nextDate(row.endDate) : null);
    if (key) {
      const day = allDay ? DateTime.fromISO(key, { zone: master.time_zone ?? 'UTC' }).toISODate() : null;
      setTime(copy, 'recurrence-id', key, day);
    }
    root.addSubcomponent(copy);
  };
  if (!master.rrule) {
    if (overlaps(master.start_datetime, master.end_datetime, from, to)) {
      place(
        masterEvent,
        {
          start: master.start_datetime,
          end: master.end_datetime,
          startDate: master.start_date,
          endDate: master.end_date,
        },
        null,
      );
    }
    return `${root.toString()}\r\n`;
  }
  const overridden = new Map<string, number>();
  object.rows.forEach((row, i) => {
    if (row.recurrence_id) overridden.set(row.recurrence_id, i);
  });
  let occurrences: ReturnType<typeof expandSeries>;
  try {
    occurrences = expandSeries(seriesOf(asEventRow(master)), from, to, EXPAND_MAX);
  } catch (err) {
    if (!(err instanceof TooManyOccurrences)) throw err;
    throw new DavError(
      403,
      { ns: 'DAV:', name: 'number-of-matches-within-limits' },
      `An event repeats more than ${EXPAND_MAX} times in the range; ask for a shorter one.`,
    );
  }
  for (const occ of occurrences) {
    if (overridden.has(occ.key)) continue;
    place(masterEvent, occ, occ.key);
  }
  for (const [key, i] of overridden) {
    const row = object.rows[i];
    const source = vevents[i];
    if (!row || !source || !overlaps(row.start_datetime, row.end_datetime, from, to)) continue;
    place(
      source,
      { start: row.start_datetime, end: row.end_datetime, startDate: row.start_date, endDate: row.end_date },
      key,
    );
  }
  return `${root.toString()}\r\n`;
}
