import { DateTime } from 'luxon';
import rrule, { type Options, type RRule as Rule } from 'rrule';
import { validationError } from '../../lib/errors.js';
import { offsetAt } from './zone-offsets.js';

// rrule ships as a CommonJS bundle whose names Node cannot see as ESM named exports: take them from its default.
const { Frequency, RRule } = rrule;

/*
 * Repeating events, RFC 5545 style. The rrule library counts in "floating" wall-clock time: each
 * occurrence is computed as a local date and time of the event's zone (written into a Date's UTC fields),
 * and luxon turns that wall time back into an instant in the zone. So a 19:00 Berlin series stays at 19:00
 * Berlin when the clocks change. A local time that does not exist (the spring gap) moves forward by the
 * gap; a local time that exists twice (the autumn overlap) takes the earlier instant.
 */

/** Rule parts people may use; anything else (BYSECOND, BYHOUR...) is refused rather than half-honoured. */
const PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'BYSETPOS',
  'BYYEARDAY',
  'BYWEEKNO',
  'WKST',
]);
const FREQUENCIES = new Set([Frequency.YEARLY, Frequency.MONTHLY, Frequency.WEEKLY, Frequency.DAILY]);
export const RRULE_MAX_LENGTH = 500;
export const RRULE_INTERVAL_MAX = 1000;
export const RRULE_COUNT_MAX = 5000;

/** An event's series as the expansion needs it. */
export interface SeriesTimes {
  /** The first occurrence, UTC ISO (all-day: 00:00 of the first day in the zone). */
  start: string;
  end: string;
  allDay: boolean;
  /** All-day only: first and last day (inclusive), YYYY-MM-DD. */
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
  /** The normalised RRULE value (without "RRULE:"), or null for a one-off event. */
  rrule: string | null;
  /** Original starts (UTC ISO) of occurrences that were removed. */
  exdates: readonly string[];
}

/** One occurrence: its original start (the key exceptions name) and its own start and end. */
export interface Occurrence {
  key: string;
  start: string;
  end: string;
  startDate: string | null;
  endDate: string | null;
}

const invalid = (message: string) => validationError('rrule', message);

/** A wall time of `zone` carried in a Date's UTC fields, as rrule counts. */
function toFloating(dt: DateTime): Date {
  return new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second));
}

function fromFloating(date: Date, zone: string): DateTime {
  return DateTime.fromObject(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
    },
    { zone },
  );
}

const MINUTE = 60_000;

/**
 * The instant a wall time of `zone` (carried in a Date's UTC fields) is, without building a DateTime: the
 * expansion's hot path. The same rule as luxon's: in the spring gap the time moves forward by the gap;
 * in the autumn overlap the offset in force just before is tried first, so the earlier instant is taken.
 */
export function wallToInstant(wallMs: number, zone: string): number {
  const o = offsetAt(zone, wallMs - 24 * 60 * MINUTE);
  let utc = wallMs - o * MINUTE;
  const o2 = offsetAt(zone, utc);
  if (o === o2) return utc;
  utc -= (o2 - o) * MINUTE;
  const o3 = offsetAt(zone, utc);
  if (o2 === o3) return utc;
  return wallMs - Math.min(o2, o3) * MINUTE;
}

/** The ISO instant written the way events store it (UTC, milliseconds, Z). */
export function normaliseInstant(iso: string): string {
  return new Date(iso).toISOString();
}

/**
 * Checks an RRULE value (with or without the "RRULE:" prefix) and answers it normalised: parts in a fixed
 * order and UNTIL as a UTC instant. An UNTIL given as a date means the end of that day in the event's zone.
 * Bad rules are a 400 naming `rrule`.
 */
export function checkRrule(value: string | null | undefined, timeZone: string): string | null {
  if (value == null) return null;
  let text = value.trim();
  if (text === '') return null;
  if (text.length > RRULE_MAX_LENGTH) invalidLength();
  if (/^RRULE:/i.test(text)) text = text.slice(6);
  if (/[\r\n]/.test(text) || /DTSTART/i.test(text)) {
    throw invalid('rrule must be a single RRULE value, e.g. FREQ=WEEKLY;BYDAY=TU.');
  }
  const seen = new Set<string>();
  for (const part of text.split(';')) {
    const [key, val, extra] = part.split('=');
    const name = (key ?? '').toUpperCase();
    if (
      !name ||
      val === undefined ||
      val === '' ||
      extra !== undefined ||
      !PARTS.has(name) ||
      seen.has(name)
    ) {
      throw invalid(`rrule has an unsupported or malformed part: ${part || '(empty)'}.`);
    }
    seen.add(name);
  }
  let options: Partial<Options>;
  try {
    options = RRule.parseString(text.toUpperCase());
  } catch {
    throw invalid('rrule is not a valid RRULE value.');
  }
  if (options.freq === undefined || !FREQUENCIES.has(options.freq)) {
    throw invalid('rrule FREQ must be DAILY, WEEKLY, MONTHLY or YEARLY.');
  }
  if (options.count != null && options.until != null)
    throw invalid('rrule may have COUNT or UNTIL, not both.');
  if (options.interval != null && (options.interval < 1 || options.interval > RRULE_INTERVAL_MAX)) {
    throw invalid(`rrule INTERVAL must be between 1 and ${RRULE_INTERVAL_MAX}.`);
  }
  if (options.count != null && (options.count < 1 || options.count > RRULE_COUNT_MAX)) {
    throw invalid(`rrule COUNT must be between 1 and ${RRULE_COUNT_MAX}.`);
  }
  if (options.until && Number.isNaN(options.until.getTime()))
    throw invalid('rrule UNTIL is not a valid date.');
  if (options.until) {
    const untilPart = /UNTIL=([^;]+)/i.exec(text)?.[1] ?? '';
    // A date alone, or a local time without Z, is read in the event's zone.
    if (/^\d{8}$/.test(untilPart)) {
      options.until = fromFloating(options.until, timeZone).endOf('day').set({ millisecond: 0 }).toJSDate();
    } else if (!/Z$/i.test(untilPart)) {
      options.until = fromFloating(options.until, timeZone).toJSDate();
    }
  }
  try {
    return RRule.optionsToString({ ...options, dtstart: null, tzid: null }).replace(/^RRULE:/, '');
  } catch {
    throw invalid('rrule is not a valid RRULE value.');
  }
}

function invalidLength(): never {
  throw invalid(`rrule must be at most ${RRULE_MAX_LENGTH} characters.`);
}

/** The series' first start as a wall time in its zone. */
function localStart(series: SeriesTimes): DateTime {
  return series.allDay && series.startDate
    ? DateTime.fromISO(series.startDate, { zone: series.timeZone }).startOf('day')
    : DateTime.fromISO(series.start, { zone: series.timeZone });
}

/** The rrule rule counted in floating wall time from the series' start; UNTIL moved to wall time too. */
function floatingRule(series: SeriesTimes & { rrule: string }): Rule {
  const options = RRule.parseString(series.rrule);
  if (options.until) {
    options.until = toFloating(DateTime.fromJSDate(options.until).setZone(series.timeZone));
  }
  return new RRule({ ...options, dtstart: toFloating(localStart(series)), tzid: null });
}

/**
 * The occurrence starting at a wall time: all-day ones span as many days as the series' first, timed
 * ones last as many milliseconds.
 */
function occurrenceAt(series: SeriesTimes, wall: Date): Occurrence {
  const zone = series.timeZone;
  if (series.allDay && series.startDate && series.endDate) {
    const days = Math.round((Date.parse(series.endDate) - Date.parse(series.startDate)) / (24 * 60 * MINUTE));
    const first = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
    const last = first + days * 24 * 60 * MINUTE;
    const start = new Date(wallToInstant(first, zone)).toISOString();
    return {
      key: start,
      start,
      end: new Date(wallToInstant(last + 23 * 60 * MINUTE + 59 * MINUTE, zone)).toISOString(),
      startDate: new Date(first).toISOString().slice(0, 10),
      endDate: new Date(last).toISOString().slice(0, 10),
    };
  }
  const at = wallToInstant(wall.getTime(), zone);
  const length = Date.parse(series.end) - Date.parse(series.start);
  const start = new Date(at).toISOString();
  return { key: start, start, end: new Date(at + length).toISOString(), startDate: null, endDate: null };
}

/** Thrown when an expansion would pass its limit; the caller answers 400. */
export class TooManyOccurrences extends Error {}

/** Whether an occurrence from start to end is in [from, to): it overlaps, or an instant event sits inside. */
export function inRange(start: string, end: string, fromMs: number, toMs: number): boolean {
  const s = Date.parse(start);
  const e = Date.parse(end);
  return s < toMs && (e > fromMs || s >= fromMs);
}

/**
 * The series' occurrences that overlap [from, to), without the removed ones, in order. Throws
 * TooManyOccurrences once more than `limit` would be answered.
 */
export function expandSeries(series: SeriesTimes, from: Date, to: Date, limit: number): Occurrence[] {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (!series.rrule) {
    const only = occurrenceAt(series, toFloating(localStart(series)));
    if (!inRange(only.start, only.end, fromMs, toMs)) return [];
    if (limit < 1) throw new TooManyOccurrences();
    return [only];
  }
  const rule = floatingRule({ ...series, rrule: series.rrule });
  const length = Date.parse(series.end) - Date.parse(series.start);
  // Occurrences that started up to one length (plus a day of zone slack) before `from` may still overlap.
  const wallFrom = toFloating(
    DateTime.fromMillis(fromMs - length, { zone: series.timeZone }).minus({ days: 1 }),
  );
  const wallTo = toFloating(DateTime.fromMillis(toMs, { zone: series.timeZone }).plus({ days: 1 }));
  const removed = new Set(series.exdates.map((d) => Date.parse(d)));
  const out: Occurrence[] = [];
  rule.between(wallFrom, wallTo, true, (date) => {
    const occurrence = occurrenceAt(series, date);
    if (removed.has(Date.parse(occurrence.key))) return true;
    if (!inRange(occurrence.start, occurrence.end, fromMs, toMs)) return true;
    if (out.length >= limit) throw new TooManyOccurrences();
    out.push(occurrence);
    return true;
  });
  return out;
}

/** Whether `key` (an original start, UTC ISO) is one of the series' occurrences, removed or not. */
export function isOccurrence(series: SeriesTimes, key: string): boolean {
  const at = Date.parse(key);
  if (Number.isNaN(at)) return false;
  if (!series.rrule) return at === localStart(series).toMillis();
  const rule = floatingRule({ ...series, rrule: series.rrule });
  const wall = toFloating(DateTime.fromMillis(at, { zone: series.timeZone }));
  return rule
    .between(new Date(wall.getTime() - 1000), new Date(wall.getTime() + 1000), true)
    .some((date) => wallToInstant(date.getTime(), series.timeZone) === at);
}

/** How many occurrences of the series start before `key` (removed ones included, as COUNT counts them). */
export function countBefore(series: SeriesTimes & { rrule: string }, key: string): number {
  const rule = floatingRule(series);
  const wall = toFloating(DateTime.fromMillis(Date.parse(key), { zone: series.timeZone }));
  const first = toFloating(localStart(series));
  return rule.between(new Date(first.getTime() - 1000), wall, false).length;
}

/** The rule with its end set: COUNT kept when the rule counts, otherwise UNTIL just before `key`. */
export function endRuleBefore(series: SeriesTimes & { rrule: string }, key: string): string {
  const options = RRule.parseString(series.rrule);
  if (options.count != null) {
    options.count = countBefore(series, key);
  } else {
    options.until = new Date(Date.parse(key) - 1000);
  }
  return RRule.optionsToString({ ...options, dtstart: null, tzid: null }).replace(/^RRULE:/, '');
}

/** The rule for the part of a series from `key` on: a counted rule keeps the occurrences it has left. */
export function ruleFrom(series: SeriesTimes & { rrule: string }, key: string): string {
  const options = RRule.parseString(series.rrule);
  if (options.count != null) options.count = Math.max(1, options.count - countBefore(series, key));
  return RRule.optionsToString({ ...options, dtstart: null, tzid: null }).replace(/^RRULE:/, '');
}

/** The rule's UNTIL as the feed writes it: a UTC date-time, or a date for all-day series. */
export function feedRrule(series: SeriesTimes & { rrule: string }): string {
  const options = RRule.parseString(series.rrule);
  let text = RRule.optionsToString({ ...options, dtstart: null, tzid: null }).replace(/^RRULE:/, '');
  if (options.until && series.allDay) {
    const day = DateTime.fromJSDate(options.until).setZone(series.timeZone).toFormat('yyyyLLdd');
    text = text.replace(/UNTIL=[0-9TZ]+/, `UNTIL=${day}`);
  }
  return text;
}

/** The occurrence whose original start is `key` (which the caller has checked is one). */
export function occurrenceStarting(series: SeriesTimes, key: string): Occurrence {
  return occurrenceAt(series, toFloating(DateTime.fromISO(key, { zone: series.timeZone })));
}

/**
 * `start` moved by the wall-clock distance from `fromKey` to `toStart` in the zone: moving one occurrence
 * of a series from 19:00 to 20:00 moves the series' first start from 19:00 to 20:00 too, whatever the
 * clocks did in between.
 */
export function shiftWall(start: string, fromKey: string, toStart: string, zone: string): string {
  const wall = (iso: string) => toFloating(DateTime.fromISO(iso, { zone })).getTime();
  const moved = new Date(wall(start) + wall(toStart) - wall(fromKey));
  return new Date(wallToInstant(moved.getTime(), zone)).toISOString();
}
