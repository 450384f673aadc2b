import type { Repeat } from '@hearth/contract';
import { DateTime } from 'luxon';

/** What decides a recurring bill's dates. Dates are calendar dates (YYYY-MM-DD) with no time zone. */
export interface RecurrenceRule {
  repeat: Repeat;
  starts_on: string;
  ends_on: string | null;
}

/** Far more occurrences than one call asks for (weekly for 20 years is about 1,000); guards a runaway loop. */
const MAX_STEPS = 100_000;

export function parseDate(text: string): DateTime | null {
  const date = DateTime.fromISO(text, { zone: 'utc' });
  return date.isValid && /^\d{4}-\d{2}-\d{2}$/.test(text) ? date : null;
}

function toDate(date: DateTime): string {
  return date.toISODate() as string;
}

/**
 * The k-th candidate date counted from the start. Weeks and years step from the start date itself
 * (29 February falls on the 28th in other years); months step from the start's month and land on
 * `month_day`, or on the month's last day when it is 'last' or the month is shorter.
 */
function candidate(rule: RecurrenceRule, start: DateTime, k: number): DateTime {
  const { every, interval, month_day } = rule.repeat;
  if (every === 'weeks') return start.plus({ weeks: k * interval });
  if (every === 'years') return start.plus({ years: k * interval });
  const month = start.startOf('month').plus({ months: k * interval });
  const last = month.daysInMonth as number;
  const wanted = month_day === 'last' ? last : (month_day ?? start.day);
  return month.set({ day: Math.min(wanted, last) });
}

/**
 * A step count whose candidate falls before `from` (or 0), so a search can begin there rather than at
 * the start: a bill that started centuries ago costs no more than one that started last week.
 */
function stepsBefore(rule: RecurrenceRule, start: DateTime, from: DateTime): number {
  const { every, interval } = rule.repeat;
  let units: number;
  if (every === 'weeks') units = Math.floor(from.diff(start, 'days').days / 7);
  else if (every === 'months') units = (from.year - start.year) * 12 + (from.month - start.month);
  else units = from.year - start.year;
  // One step back: the candidate of a month or year may fall later in it than `from`.
  return Math.max(0, Math.floor(units / interval) - 1);
}

/**
 * The bill's dates from `from` through `through` (both inclusive), never before its start or after its
 * end, oldest first.
 */
export function occurrencesBetween(rule: RecurrenceRule, from: string, through: string): string[] {
  const start = parseDate(rule.starts_on);
  const first = parseDate(from);
  let last = parseDate(through);
  if (!start || !first || !last) throw new RangeError('dates must be YYYY-MM-DD');
  const end = rule.ends_on ? parseDate(rule.ends_on) : null;
  if (end && end < last) last = end;
  const dates: string[] = [];
  const firstStep = stepsBefore(rule, start, first);
  for (let k = firstStep; k < firstStep + MAX_STEPS; k++) {
    const date = candidate(rule, start, k);
    if (date > last) break;
    if (date >= start && date >= first) dates.push(toDate(date));
  }
  return dates;
}

/** The first date on or after `onOrAfter` that the bill falls due, or null once it has ended. */
export function nextOccurrence(rule: RecurrenceRule, onOrAfter: string): string | null {
  const start = parseDate(rule.starts_on);
  const from = parseDate(onOrAfter);
  if (!start || !from) throw new RangeError('dates must be YYYY-MM-DD');
  const end = rule.ends_on ? parseDate(rule.ends_on) : null;
  const firstStep = stepsBefore(rule, start, from);
  for (let k = firstStep; k < firstStep + MAX_STEPS; k++) {
    const date = candidate(rule, start, k);
    if (end && date > end) return null;
    if (date >= start && date >= from) return toDate(date);
  }
  return null;
}

/** The date `years` years before (negative: after) a date; 29 February falls on the 28th. */
export function yearsBefore(date: string, years: number): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError('dates must be YYYY-MM-DD');
  return toDate(parsed.minus({ years }));
}

/** The day after a date, for stepping past an occurrence that has been created. */
export function dayAfter(date: string): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError('dates must be YYYY-MM-DD');
  return toDate(parsed.plus({ days: 1 }));
}

/** The calendar date (YYYY-MM-DD) it is at `now` in an IANA zone; an unknown zone counts as UTC. */
export function todayIn(zone: string, now: Date = new Date()): string {
  const local = DateTime.fromJSDate(now, { zone });
  return (local.isValid ? local : DateTime.fromJSDate(now, { zone: 'utc' })).toISODate() as string;
}
