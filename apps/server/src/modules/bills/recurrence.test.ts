import type { Repeat } from '@hearth/contract';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dayAfter, nextOccurrence, occurrencesBetween, parseDate } from './recurrence.js';

const monthly = (month_day: Repeat['month_day'], interval = 1): Repeat => ({
  every: 'months',
  interval,
  month_day,
});

describe('occurrencesBetween', () => {
  it('falls monthly on day D, clamped to short months', () => {
    const rule = { repeat: monthly(31), starts_on: '2025-01-10', ends_on: null };
    expect(occurrencesBetween(rule, '2025-01-01', '2025-05-31')).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
    ]);
  });

  it('skips the start month when day D is already past, and honours every N months', () => {
    const rule = { repeat: monthly(5, 2), starts_on: '2025-01-10', ends_on: null };
    expect(occurrencesBetween(rule, '2025-01-01', '2025-08-31')).toEqual([
      '2025-03-05',
      '2025-05-05',
      '2025-07-05',
    ]);
  });

  it("falls on each month's last day, leap years included", () => {
    const rule = { repeat: monthly('last'), starts_on: '2024-01-31', ends_on: '2024-04-30' };
    expect(occurrencesBetween(rule, '2024-01-01', '2030-01-01')).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ]);
  });

  it('uses the start day when no month day is given', () => {
    const rule = { repeat: monthly(null), starts_on: '2025-03-15', ends_on: null };
    expect(occurrencesBetween(rule, '2025-03-01', '2025-05-20')).toEqual([
      '2025-03-15',
      '2025-04-15',
      '2025-05-15',
    ]);
  });

  it('repeats every N weeks from the start and stops at the end date (inclusive)', () => {
    const rule = {
      repeat: { every: 'weeks', interval: 2, month_day: null } as Repeat,
      starts_on: '2025-01-06',
      ends_on: '2025-02-17',
    };
    expect(occurrencesBetween(rule, '2000-01-01', '2030-01-01')).toEqual([
      '2025-01-06',
      '2025-01-20',
      '2025-02-03',
      '2025-02-17',
    ]);
  });

  it('repeats yearly, 29 February on the 28th in other years', () => {
    const rule = {
      repeat: { every: 'years', interval: 1, month_day: null } as Repeat,
      starts_on: '2024-02-29',
      ends_on: null,
    };
    expect(occurrencesBetween(rule, '2024-01-01', '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
  });

  const ruleArb = fc.record({
    repeat: fc.record({
      every: fc.constantFrom('weeks' as const, 'months' as const, 'years' as const),
      interval: fc.integer({ min: 1, max: 12 }),
      month_day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.constant('last' as const), fc.constant(null)),
    }),
    starts_on: fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
    length: fc.option(fc.integer({ min: 0, max: 2000 })),
  });
  const asRule = (r: { repeat: Repeat; starts_on: Date; length: number | null }) => {
    const start = DateTime.fromJSDate(r.starts_on, { zone: 'utc' });
    return {
      repeat: r.repeat,
      starts_on: start.toISODate() as string,
      ends_on: r.length === null ? null : (start.plus({ days: r.length }).toISODate() as string),
    };
  };

  it('dates are increasing, within start and end, and next occurrence walks the same list', () => {
    fc.assert(
      fc.property(ruleArb, (raw) => {
        const rule = asRule(raw);
        const through = parseDate(rule.starts_on)?.plus({ days: 800 }).toISODate() as string;
        const dates = occurrencesBetween(rule, '2000-01-01', through);
        for (let i = 1; i < dates.length; i++)
          expect((dates[i] as string) > (dates[i - 1] as string)).toBe(true);
        for (const d of dates) {
          expect(d >= rule.starts_on).toBe(true);
          if (rule.ends_on) expect(d <= rule.ends_on).toBe(true);
        }
        // Catching up one date at a time, as the server does, meets exactly the same dates.
        const walked: string[] = [];
        let next = nextOccurrence(rule, rule.starts_on);
        while (next !== null && next <= through) {
          walked.push(next);
          next = nextOccurrence(rule, dayAfter(next));
        }
        expect(walked).toEqual(dates);
      }),
      { numRuns: 200 },
    );
  });
});

describe('nextOccurrence', () => {
  it('is null once the end date has passed', () => {
    const rule = { repeat: monthly(1), starts_on: '2025-01-01', ends_on: '2025-03-01' };
    expect(nextOccurrence(rule, '2025-02-02')).toBe('2025-03-01');
    expect(nextOccurrence(rule, '2025-03-02')).toBeNull();
  });
});
