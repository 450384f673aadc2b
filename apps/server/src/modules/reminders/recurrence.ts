import type { RepeatInterval } from '@hearth/contract';
import { DateTime, type DurationLikeObject } from 'luxon';

/*
 * The repeat arithmetic of reminders, done by luxon in the owner's time zone. Every occurrence is
 * computed from the series' ORIGINAL start (start + k intervals of local wall time), never from the
 * previous occurrence, so a Monthly series on the 31st falls on the 30th/28th in shorter months and
 * returns to the 31st, and a Daily 08:00 series stays at 08:00 local across daylight-saving changes.
 * Where the local time does not exist (the spring gap) luxon moves it forward by the gap; where it
 * exists twice (the autumn overlap) it takes the earlier instant.
 */

const UNIT = { Daily: 'days', Weekly: 'weeks', Monthly: 'months' } as const;

/** k intervals as a luxon duration (calendar units: days, weeks and months of local time). */
function steps(interval: RepeatInterval, k: number): DurationLikeObject {
  return { [UNIT[interval]]: k };
}

function startIn(start: string, zone: string): DateTime {
  const dt = DateTime.fromISO(start, { zone });
  if (!dt.isValid) throw new Error(`not an ISO instant: ${start}`);
  return dt;
}

/** The k-th occurrence (k = 0 is the start) of a series, as a DateTime in `zone`. */
export function occurrence(start: string, interval: RepeatInterval, zone: string, k: number): DateTime {
  return startIn(start, zone).plus(steps(interval, k));
}

/**
 * The first occurrence at or after `now`, as a UTC ISO instant. A one-off reminder has one occurrence,
 * its start, which is returned even when it has passed; so is a series' start that is still ahead.
 */
export function nextOccurrence(
  start: string,
  interval: RepeatInterval | null,
  zone: string,
  now: Date,
): string {
  const first = startIn(start, zone);
  const nowMs = now.getTime();
  if (interval === null || first.toMillis() >= nowMs) return first.toUTC().toISO()!;

  const unit = UNIT[interval];
  const at = (k: number) => first.plus(steps(interval, k));
  // Calendar-aware distance in whole intervals, then step to the exact answer (a step or two at most).
  let k = Math.max(0, Math.floor(DateTime.fromJSDate(now, { zone }).diff(first, unit).get(unit)));
  while (at(k).toMillis() < nowMs) k++;
  while (k > 0 && at(k - 1).toMillis() >= nowMs) k--;
  return at(k).toUTC().toISO()!;
}
