import { describe, expect, it } from 'vitest';
import { awayDates, dueInFull, dueInWords } from './due-words';

// Monday 23 November 2026, 10:00 in Berlin.
const now = new Date('2026-11-23T09:00:00Z');
const zone = 'Europe/Berlin';

describe('dueInWords', () => {
  it('names today and tomorrow with the time', () => {
    expect(dueInWords('2026-11-23T17:00:00Z', now, zone)).toBe('today 18:00');
    expect(dueInWords('2026-11-24T08:00:00Z', now, zone)).toBe('tomorrow 09:00');
  });

  it('names a weekday within the coming week and a date further out', () => {
    expect(dueInWords('2026-11-26T17:00:00Z', now, zone)).toBe('Thu');
    expect(dueInWords('2026-12-12T17:00:00Z', now, zone)).toBe('12 Dec');
    expect(dueInWords('2027-01-03T17:00:00Z', now, zone)).toBe('3 Jan 2027');
  });

  it('reads past due times backwards', () => {
    expect(dueInWords('2026-11-22T17:00:00Z', now, zone)).toBe('yesterday 18:00');
    expect(dueInWords('2026-11-20T17:00:00Z', now, zone)).toBe('3 days ago');
    expect(dueInWords('2026-11-23T06:00:00Z', now, zone)).toBe('today 07:00');
  });

  it('judges the day in the viewer’s zone', () => {
    // 23:30 UTC on the 23rd is already the 24th in Berlin.
    expect(dueInWords('2026-11-23T23:30:00Z', now, zone)).toBe('tomorrow 00:30');
    expect(dueInWords('2026-11-23T23:30:00Z', now, 'America/New_York')).toBe('today 18:30');
  });

  it('counts calendar days across a daylight-saving change', () => {
    const spring = new Date('2026-03-28T12:00:00Z');
    expect(dueInWords('2026-03-29T22:30:00Z', spring, zone)).toBe('Mon');
    expect(dueInWords('2026-03-29T16:00:00Z', spring, zone)).toBe('tomorrow 18:00');
  });

  it('spells a due time in full', () => {
    expect(dueInFull('2026-11-26T17:00:00Z', zone)).toBe('Thu 26 Nov 2026, 18:00');
  });
});

describe('awayDates', () => {
  it('writes one day, a range within a month, and ranges across months and years', () => {
    expect(awayDates('2026-12-24', '2026-12-24', now, zone)).toBe('24 Dec');
    expect(awayDates('2026-12-24', '2026-12-27', now, zone)).toBe('24–27 Dec');
    expect(awayDates('2026-11-28', '2026-12-02', now, zone)).toBe('28 Nov – 2 Dec');
    expect(awayDates('2026-12-30', '2027-01-02', now, zone)).toBe('30 Dec 2026 – 2 Jan 2027');
    expect(awayDates('2027-01-03', '2027-01-05', now, zone)).toBe('3–5 Jan 2027');
  });
});
