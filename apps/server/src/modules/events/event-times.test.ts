import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { nextDay, resolveEventTimes } from './event-times.js';

function refusal(fn: () => unknown): { field: string | undefined; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return { field: err.field, message: err.message };
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('timed events', () => {
  it('stores instants in UTC whatever offset they came with', () => {
    expect(
      resolveEventTimes({
        start: '2026-05-04T09:30:00+02:00',
        end: '2026-05-04T10:45:00.250+02:00',
        allDay: false,
        timeZone: 'Europe/Berlin',
      }),
    ).toEqual({
      start_datetime: '2026-05-04T07:30:00.000Z',
      end_datetime: '2026-05-04T08:45:00.250Z',
      all_day: false,
      start_date: null,
      end_date: null,
      time_zone: 'Europe/Berlin',
    });
  });

  it('uses UTC when no zone is given, and accepts an end equal to the start', () => {
    const times = resolveEventTimes({
      start: '2026-05-04T09:30Z',
      end: '2026-05-04T09:30Z',
      allDay: false,
      timeZone: null,
    });
    expect(times.time_zone).toBe('UTC');
    expect(times.end_datetime).toBe(times.start_datetime);
  });

  it('keeps an event that spans midnight as it is', () => {
    const times = resolveEventTimes({
      start: '2026-05-04T22:00:00.000Z',
      end: '2026-05-05T02:00:00.000Z',
      allDay: false,
      timeZone: undefined,
    });
    expect([times.start_datetime, times.end_datetime]).toEqual([
      '2026-05-04T22:00:00.000Z',
      '2026-05-05T02:00:00.000Z',
    ]);
  });

  it.each([
    ['missing', null, 'start_datetime'],
    ['empty', '', 'start_datetime'],
    ['not a date', 'tomorrow', 'start_datetime'],
    ['without an offset', '2026-05-04T09:30:00', 'start_datetime'],
    ['an impossible date', '2026-02-30T09:30:00Z', 'start_datetime'],
    ['a date only', '2026-05-04', 'start_datetime'],
  ])('refuses a start that is %s', (_case, start, field) => {
    expect(
      refusal(() =>
        resolveEventTimes({ start, end: '2026-05-04T10:00:00Z', allDay: false, timeZone: 'UTC' }),
      ),
    ).toEqual({
      field,
      message: 'Please provide valid start and end times.',
    });
  });

  it('refuses an invalid end with the end field', () => {
    expect(
      refusal(() =>
        resolveEventTimes({
          start: '2026-05-04T10:00:00Z',
          end: '2026-05-04T25:00:00Z',
          allDay: false,
          timeZone: 'UTC',
        }),
      ),
    ).toEqual({ field: 'end_datetime', message: 'Please provide valid start and end times.' });
  });

  it('refuses an end before the start', () => {
    expect(
      refusal(() =>
        resolveEventTimes({
          start: '2026-05-04T10:00:00Z',
          end: '2026-05-04T09:59:59Z',
          allDay: false,
          timeZone: 'UTC',
        }),
      ),
    ).toEqual({ field: 'end_datetime', message: 'End time must be after the start time.' });
  });

  it('refuses a zone that is not an IANA name', () => {
    expect(
      refusal(() =>
        resolveEventTimes({
          start: '2026-05-04T10:00Z',
          end: '2026-05-04T11:00Z',
          allDay: false,
          timeZone: 'Mars/Olympus',
        }),
      ).field,
    ).toBe('time_zone');
  });
});

describe('all-day events keep the dates the user picked', () => {
  it('at UTC+1 (Berlin, winter): 15 January is 15 January, not the 14th in UTC', () => {
    // The dialog sends local 00:00 and 23:59 as instants: 2026-01-14T23:00Z and 2026-01-15T22:59Z.
    expect(
      resolveEventTimes({
        start: '2026-01-14T23:00:00.000Z',
        end: '2026-01-15T22:59:00.000Z',
        allDay: true,
        timeZone: 'Europe/Berlin',
      }),
    ).toEqual({
      start_datetime: '2026-01-14T23:00:00.000Z',
      end_datetime: '2026-01-15T22:59:00.000Z',
      all_day: true,
      start_date: '2026-01-15',
      end_date: '2026-01-15',
      time_zone: 'Europe/Berlin',
    });
  });

  it('at UTC-5 (New York, winter): 15 January is 15 January, not the 16th in UTC', () => {
    const times = resolveEventTimes({
      start: '2026-01-15T05:00:00.000Z',
      end: '2026-01-16T04:59:00.000Z',
      allDay: true,
      timeZone: 'America/New_York',
    });
    expect([times.start_date, times.end_date]).toEqual(['2026-01-15', '2026-01-15']);
  });

  it('without a zone reads the dates in UTC (what the same instants mean there)', () => {
    const times = resolveEventTimes({
      start: '2026-01-14T23:00:00.000Z',
      end: '2026-01-15T22:59:00.000Z',
      allDay: true,
      timeZone: undefined,
    });
    expect([times.start_date, times.end_date, times.time_zone]).toEqual(['2026-01-14', '2026-01-15', 'UTC']);
  });

  it('across the spring-forward night in Berlin (29 March 2026)', () => {
    // 28 March 00:00 +01:00 to 30 March 23:59 +02:00.
    const times = resolveEventTimes({
      start: '2026-03-27T23:00:00.000Z',
      end: '2026-03-30T21:59:00.000Z',
      allDay: true,
      timeZone: 'Europe/Berlin',
    });
    expect(times).toMatchObject({
      start_date: '2026-03-28',
      end_date: '2026-03-30',
      start_datetime: '2026-03-27T23:00:00.000Z',
      end_datetime: '2026-03-30T21:59:00.000Z',
    });
  });

  it('across the fall-back night in New York (1 November 2026)', () => {
    // 31 October 00:00 -04:00 to 2 November 23:59 -05:00.
    const times = resolveEventTimes({
      start: '2026-10-31T04:00:00.000Z',
      end: '2026-11-03T04:59:00.000Z',
      allDay: true,
      timeZone: 'America/New_York',
    });
    expect([times.start_date, times.end_date]).toEqual(['2026-10-31', '2026-11-02']);
  });

  it('normalises the times of day to 00:00 and 23:59 of the picked days', () => {
    const times = resolveEventTimes({
      start: '2026-06-10T14:20:00+02:00',
      end: '2026-06-11T08:00:00+02:00',
      allDay: true,
      timeZone: 'Europe/Berlin',
    });
    expect(times).toMatchObject({
      start_date: '2026-06-10',
      end_date: '2026-06-11',
      start_datetime: '2026-06-09T22:00:00.000Z',
      end_datetime: '2026-06-11T21:59:00.000Z',
    });
  });

  it('reads an end at exactly midnight as exclusive, as calendar apps send it', () => {
    const times = resolveEventTimes({
      start: '2026-01-15T00:00:00-05:00',
      end: '2026-01-17T00:00:00-05:00',
      allDay: true,
      timeZone: 'America/New_York',
    });
    expect([times.start_date, times.end_date]).toEqual(['2026-01-15', '2026-01-16']);
  });

  it('keeps a one-day event whose start and end are the same midnight', () => {
    const times = resolveEventTimes({
      start: '2026-01-15T00:00:00Z',
      end: '2026-01-15T00:00:00Z',
      allDay: true,
      timeZone: 'UTC',
    });
    expect([times.start_date, times.end_date]).toEqual(['2026-01-15', '2026-01-15']);
  });
});

describe('nextDay', () => {
  it.each([
    ['2026-01-31', '2026-02-01'],
    ['2026-12-31', '2027-01-01'],
    ['2028-02-28', '2028-02-29'],
    ['2026-03-28', '2026-03-29'],
  ])('%s -> %s', (day, expected) => {
    expect(nextDay(day)).toBe(expected);
  });
});
