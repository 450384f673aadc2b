import { describe, expect, it } from 'vitest';
import { dueInFull, dueInWords } from './due-words';

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
