import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  firstOccurrence,
  localDate,
  nextDue,
  occurrenceAfter,
  type RepeatRule,
  type Schedule,
} from './repeat.js';

const days = (interval: number): RepeatRule => ({ every: 'days', interval, weekdays: null, month_day: null });
const weeks = (interval: number, weekdays: number[]): RepeatRule => ({
  every: 'weeks',
  interval,
  weekdays,
  month_day: null,
});
const months = (interval: number, month_day: number): RepeatRule => ({
  every: 'months',
  interval,
  weekdays: null,
  month_day,
});
const afterDone = (interval: number): RepeatRule => ({
  every: 'days_after_done',
  interval,
  weekdays: null,
  month_day: null,
});

/** A schedule anchored where a new task due at `local` (wall time in `zone`) would be. */
function schedule(repeat: RepeatRule, local: string, zone: string): Schedule {
  const dueAt = DateTime.fromISO(local, { zone }).toUTC().toISO()!;
  return { repeat, zone, anchorAt: firstOccurrence(repeat, dueAt, zone) };
}

/** The first `count` occurrences as local wall times, each found from the one before. */
function series(s: Schedule, count: number): string[] {
  const out: string[] = [];
  let at = s.anchorAt;
  for (let i = 0; i < count; i++) {
    out.push(DateTime.fromISO(at, { zone: s.zone }).toFormat("yyyy-MM-dd'T'HH:mm ccc"));
    at = occurrenceAfter(s, new Date(at));
  }
  return out;
}

describe('firstOccurrence', () => {
  it('is the due time itself for none, days and days after done', () => {
    for (const rule of [days(3), afterDone(2)]) {
      expect(firstOccurrence(rule, '2026-03-04T17:00:00.000Z', 'Europe/Berlin')).toBe(
        '2026-03-04T17:00:00.000Z',
      );
    }
  });

  it('moves a weekly series to the first chosen weekday at or after the due date, keeping the time', () => {
    // 2026-11-25 is a Wednesday; Mon and Thu chosen: Thursday the 26th.
    const s = schedule(weeks(2, [1, 4]), '2026-11-25T18:00', 'Europe/Berlin');
    expect(DateTime.fromISO(s.anchorAt, { zone: 'Europe/Berlin' }).toISO()).toBe(
      '2026-11-26T18:00:00.000+01:00',
    );
  });

  it('keeps a due date that already matches', () => {
    const s = schedule(weeks(1, [3]), '2026-11-25T08:30', 'Europe/Berlin');
    expect(localDate(s.anchorAt, 'Europe/Berlin')).toBe('2026-11-25');
  });

  it('moves a monthly series to the next month when its day has passed', () => {
    const s = schedule(months(1, 5), '2026-01-20T09:00', 'UTC');
    expect(s.anchorAt).toBe('2026-02-05T09:00:00.000Z');
    const last = schedule(months(1, -1), '2026-02-03T09:00', 'UTC');
    expect(last.anchorAt).toBe('2026-02-28T09:00:00.000Z');
  });
});

describe('every N weeks on chosen weekdays', () => {
  it('counts the interval from the week of the first occurrence', () => {
    const s = schedule(weeks(2, [1, 4]), '2026-11-26T18:00', 'Europe/Berlin');
    expect(series(s, 5)).toEqual([
      '2026-11-26T18:00 Thu',
      '2026-12-07T18:00 Mon',
      '2026-12-10T18:00 Thu',
      '2026-12-21T18:00 Mon',
      '2026-12-24T18:00 Thu',
    ]);
  });

  it('hits every chosen weekday of every on-week across a whole year, and nothing else', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 364 }),
        (interval, weekdays, startOffset) => {
          const zone = 'America/New_York';
          const start = DateTime.fromISO('2026-01-01T07:15', { zone }).plus({ days: startOffset });
          const rule = weeks(interval, [...weekdays].sort());
          const s = schedule(rule, start.toISO()!, zone);
          const anchor = DateTime.fromISO(s.anchorAt, { zone });
          const end = anchor.startOf('day').plus({ years: 1 });
          const expected: string[] = [];
          for (let d = anchor.startOf('day'); d < end; d = d.plus({ days: 1 })) {
            const weekIndex = Math.round(d.startOf('week').diff(anchor.startOf('week'), 'weeks').weeks);
            if (weekIndex % interval === 0 && weekdays.includes(d.weekday % 7)) expected.push(d.toISODate()!);
          }
          const got: string[] = [];
          let at = s.anchorAt;
          while (DateTime.fromISO(at, { zone }).startOf('day') < end) {
            const local = DateTime.fromISO(at, { zone });
            expect(local.toFormat('HH:mm')).toBe('07:15');
            got.push(local.toISODate()!);
            at = occurrenceAfter(s, new Date(at));
          }
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('daylight-saving changes', () => {
  it('keeps 18:00 in Berlin across the spring and autumn changes', () => {
    const spring = schedule(days(1), '2026-03-28T18:00', 'Europe/Berlin');
    expect(series(spring, 3).map((t) => t.slice(0, 16))).toEqual([
      '2026-03-28T18:00',
      '2026-03-29T18:00',
      '2026-03-30T18:00',
    ]);
    const autumn = schedule(weeks(1, [6]), '2026-10-24T18:00', 'Europe/Berlin');
    const [, after] = [autumn.anchorAt, occurrenceAfter(autumn, new Date(autumn.anchorAt))];
    expect(autumn.anchorAt).toBe('2026-10-24T16:00:00.000Z');
    expect(after).toBe('2026-10-31T17:00:00.000Z');
  });

  it('keeps 07:00 in Sydney across its April and October changes', () => {
    const s = schedule(days(7), '2026-03-30T07:00', 'Australia/Sydney');
    const utc = [s.anchorAt];
    for (let i = 0; i < 2; i++) utc.push(occurrenceAfter(s, new Date(utc.at(-1)!)));
    // UTC+11 before 5 April, UTC+10 after.
    expect(utc).toEqual(['2026-03-29T20:00:00.000Z', '2026-04-05T21:00:00.000Z', '2026-04-12T21:00:00.000Z']);
    const october = schedule(months(1, 4), '2026-09-04T07:00', 'Australia/Sydney');
    expect(occurrenceAfter(october, new Date(october.anchorAt))).toBe('2026-10-03T20:00:00.000Z');
  });

  it('moves a time in the spring gap forward by the gap', () => {
    const s = schedule(days(1), '2026-03-28T02:30', 'Europe/Berlin');
    const next = occurrenceAfter(s, new Date(s.anchorAt));
    expect(DateTime.fromISO(next, { zone: 'Europe/Berlin' }).toFormat('yyyy-MM-dd HH:mm')).toBe(
      '2026-03-29 03:30',
    );
    const after = occurrenceAfter(s, new Date(next));
    expect(DateTime.fromISO(after, { zone: 'Europe/Berlin' }).toFormat('yyyy-MM-dd HH:mm')).toBe(
      '2026-03-30 02:30',
    );
  });
});

describe('month ends and leap days', () => {
  it('falls back from the 31st to a shorter month’s last day and returns', () => {
    const s = schedule(months(1, 31), '2027-01-31T10:00', 'Europe/London');
    expect(series(s, 5).map((t) => t.slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
  });

  it('takes 29 February in a leap year, for the 29th and for the last day', () => {
    const s = schedule(months(1, 29), '2028-01-29T10:00', 'UTC');
    expect(series(s, 3).map((t) => t.slice(0, 10))).toEqual(['2028-01-29', '2028-02-29', '2028-03-29']);
    const last = schedule(months(12, -1), '2027-02-01T10:00', 'UTC');
    expect(series(last, 3).map((t) => t.slice(0, 10))).toEqual(['2027-02-28', '2028-02-29', '2029-02-28']);
  });

  it('counts every N months from the first occurrence', () => {
    const s = schedule(months(3, 15), '2026-11-20T10:00', 'UTC');
    expect(series(s, 3).map((t) => t.slice(0, 10))).toEqual(['2026-12-15', '2027-03-15', '2027-06-15']);
  });

  it('counts every N days from a leap day', () => {
    const s = schedule(days(1), '2028-02-28T23:30', 'America/Los_Angeles');
    expect(series(s, 3).map((t) => t.slice(0, 10))).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });
});

describe('localDate', () => {
  it('is the calendar date of the instant in the zone, as luxon reads it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('1990-01-01'), max: Date.parse('2060-01-01') }),
        fc.constantFrom(
          'UTC',
          'Europe/Berlin',
          'America/St_Johns',
          'Pacific/Auckland',
          'Asia/Kathmandu',
          'Pacific/Kiritimati',
        ),
        (ms, zone) => {
          const iso = new Date(ms).toISOString();
          expect(localDate(iso, zone)).toBe(DateTime.fromISO(iso, { zone }).toISODate());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('nextDue', () => {
  const zone = 'Europe/Berlin';

  it('is null for a one-off task', () => {
    const s = schedule(
      { every: 'none', interval: null, weekdays: null, month_day: null },
      '2026-11-25T18:00',
      zone,
    );
    expect(nextDue(s, s.anchorAt, new Date('2026-11-25T10:00:00Z'))).toBeNull();
  });

  it('moves an early done to the occurrence after the current one', () => {
    const s = schedule(days(2), '2026-11-25T18:00', zone);
    expect(nextDue(s, s.anchorAt, new Date('2026-11-25T08:00:00Z'))).toBe('2026-11-27T17:00:00.000Z');
  });

  it('moves a late done to the first occurrence after now, with no backlog', () => {
    const s = schedule(days(2), '2026-11-01T18:00', zone);
    // Due 1 Nov, done 10 Nov at noon: 3, 5, 7, 9 are skipped; 11 Nov is next.
    expect(nextDue(s, s.anchorAt, new Date('2026-11-10T11:00:00Z'))).toBe('2026-11-11T17:00:00.000Z');
  });

  it('counts days after done from the day it was done, at the task’s time of day, across DST', () => {
    const s = schedule(afterDone(3), '2026-10-20T18:00', zone);
    // Done on 23 October late at night (local 23:30, still the 23rd), due again on 26 October at 18:00 CET.
    const doneAt = new Date('2026-10-23T21:30:00Z');
    expect(nextDue(s, s.anchorAt, doneAt, doneAt)).toBe('2026-10-26T17:00:00.000Z');
    // Done early, before it was due: still counts from the day it was done.
    const early = new Date('2026-10-19T06:00:00Z');
    expect(nextDue(s, s.anchorAt, early, early)).toBe('2026-10-22T16:00:00.000Z');
  });

  it('never returns an occurrence at or before the due time or now', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(days(1), days(5), weeks(1, [0]), weeks(3, [2, 5]), months(1, -1), months(2, 30)),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 60 * 24 * 400 }),
        (rule, startDay, nowMinutes) => {
          const s = schedule(
            rule,
            DateTime.fromISO('2026-01-01T06:45', { zone }).plus({ days: startDay }).toISO()!,
            zone,
          );
          const now = new Date(Date.parse('2026-01-01T00:00:00Z') + nowMinutes * 60_000);
          const next = nextDue(s, s.anchorAt, now)!;
          expect(Date.parse(next)).toBeGreaterThan(Math.max(now.getTime(), Date.parse(s.anchorAt)));
          expect(DateTime.fromISO(next, { zone }).toFormat('HH:mm')).toBe('06:45');
        },
      ),
      { numRuns: 200 },
    );
  });
});
