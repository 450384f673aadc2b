import type { RepeatKind } from '@hearth/contract';
import { LAST_DAY_OF_MONTH } from '@hearth/contract';
import { DateTime } from 'luxon';

/*
 * The repeat arithmetic of tasks, done by luxon on local calendar dates of the task's IANA zone. A
 * series is anchored at its first occurrence: every later occurrence is found from the anchor's date
 * (days and months counted from it, weeks counted from the Monday of its week) and placed at the
 * anchor's local time of day, so 18:00 stays 18:00 across daylight-saving changes and a month day of
 * 31 falls back to a shorter month's last day and returns. Where the local time does not exist (the
 * spring gap) luxon moves it forward by the gap; where it exists twice it takes the earlier instant.
 */

/** A checked repeat rule; fields that do not apply to `every` are null. */
export interface RepeatRule {
  every: RepeatKind;
  interval: number | null;
  /** 0 = Sunday .. 6 = Saturday, ascending, no repeats. */
  weekdays: number[] | null;
  /** 1-31, or -1 for the last day of the month. */
  month_day: number | null;
}

/** A series: its rule, its zone and its first occurrence (a UTC ISO instant). */
export interface Schedule {
  repeat: RepeatRule;
  zone: string;
  anchorAt: string;
}

const DAY = { days: 1 } as const;

/** Luxon weekdays run 1 = Monday .. 7 = Sunday; the API's run 0 = Sunday .. 6 = Saturday. */
const apiWeekday = (date: DateTime) => date.weekday % 7;

function localInstant(iso: string, zone: string): DateTime {
  const at = DateTime.fromISO(iso, { zone });
  if (!at.isValid) throw new Error(`not an ISO instant: ${iso}`);
  return at;
}

/** The date `date` (a local day) at the wall-clock time of `clock`, in the zone. */
function atTimeOf(date: DateTime, clock: DateTime): DateTime {
  return DateTime.fromObject(
    {
      year: date.year,
      month: date.month,
      day: date.day,
      hour: clock.hour,
      minute: clock.minute,
      second: clock.second,
      millisecond: clock.millisecond,
    },
    { zone: clock.zone },
  );
}

/** The day of the month `monthDay` means in the month of `date` (31 and -1 become the last day). */
function resolvedDay(monthDay: number, date: DateTime): number {
  const last = date.daysInMonth!;
  return monthDay === LAST_DAY_OF_MONTH ? last : Math.min(monthDay, last);
}

const monthIndex = (date: DateTime) => date.year * 12 + (date.month - 1);

/**
 * The first local date on or after `from` that the rule matches, counting intervals from `anchor`
 * (both are start-of-day DateTimes in the task's zone; `from` is never before `anchor`).
 */
function matchingDate(rule: RepeatRule, anchor: DateTime, from: DateTime): DateTime {
  const n = rule.interval ?? 1;
  switch (rule.every) {
    case 'days':
    case 'days_after_done': {
      const elapsed = Math.round(from.diff(anchor, 'days').days);
      return anchor.plus({ days: Math.ceil(elapsed / n) * n });
    }
    case 'weeks': {
      const days = new Set(rule.weekdays ?? []);
      const anchorMonday = anchor.startOf('week');
      let day = from;
      // At most one on-week and a partial week are searched after the jump, so this ends quickly.
      for (;;) {
        const weeks = Math.round(day.startOf('week').diff(anchorMonday, 'weeks').weeks);
        const offWeeks = weeks % n;
        if (offWeeks !== 0) {
          day = day.startOf('week').plus({ weeks: n - offWeeks });
          continue;
        }
        if (days.has(apiWeekday(day))) return day;
        day = day.plus(DAY);
      }
    }
    case 'months': {
      const monthDay = rule.month_day ?? 1;
      const behind = monthIndex(from) - monthIndex(anchor);
      let k = Math.ceil(behind / n);
      for (;;) {
        const month = anchor.startOf('month').plus({ months: k * n });
        const date = month.set({ day: resolvedDay(monthDay, month) });
        if (date >= from) return date;
        k++;
      }
    }
    case 'none':
      return from;
  }
}

/**
 * The first occurrence of a new or edited series: the first matching day at or after `dueAt`, at its
 * local time (for none, days and days_after_done that is `dueAt` itself).
 */
export function firstOccurrence(rule: RepeatRule, dueAt: string, zone: string): string {
  const due = localInstant(dueAt, zone);
  if (rule.every !== 'weeks' && rule.every !== 'months') return due.toUTC().toISO()!;
  // Any week or month may hold the first occurrence; the interval counts from it afterwards.
  const anyPeriod: RepeatRule = { ...rule, interval: 1 };
  const day = due.startOf('day');
  return atTimeOf(matchingDate(anyPeriod, day, day), due)
    .toUTC()
    .toISO()!;
}

/** The first occurrence strictly after the instant `after`, as a UTC ISO instant. */
export function occurrenceAfter(schedule: Schedule, after: Date): string {
  const anchorAt = localInstant(schedule.anchorAt, schedule.zone);
  const anchor = anchorAt.startOf('day');
  const limit = DateTime.fromJSDate(after, { zone: schedule.zone });
  let from: DateTime = limit.startOf('day');
  if (from < anchor) from = anchor;
  for (;;) {
    const at = atTimeOf(matchingDate(schedule.repeat, anchor, from), anchorAt);
    if (at > limit) return at.toUTC().toISO()!;
    from = at.startOf('day').plus(DAY);
  }
}

/** For days_after_done: `interval` local days after the day it was done, at the series' time of day. */
export function occurrenceAfterDone(schedule: Schedule, doneAt: Date): string {
  const anchorAt = localInstant(schedule.anchorAt, schedule.zone);
  const doneDay = DateTime.fromJSDate(doneAt, { zone: schedule.zone }).startOf('day');
  return atTimeOf(doneDay.plus({ days: schedule.repeat.interval ?? 1 }), anchorAt)
    .toUTC()
    .toISO()!;
}

/**
 * Where a task goes once its current occurrence (due at `dueAt`) is done or skipped at `now`: the first
 * occurrence after both the due time and now, so a late task does not leave a backlog; days_after_done
 * counts from `doneAt`. Null for a task that does not repeat.
 */
export function nextDue(schedule: Schedule, dueAt: string, now: Date, doneAt: Date = now): string | null {
  switch (schedule.repeat.every) {
    case 'none':
      return null;
    case 'days_after_done':
      return occurrenceAfterDone(schedule, doneAt);
    default: {
      const due = new Date(dueAt);
      return occurrenceAfter(schedule, due > now ? due : now);
    }
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The local calendar date (YYYY-MM-DD) of an instant in a zone. Lists ask this for many tasks, so it uses
 * one cached Intl formatter per zone rather than building a DateTime each time.
 */
export function localDate(iso: string, zone: string): string {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(zone, format);
  }
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) throw new Error(`not an ISO instant: ${iso}`);
  const parts = format.formatToParts(at);
  const value = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${value('year')}-${value('month')}-${value('day')}`;
}
