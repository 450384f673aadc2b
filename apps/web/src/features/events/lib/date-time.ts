import { DateTime } from 'luxon';
import { browserTimeZone } from '../../../lib/time-zone';

/**
 * Date conversions of the event dialog (SPEC section 5): form date-times are shown in local time
 * ('YYYY-MM-DDTHH:mm', the value of a datetime-local input) and sent as UTC ISO instants. Empty or invalid
 * values become '' (for inputs) or null (for the API). Every function takes the zone explicitly (the
 * browser's by default) so the rules hold, and are tested, in any zone.
 */

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC ISO instant as a datetime-local value in `zone`; '' when empty or invalid. */
export function isoToLocalInput(iso: string | null | undefined, zone: string = browserTimeZone()): string {
  if (!iso) return '';
  const dt = DateTime.fromISO(iso, { setZone: true });
  return dt.isValid ? dt.setZone(zone).toFormat(LOCAL_FORMAT) : '';
}

/**
 * A datetime-local value, read as wall-clock time in `zone`, as a UTC ISO instant; null when empty or
 * invalid. Like browsers (and Temporal's 'compatible'): a time the clocks skip moves forward by the gap,
 * and a time that happens twice (the fall-back hour) means the first of the two.
 */
export function localInputToIso(
  value: string | null | undefined,
  zone: string = browserTimeZone(),
): string | null {
  const text = value?.trim() ?? '';
  if (!LOCAL_INPUT.test(text)) return null;
  const dt = DateTime.fromISO(text, { zone });
  if (!dt.isValid) return null;
  // Luxon takes the later instant of a repeated time: try the offset in force a day before.
  const earlierOffset = dt.minus({ days: 1 }).offset;
  if (earlierOffset !== dt.offset) {
    const earlier = dt.minus({ minutes: earlierOffset - dt.offset });
    if (earlier < dt && earlier.toFormat(LOCAL_FORMAT) === dt.toFormat(LOCAL_FORMAT)) {
      return earlier.toUTC().toISO() as string;
    }
  }
  return dt.toUTC().toISO() as string;
}

/** The date ('YYYY-MM-DD') of a datetime-local value; '' when it has none. */
export function datePart(value: string | null | undefined): string {
  const date = value?.slice(0, 10) ?? '';
  return DATE_ONLY.test(date) && DateTime.fromISO(date).isValid ? date : '';
}

/** A datetime-local value at `time` ('HH:mm') on `date`; '' without a date. */
export function atTime(date: string, time: string): string {
  return date ? `${date}T${time}` : '';
}

/**
 * The home page's week: Sunday 00:00 through the next Sunday (exclusive), as dates in `zone`
 * (SPEC section 9: Sunday start, 7 days).
 */
export function currentWeek(
  now: Date = new Date(),
  zone: string = browserTimeZone(),
): { start: string; end: string } {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  // Luxon numbers Monday 1 to Sunday 7.
  const sunday = today.minus({ days: today.weekday % 7 });
  return { start: sunday.toISODate() as string, end: sunday.plus({ days: 7 }).toISODate() as string };
}

/** The next whole hour after `now`, as a datetime-local value in `zone` (a new event's default start). */
export function nextWholeHour(now: Date = new Date(), zone: string = browserTimeZone()): string {
  return DateTime.fromJSDate(now, { zone }).startOf('hour').plus({ hours: 1 }).toFormat(LOCAL_FORMAT);
}

/** `value` plus `hours`, as wall-clock time in `zone`; '' when value is invalid. */
export function addHours(value: string, hours: number, zone: string = browserTimeZone()): string {
  const iso = localInputToIso(value, zone);
  return iso ? isoToLocalInput(DateTime.fromISO(iso).plus({ hours }).toISO(), zone) : '';
}
