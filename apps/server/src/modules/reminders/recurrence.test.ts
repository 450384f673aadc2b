import { describe, expect, it } from 'vitest';
import { nextOccurrence, occurrence } from './recurrence.js';

const at = (iso: string) => new Date(iso);

describe('nextOccurrence: one-off reminders and series not yet started', () => {
  it('returns the start of a one-off reminder, even once it has passed', () => {
    expect(nextOccurrence('2026-05-01T10:00:00.000Z', null, 'UTC', at('2026-04-01T00:00:00Z'))).toBe(
      '2026-05-01T10:00:00.000Z',
    );
    expect(nextOccurrence('2026-05-01T10:00:00.000Z', null, 'UTC', at('2026-06-01T00:00:00Z'))).toBe(
      '2026-05-01T10:00:00.000Z',
    );
  });

  it('returns the start of a series that begins in the future', () => {
    expect(
      nextOccurrence('2026-05-01T10:00:00.000Z', 'Daily', 'Europe/Berlin', at('2026-04-01T00:00:00Z')),
    ).toBe('2026-05-01T10:00:00.000Z');
  });

  it('counts an occurrence exactly at now as the next one ("at or after now")', () => {
    expect(nextOccurrence('2026-05-01T10:00:00.000Z', 'Daily', 'UTC', at('2026-05-04T10:00:00.000Z'))).toBe(
      '2026-05-04T10:00:00.000Z',
    );
    expect(nextOccurrence('2026-05-01T10:00:00.000Z', 'Daily', 'UTC', at('2026-05-04T10:00:00.001Z'))).toBe(
      '2026-05-05T10:00:00.000Z',
    );
  });

  it('accepts a start written with an offset and answers in UTC', () => {
    expect(
      nextOccurrence('2026-05-01T08:00:00+02:00', null, 'Europe/Berlin', at('2026-01-01T00:00:00Z')),
    ).toBe('2026-05-01T06:00:00.000Z');
  });
});

describe('Daily keeps its local wall time across daylight-saving changes', () => {
  // Europe/Berlin: CET (+01:00) -> CEST (+02:00) on 2026-03-29, back on 2026-10-25.
  it('Europe/Berlin, spring forward: 08:00 CET stays 08:00 CEST', () => {
    const start = '2026-03-27T07:00:00.000Z'; // Friday 08:00 CET
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-03-28T12:00:00Z'))).toBe(
      '2026-03-29T06:00:00.000Z', // Sunday 08:00 CEST
    );
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-04-10T06:30:00Z'))).toBe(
      '2026-04-11T06:00:00.000Z',
    );
  });

  it('Europe/Berlin, fall back: 08:00 CEST stays 08:00 CET', () => {
    const start = '2026-10-23T06:00:00.000Z'; // Friday 08:00 CEST
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-10-25T06:30:00Z'))).toBe(
      '2026-10-25T07:00:00.000Z', // Sunday 08:00 CET
    );
  });

  // America/New_York: EST (-05:00) -> EDT (-04:00) on 2026-03-08, back on 2026-11-01.
  it('America/New_York, spring forward: 08:00 EST stays 08:00 EDT', () => {
    const start = '2026-03-06T13:00:00.000Z'; // Friday 08:00 EST
    expect(nextOccurrence(start, 'Daily', 'America/New_York', at('2026-03-07T14:00:00Z'))).toBe(
      '2026-03-08T12:00:00.000Z', // Sunday 08:00 EDT
    );
  });

  it('America/New_York, fall back: 08:00 EDT stays 08:00 EST', () => {
    const start = '2026-10-30T12:00:00.000Z'; // Friday 08:00 EDT
    expect(nextOccurrence(start, 'Daily', 'America/New_York', at('2026-11-01T12:30:00Z'))).toBe(
      '2026-11-01T13:00:00.000Z', // Sunday 08:00 EST (12:30Z is 07:30 EST)
    );
  });

  it('the same instants in UTC would drift by an hour: the zone matters', () => {
    const start = '2026-03-06T13:00:00.000Z';
    expect(nextOccurrence(start, 'Daily', 'UTC', at('2026-03-07T14:00:00Z'))).toBe(
      '2026-03-08T13:00:00.000Z',
    );
  });

  it('a time inside the spring gap moves forward by the gap that day only', () => {
    const start = '2026-03-27T01:30:00.000Z'; // 02:30 CET
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-03-29T00:00:00Z'))).toBe(
      '2026-03-29T01:30:00.000Z', // 02:30 does not exist on 29 March: 03:30 CEST
    );
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-03-29T02:00:00Z'))).toBe(
      '2026-03-30T00:30:00.000Z', // back to 02:30 CEST
    );
  });

  it('a time inside the autumn overlap takes its earlier instant', () => {
    const start = '2026-10-23T00:30:00.000Z'; // 02:30 CEST
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-10-24T23:00:00Z'))).toBe(
      '2026-10-25T00:30:00.000Z', // the first 02:30 (CEST) on 25 October
    );
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-10-25T01:00:00Z'))).toBe(
      '2026-10-26T01:30:00.000Z', // 02:30 CET
    );
  });
});

describe('Weekly across daylight-saving changes', () => {
  it('Europe/Berlin: Monday 09:00 stays Monday 09:00 after the spring change', () => {
    const start = '2026-03-16T08:00:00.000Z'; // Monday 09:00 CET
    expect(nextOccurrence(start, 'Weekly', 'Europe/Berlin', at('2026-03-24T00:00:00Z'))).toBe(
      '2026-03-30T07:00:00.000Z', // Monday 09:00 CEST
    );
  });

  it('America/New_York: Thursday 18:00 stays Thursday 18:00 after the autumn change', () => {
    const start = '2026-10-22T22:00:00.000Z'; // Thursday 18:00 EDT
    expect(nextOccurrence(start, 'Weekly', 'America/New_York', at('2026-10-30T00:00:00Z'))).toBe(
      '2026-11-05T23:00:00.000Z', // Thursday 18:00 EST
    );
  });

  it('an occurrence earlier the same day has passed: the next is a week later', () => {
    const start = '2026-01-05T09:00:00.000Z'; // Monday
    expect(nextOccurrence(start, 'Weekly', 'UTC', at('2026-02-02T09:00:01Z'))).toBe(
      '2026-02-09T09:00:00.000Z',
    );
  });
});

describe('Monthly at month ends', () => {
  const start = '2026-01-31T14:00:00.000Z'; // 31 January, 09:00 in New York

  it('falls on the last day of shorter months and returns to the 31st', () => {
    const zone = 'America/New_York';
    expect(nextOccurrence(start, 'Monthly', zone, at('2026-02-01T00:00:00Z'))).toBe(
      '2026-02-28T14:00:00.000Z',
    );
    // Daylight saving began on 8 March: 09:00 EDT is 13:00Z.
    expect(nextOccurrence(start, 'Monthly', zone, at('2026-03-01T00:00:00Z'))).toBe(
      '2026-03-31T13:00:00.000Z',
    );
    expect(nextOccurrence(start, 'Monthly', zone, at('2026-04-01T00:00:00Z'))).toBe(
      '2026-04-30T13:00:00.000Z',
    );
    expect(nextOccurrence(start, 'Monthly', zone, at('2026-05-01T00:00:00Z'))).toBe(
      '2026-05-31T13:00:00.000Z',
    );
  });

  it('the 30th stays the 30th after February', () => {
    expect(nextOccurrence('2026-01-30T10:00:00.000Z', 'Monthly', 'UTC', at('2026-03-01T00:00:00Z'))).toBe(
      '2026-03-30T10:00:00.000Z',
    );
  });

  it('a late-evening time near a month end stays on the local day, not the UTC day', () => {
    // 31 January 23:30 in Berlin is 22:30Z on the 31st; 30 April 23:30 CEST is 21:30Z.
    expect(
      nextOccurrence('2026-01-31T22:30:00.000Z', 'Monthly', 'Europe/Berlin', at('2026-04-01T00:00:00Z')),
    ).toBe('2026-04-30T21:30:00.000Z');
  });
});

describe('leap day', () => {
  const leapDay = '2028-02-29T12:00:00.000Z';

  it('Monthly from 29 February keeps the 29th and falls on the 28th in a common-year February', () => {
    expect(nextOccurrence(leapDay, 'Monthly', 'UTC', at('2028-03-01T00:00:00Z'))).toBe(
      '2028-03-29T12:00:00.000Z',
    );
    expect(nextOccurrence(leapDay, 'Monthly', 'UTC', at('2029-02-01T00:00:00Z'))).toBe(
      '2029-02-28T12:00:00.000Z',
    );
    expect(nextOccurrence(leapDay, 'Monthly', 'UTC', at('2029-03-01T00:00:00Z'))).toBe(
      '2029-03-29T12:00:00.000Z',
    );
  });

  it('its yearly anniversaries (12 months on) are 28 February, and 29 February again in leap years', () => {
    expect(occurrence(leapDay, 'Monthly', 'UTC', 12).toISODate()).toBe('2029-02-28');
    expect(occurrence(leapDay, 'Monthly', 'UTC', 36).toISODate()).toBe('2031-02-28');
    expect(occurrence(leapDay, 'Monthly', 'UTC', 48).toISODate()).toBe('2032-02-29');
    expect(nextOccurrence(leapDay, 'Monthly', 'UTC', at('2032-02-01T00:00:00Z'))).toBe(
      '2032-02-29T12:00:00.000Z',
    );
  });

  it('Daily passes through 29 February in a leap year and skips it otherwise', () => {
    expect(nextOccurrence('2028-02-27T07:00:00.000Z', 'Daily', 'UTC', at('2028-02-28T08:00:00Z'))).toBe(
      '2028-02-29T07:00:00.000Z',
    );
    expect(nextOccurrence('2027-02-27T07:00:00.000Z', 'Daily', 'UTC', at('2027-02-28T08:00:00Z'))).toBe(
      '2027-03-01T07:00:00.000Z',
    );
  });
});

describe('long-running series', () => {
  it('finds the next occurrence years after the start without drifting', () => {
    const start = '2020-01-15T07:00:00.000Z'; // 08:00 CET
    expect(nextOccurrence(start, 'Daily', 'Europe/Berlin', at('2026-07-04T12:00:00Z'))).toBe(
      '2026-07-05T06:00:00.000Z', // 08:00 CEST
    );
    expect(nextOccurrence(start, 'Monthly', 'Europe/Berlin', at('2026-07-04T12:00:00Z'))).toBe(
      '2026-07-15T06:00:00.000Z',
    );
    expect(nextOccurrence(start, 'Weekly', 'Europe/Berlin', at('2026-07-04T12:00:00Z'))).toBe(
      '2026-07-08T06:00:00.000Z', // 2020-01-15 was a Wednesday, so is 2026-07-08
    );
  });
});
