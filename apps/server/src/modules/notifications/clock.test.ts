import { describe, expect, it } from 'vitest';
import { inQuietHours, localTimesBetween, nextLocalTime, timing } from './clock.js';

const at = (iso: string) => new Date(iso);
const quiet = { start: '22:00', end: '07:00' };

describe('quiet hours', () => {
  it('wrap midnight: start included, end excluded', () => {
    const z = 'Europe/Berlin';
    expect(inQuietHours(at('2031-01-10T20:59:00Z'), z, quiet)).toBe(false); // 21:59
    expect(inQuietHours(at('2031-01-10T21:00:00Z'), z, quiet)).toBe(true); // 22:00
    expect(inQuietHours(at('2031-01-11T05:59:00Z'), z, quiet)).toBe(true); // 06:59
    expect(inQuietHours(at('2031-01-11T06:00:00Z'), z, quiet)).toBe(false); // 07:00
    const day = { start: '13:00', end: '15:00' };
    expect(inQuietHours(at('2031-01-10T12:30:00Z'), z, day)).toBe(true);
    expect(inQuietHours(at('2031-01-10T14:00:00Z'), z, day)).toBe(false);
  });

  it('end at the local time in each zone, across the spring change (Berlin 30 March, New York 9 March 2031)', () => {
    // Berlin, 23:30 CET on the night the clocks go forward: the end is 07:00 CEST, 05:00 UTC (not 06:00).
    expect(
      timing(at('2031-03-29T22:30:00Z'), at('2031-03-29T22:30:05Z'), 'Europe/Berlin', quiet, null),
    ).toEqual({
      status: 'pending',
      sendAt: at('2031-03-30T05:00:00Z'),
    });
    // New York, 22:30 EST: the end is 07:00 EDT, 11:00 UTC (not 12:00).
    expect(
      timing(at('2031-03-09T03:30:00Z'), at('2031-03-09T03:30:05Z'), 'America/New_York', quiet, null),
    ).toEqual({
      status: 'pending',
      sendAt: at('2031-03-09T11:00:00Z'),
    });
    // Autumn in Berlin: 23:00 CEST on 25 October, the end is 07:00 CET, 06:00 UTC.
    expect(
      timing(at('2031-10-25T21:00:00Z'), at('2031-10-25T21:00:01Z'), 'Europe/Berlin', quiet, null).sendAt,
    ).toEqual(at('2031-10-26T06:00:00Z'));
  });

  it('fold into the digest when it comes before the end; otherwise wait for the end', () => {
    const due = at('2031-03-29T22:30:00Z'); // 23:30 Berlin
    expect(timing(due, due, 'Europe/Berlin', quiet, '06:30')).toEqual({
      status: 'folded',
      sendAt: at('2031-03-30T04:30:00Z'), // 06:30 CEST
    });
    expect(timing(due, due, 'Europe/Berlin', quiet, '08:00')).toEqual({
      status: 'pending',
      sendAt: at('2031-03-30T05:00:00Z'),
    });
    // Outside quiet hours it goes at once, digest or not.
    const day = at('2031-03-30T10:00:00Z');
    expect(timing(day, day, 'Europe/Berlin', quiet, '06:30')).toEqual({ status: 'pending', sendAt: day });
  });

  it('a local end that does not exist (the spring gap) moves forward by the gap', () => {
    expect(nextLocalTime(at('2031-03-30T00:00:00Z'), 'Europe/Berlin', '02:30')).toEqual(
      at('2031-03-30T01:30:00Z'),
    );
  });
});

describe('missed deliveries', () => {
  it('older than an hour: into the next digest, or at once without one; within the hour: at once', () => {
    const due = at('2031-05-01T08:00:00Z');
    const later = at('2031-05-01T09:30:00Z');
    expect(timing(due, later, 'America/New_York', null, '18:00')).toEqual({
      status: 'folded',
      sendAt: at('2031-05-01T22:00:00Z'),
    });
    expect(timing(due, later, 'America/New_York', null, null)).toEqual({ status: 'pending', sendAt: later });
    expect(timing(due, at('2031-05-01T08:59:00Z'), 'America/New_York', null, '18:00')).toEqual({
      status: 'pending',
      sendAt: due,
    });
  });
});

describe('digest times', () => {
  it('stay at the local time across daylight-saving changes in both zones', () => {
    expect(
      localTimesBetween(at('2031-03-07T00:00:00Z'), at('2031-03-10T23:59:00Z'), 'America/New_York', '07:00'),
    ).toEqual([
      at('2031-03-07T12:00:00Z'),
      at('2031-03-08T12:00:00Z'),
      at('2031-03-09T11:00:00Z'),
      at('2031-03-10T11:00:00Z'),
    ]);
    expect(
      localTimesBetween(at('2031-10-25T00:00:00Z'), at('2031-10-26T23:00:00Z'), 'Europe/Berlin', '06:30'),
    ).toEqual([at('2031-10-25T04:30:00Z'), at('2031-10-26T05:30:00Z')]);
  });

  it('are counted once in a span: (from, to]', () => {
    const first = at('2031-06-01T05:00:00Z'); // 07:00 Berlin
    expect(localTimesBetween(first, at('2031-06-02T05:00:00Z'), 'Europe/Berlin', '07:00')).toEqual([
      at('2031-06-02T05:00:00Z'),
    ]);
  });
});
