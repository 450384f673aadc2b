import { afterEach, describe, expect, it } from 'vitest';
import {
  addHours,
  atTime,
  browserTimeZone,
  currentWeek,
  datePart,
  formatDate,
  formatDateTime,
  formatDay,
  formatIntl,
  formatTime,
  isoToLocalInput,
  localInputToIso,
  nextWholeHour,
  startOfDate,
  weekdayName,
} from './dates';

describe('isoToLocalInput (shown in local time)', () => {
  it('shows an instant as wall-clock time in the zone', () => {
    expect(isoToLocalInput('2026-01-15T17:30:00.000Z', 'Europe/Berlin')).toBe('2026-01-15T18:30');
    expect(isoToLocalInput('2026-01-15T17:30:00.000Z', 'America/New_York')).toBe('2026-01-15T12:30');
    expect(isoToLocalInput('2026-07-15T17:30:00.000Z', 'Europe/Berlin')).toBe('2026-07-15T19:30');
  });

  it('crosses midnight into the local day', () => {
    expect(isoToLocalInput('2026-01-15T23:30:00Z', 'Europe/Berlin')).toBe('2026-01-16T00:30');
    expect(isoToLocalInput('2026-01-15T03:00:00Z', 'America/New_York')).toBe('2026-01-14T22:00');
  });

  it.each([[''], [null], [undefined], ['yesterday'], ['2026-02-30T10:00:00Z']])(
    'gives "" for %j',
    (value) => {
      expect(isoToLocalInput(value, 'UTC')).toBe('');
    },
  );
});

describe('localInputToIso (sent as ISO)', () => {
  it('reads the value as wall-clock time in the zone', () => {
    expect(localInputToIso('2026-01-15T18:30', 'Europe/Berlin')).toBe('2026-01-15T17:30:00.000Z');
    expect(localInputToIso('2026-01-15T12:30', 'America/New_York')).toBe('2026-01-15T17:30:00.000Z');
    expect(localInputToIso('2026-01-15T12:30:15', 'UTC')).toBe('2026-01-15T12:30:15.000Z');
  });

  it.each([
    [''],
    ['   '],
    [null],
    [undefined],
    ['2026-01-15'],
    ['15/01/2026 10:00'],
    ['2026-02-30T10:00'],
    ['2026-01-15T25:00'],
  ])('gives null for %j', (value) => {
    expect(localInputToIso(value, 'UTC')).toBeNull();
  });

  it('round-trips every hour of a daylight-saving week (Berlin, spring forward 29 March 2026)', () => {
    for (let day = 26; day <= 31; day++) {
      for (let hour = 0; hour < 24; hour++) {
        if (day === 29 && hour === 2) continue; // 02:00-03:00 does not exist that night
        const local = `2026-03-${day}T${String(hour).padStart(2, '0')}:15`;
        expect(isoToLocalInput(localInputToIso(local, 'Europe/Berlin'), 'Europe/Berlin')).toBe(local);
      }
    }
    // Offsets either side of the change.
    expect(localInputToIso('2026-03-28T12:00', 'Europe/Berlin')).toBe('2026-03-28T11:00:00.000Z');
    expect(localInputToIso('2026-03-30T12:00', 'Europe/Berlin')).toBe('2026-03-30T10:00:00.000Z');
  });

  it('reads seconds too, and sends a reminder typed in Berlin as UTC in winter and summer', () => {
    expect(localInputToIso('2026-01-15T08:00', 'Europe/Berlin')).toBe('2026-01-15T07:00:00.000Z');
    expect(localInputToIso('2026-07-15T08:00', 'Europe/Berlin')).toBe('2026-07-15T06:00:00.000Z');
    expect(localInputToIso('2026-07-15T08:00:30', 'Europe/Berlin')).toBe('2026-07-15T06:00:30.000Z');
    expect(isoToLocalInput('2026-12-31T23:30:00.000Z', 'Europe/Berlin')).toBe('2027-01-01T00:30');
  });

  it('moves a skipped time forward by the gap, as browsers do', () => {
    expect(localInputToIso('2026-03-29T02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(isoToLocalInput('2026-03-29T01:30:00.000Z', 'Europe/Berlin')).toBe('2026-03-29T03:30');
  });

  it('keeps the wall clock across the fall-back week in New York (1 November 2026)', () => {
    expect(localInputToIso('2026-10-31T09:00', 'America/New_York')).toBe('2026-10-31T13:00:00.000Z');
    expect(localInputToIso('2026-11-02T09:00', 'America/New_York')).toBe('2026-11-02T14:00:00.000Z');
    // 01:30 happens twice; the first (daylight) one is meant.
    expect(localInputToIso('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('small helpers', () => {
  it('datePart takes the date of a valid value only', () => {
    expect(datePart('2026-03-29T10:00')).toBe('2026-03-29');
    expect(datePart('2026-03-29')).toBe('2026-03-29');
    expect(datePart('')).toBe('');
    expect(datePart('2026-02-30T10:00')).toBe('');
    expect(datePart(undefined)).toBe('');
  });

  it('atTime puts a time on a date, or gives "" without one', () => {
    expect(atTime('2026-03-29', '23:59')).toBe('2026-03-29T23:59');
    expect(atTime('', '23:59')).toBe('');
  });

  it('addHours adds real hours, so it crosses a daylight-saving change correctly', () => {
    expect(addHours('2026-03-29T01:30', 1, 'Europe/Berlin')).toBe('2026-03-29T03:30');
    expect(addHours('2026-05-04T23:30', 1, 'UTC')).toBe('2026-05-05T00:30');
    expect(addHours('nonsense', 1, 'UTC')).toBe('');
  });

  it('nextWholeHour is the next full hour in the zone', () => {
    expect(nextWholeHour(new Date('2026-05-04T10:20:00Z'), 'Europe/Berlin')).toBe('2026-05-04T13:00');
    expect(nextWholeHour(new Date('2026-05-04T23:00:00Z'), 'UTC')).toBe('2026-05-05T00:00');
  });
});

describe('startOfDate', () => {
  it('is the instant the date begins in the zone', () => {
    expect(startOfDate('2026-03-29', 'Europe/Berlin')).toBe(Date.parse('2026-03-28T23:00:00.000Z'));
    expect(startOfDate('2026-03-30', 'Europe/Berlin')).toBe(Date.parse('2026-03-29T22:00:00.000Z'));
    expect(startOfDate('2026-01-15', 'UTC')).toBe(Date.parse('2026-01-15T00:00:00.000Z'));
  });

  it.each([[''], ['2026-02-30'], ['2026-01-15T10:00'], ['soon']])('is NaN for %j', (value) => {
    expect(startOfDate(value, 'UTC')).toBeNaN();
  });
});

describe('formatting (the browser language and zone)', () => {
  const at = '2026-11-23T08:05:00.000Z';
  const local = new Date(at);

  it('shows the same text as the Intl formats it stands for', () => {
    expect(formatDateTime(at)).toBe(
      local.toLocaleString(undefined, {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
    );
    expect(formatDate(at)).toBe(local.toLocaleDateString());
    expect(formatDay(local)).toBe(
      local.toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' }),
    );
    expect(formatTime(local)).toBe(
      local.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }),
    );
    expect(formatDateTime(at)).toMatch(/2026/);
  });

  it('names the weekdays counted from Sunday, short or long', () => {
    expect([0, 1, 6].map((day) => weekdayName(day))).toEqual(['Sun', 'Mon', 'Sat']);
    expect(weekdayName(3, 'long')).toBe('Wednesday');
  });

  it('gives "" for an invalid value', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatTime(new Date(Number.NaN))).toBe('');
  });
});

describe('currentWeek (Sunday through the next Sunday)', () => {
  it('starts on the Sunday on or before today', () => {
    // Wednesday 6 May 2026.
    expect(currentWeek(new Date('2026-05-06T12:00:00Z'), 'UTC')).toEqual({
      start: '2026-05-03',
      end: '2026-05-10',
    });
    // A Sunday is its own week's start.
    expect(currentWeek(new Date('2026-05-03T12:00:00Z'), 'UTC')).toEqual({
      start: '2026-05-03',
      end: '2026-05-10',
    });
    // Saturday is the last day.
    expect(currentWeek(new Date('2026-05-09T12:00:00Z'), 'UTC')).toEqual({
      start: '2026-05-03',
      end: '2026-05-10',
    });
  });

  it('uses the local day: late Saturday in New York is already Sunday in UTC', () => {
    const saturdayNight = new Date('2026-05-10T02:00:00Z');
    expect(currentWeek(saturdayNight, 'America/New_York')).toEqual({
      start: '2026-05-03',
      end: '2026-05-10',
    });
    expect(currentWeek(saturdayNight, 'UTC')).toEqual({ start: '2026-05-10', end: '2026-05-17' });
  });

  it('spans a daylight-saving change as seven calendar days', () => {
    expect(currentWeek(new Date('2026-03-25T12:00:00Z'), 'Europe/Berlin')).toEqual({
      start: '2026-03-22',
      end: '2026-03-29',
    });
    expect(currentWeek(new Date('2026-03-30T12:00:00Z'), 'Europe/Berlin')).toEqual({
      start: '2026-03-29',
      end: '2026-04-05',
    });
  });
});

describe('the zone and formatters kept between calls', () => {
  const saved = process.env.TZ;
  afterEach(() => {
    process.env.TZ = saved;
  });

  it('follows the device into another zone at the next call', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(browserTimeZone()).toBe('Europe/Berlin');
    const at = '2026-11-23T08:05:00.000Z';
    const berlin = formatIntl(at, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
    expect(berlin).toBe('09:05');
    process.env.TZ = 'Asia/Tokyo';
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(formatIntl(at, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })).toBe('17:05');
  });
});
