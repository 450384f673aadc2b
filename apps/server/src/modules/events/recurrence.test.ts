import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  checkRrule,
  countBefore,
  endRuleBefore,
  expandSeries,
  isOccurrence,
  ruleFrom,
  type SeriesTimes,
  TooManyOccurrences,
} from './recurrence.js';

const NY = 'America/New_York';

/** A one-hour timed series starting at `local` (a wall time of `zone`). */
function series(local: string, zone: string, rrule: string | null, exdates: string[] = []): SeriesTimes {
  const start = DateTime.fromISO(local, { zone });
  return {
    start: start.toUTC().toISO() as string,
    end: start.plus({ hours: 1 }).toUTC().toISO() as string,
    allDay: false,
    startDate: null,
    endDate: null,
    timeZone: zone,
    rrule: rrule === null ? null : checkRrule(rrule, zone),
    exdates,
  };
}

/** The occurrences' starts as wall times of the zone. */
function wallTimes(s: SeriesTimes, from = '1997-01-01', to = '2002-01-01'): string[] {
  return expandSeries(s, new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`), 2000).map((o) =>
    DateTime.fromISO(o.start, { zone: s.timeZone }).toFormat('yyyy-LL-dd HH:mm'),
  );
}

const at9 = (...days: string[]) => days.map((d) => `${d} 09:00`);

describe('recurrence: the examples of RFC 5545 section 3.8.5.3 (DTSTART in America/New_York)', () => {
  it('daily for 10 occurrences', () => {
    expect(wallTimes(series('1997-09-02T09:00', NY, 'FREQ=DAILY;COUNT=10'))).toEqual(
      at9(
        '1997-09-02',
        '1997-09-03',
        '1997-09-04',
        '1997-09-05',
        '1997-09-06',
        '1997-09-07',
        '1997-09-08',
        '1997-09-09',
        '1997-09-10',
        '1997-09-11',
      ),
    );
  });

  it('daily until December 24, 1997: 113 occurrences, all at 09:00 local across the October change', () => {
    const s = series('1997-09-02T09:00', NY, 'FREQ=DAILY;UNTIL=19971224T000000Z');
    const times = wallTimes(s);
    expect(times).toHaveLength(113);
    expect(times.at(0)).toBe('1997-09-02 09:00');
    expect(times.at(-1)).toBe('1997-12-23 09:00');
    expect(new Set(times.map((t) => t.slice(11)))).toEqual(new Set(['09:00']));
    // 09:00 EDT is 13:00Z, 09:00 EST is 14:00Z.
    const utc = expandSeries(s, new Date('1997-10-25T00:00:00Z'), new Date('1997-10-28T00:00:00Z'), 10);
    expect(utc.map((o) => o.start)).toEqual([
      '1997-10-25T13:00:00.000Z',
      '1997-10-26T14:00:00.000Z',
      '1997-10-27T14:00:00.000Z',
    ]);
  });

  it('every other day, forever', () => {
    expect(
      wallTimes(series('1997-09-02T09:00', NY, 'FREQ=DAILY;INTERVAL=2'), '1997-09-01', '1997-09-12'),
    ).toEqual(at9('1997-09-02', '1997-09-04', '1997-09-06', '1997-09-08', '1997-09-10'));
  });

  it('every 10 days, 5 occurrences', () => {
    expect(wallTimes(series('1997-09-02T09:00', NY, 'FREQ=DAILY;INTERVAL=10;COUNT=5'))).toEqual(
      at9('1997-09-02', '1997-09-12', '1997-09-22', '1997-10-02', '1997-10-12'),
    );
  });

  it('weekly for 10 occurrences', () => {
    expect(wallTimes(series('1997-09-02T09:00', NY, 'FREQ=WEEKLY;COUNT=10'))).toEqual(
      at9(
        '1997-09-02',
        '1997-09-09',
        '1997-09-16',
        '1997-09-23',
        '1997-09-30',
        '1997-10-07',
        '1997-10-14',
        '1997-10-21',
        '1997-10-28',
        '1997-11-04',
      ),
    );
  });

  it('weekly on Tuesday and Thursday for five weeks', () => {
    expect(
      wallTimes(series('1997-09-02T09:00', NY, 'FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH')),
    ).toEqual(
      at9(
        '1997-09-02',
        '1997-09-04',
        '1997-09-09',
        '1997-09-11',
        '1997-09-16',
        '1997-09-18',
        '1997-09-23',
        '1997-09-25',
        '1997-09-30',
        '1997-10-02',
      ),
    );
  });

  it('monthly on the first Friday for 10 occurrences', () => {
    expect(wallTimes(series('1997-09-05T09:00', NY, 'FREQ=MONTHLY;COUNT=10;BYDAY=1FR'))).toEqual(
      at9(
        '1997-09-05',
        '1997-10-03',
        '1997-11-07',
        '1997-12-05',
        '1998-01-02',
        '1998-02-06',
        '1998-03-06',
        '1998-04-03',
        '1998-05-01',
        '1998-06-05',
      ),
    );
  });

  it('monthly on the second-to-last Monday for 6 months', () => {
    expect(wallTimes(series('1997-09-22T09:00', NY, 'FREQ=MONTHLY;COUNT=6;BYDAY=-2MO'))).toEqual(
      at9('1997-09-22', '1997-10-20', '1997-11-17', '1997-12-22', '1998-01-19', '1998-02-16'),
    );
  });

  it('monthly on the first and last day of the month for 10 occurrences', () => {
    expect(wallTimes(series('1997-09-30T09:00', NY, 'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1'))).toEqual(
      at9(
        '1997-09-30',
        '1997-10-01',
        '1997-10-31',
        '1997-11-01',
        '1997-11-30',
        '1997-12-01',
        '1997-12-31',
        '1998-01-01',
        '1998-01-31',
        '1998-02-01',
      ),
    );
  });

  it('yearly in June and July for 10 occurrences', () => {
    expect(wallTimes(series('1997-06-10T09:00', NY, 'FREQ=YEARLY;COUNT=10;BYMONTH=6,7'))).toEqual(
      at9(
        '1997-06-10',
        '1997-07-10',
        '1998-06-10',
        '1998-07-10',
        '1999-06-10',
        '1999-07-10',
        '2000-06-10',
        '2000-07-10',
        '2001-06-10',
        '2001-07-10',
      ),
    );
  });

  it('every Friday the 13th, with the start excluded', () => {
    const start = DateTime.fromISO('1997-09-02T09:00', { zone: NY }).toUTC().toISO() as string;
    expect(wallTimes(series('1997-09-02T09:00', NY, 'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', [start]))).toEqual(
      at9('1998-02-13', '1998-03-13', '1998-11-13', '1999-08-13', '2000-10-13', '2001-04-13', '2001-07-13'),
    );
  });

  it('the last work day of the month', () => {
    expect(
      wallTimes(
        series('1997-09-02T09:00', NY, 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1'),
        '1997-09-01',
        '1998-04-01',
      ),
    ).toEqual(
      at9('1997-09-30', '1997-10-31', '1997-11-28', '1997-12-31', '1998-01-30', '1998-02-27', '1998-03-31'),
    );
  });
});

describe('recurrence across daylight-saving changes in two zones', () => {
  it('a 19:00 weekly series in Europe/Berlin stays at 19:00 local through both changes', () => {
    const s = series('2026-10-13T19:00', 'Europe/Berlin', 'FREQ=WEEKLY;BYDAY=TU');
    const occ = expandSeries(s, new Date('2026-10-01T00:00:00Z'), new Date('2027-04-10T00:00:00Z'), 100);
    const wall = occ.map((o) => DateTime.fromISO(o.start, { zone: 'Europe/Berlin' }).toFormat('HH:mm'));
    expect(new Set(wall)).toEqual(new Set(['19:00']));
    // CEST (UTC+2) before 25 October, CET (UTC+1) after, CEST again after 28 March.
    expect(occ[1]?.start).toBe('2026-10-20T17:00:00.000Z');
    expect(occ[2]?.start).toBe('2026-10-27T18:00:00.000Z');
    expect(occ.find((o) => o.start.startsWith('2027-03-30'))?.start).toBe('2027-03-30T17:00:00.000Z');
    // Each occurrence keeps its hour of length.
    for (const o of occ) expect(Date.parse(o.end) - Date.parse(o.start)).toBe(3_600_000);
  });

  it('an 08:00 daily series in Australia/Sydney stays at 08:00 when the clocks go forward in October', () => {
    const s = series('2026-10-02T08:00', 'Australia/Sydney', 'FREQ=DAILY;COUNT=4');
    const occ = expandSeries(s, new Date('2026-09-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'), 10);
    // AEST (UTC+10) until 4 October 02:00, AEDT (UTC+11) after.
    expect(occ.map((o) => o.start)).toEqual([
      '2026-10-01T22:00:00.000Z',
      '2026-10-02T22:00:00.000Z',
      '2026-10-03T21:00:00.000Z',
      '2026-10-04T21:00:00.000Z',
    ]);
  });

  it('a time inside the spring gap moves forward by the gap on that day only', () => {
    const s = series('2027-03-27T02:30', 'Europe/Berlin', 'FREQ=DAILY;COUNT=3');
    const occ = expandSeries(s, new Date('2027-03-01T00:00:00Z'), new Date('2027-04-01T00:00:00Z'), 10);
    expect(occ.map((o) => DateTime.fromISO(o.start, { zone: 'Europe/Berlin' }).toFormat('dd HH:mm'))).toEqual(
      ['27 02:30', '28 03:30', '29 02:30'],
    );
  });

  it('all-day series keep their calendar days in the zone', () => {
    const s: SeriesTimes = {
      start: '2026-10-24T22:00:00.000Z',
      end: '2026-10-25T22:59:00.000Z',
      allDay: true,
      startDate: '2026-10-25',
      endDate: '2026-10-25',
      timeZone: 'Europe/Berlin',
      rrule: checkRrule('FREQ=DAILY;COUNT=3', 'Europe/Berlin'),
      exdates: [],
    };
    const occ = expandSeries(s, new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'), 10);
    expect(occ.map((o) => [o.startDate, o.endDate])).toEqual([
      ['2026-10-25', '2026-10-25'],
      ['2026-10-26', '2026-10-26'],
      ['2026-10-27', '2026-10-27'],
    ]);
    expect(occ[1]?.start).toBe('2026-10-25T23:00:00.000Z');
  });
});

describe('rule checks and splits', () => {
  it('refuses what is not a usable rule, naming rrule', () => {
    for (const bad of [
      'FREQ=SOMETIMES',
      'FREQ=HOURLY',
      'BYDAY=MO',
      'FREQ=DAILY;COUNT=2;UNTIL=20270101T000000Z',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=DAILY;BYHOUR=3',
      'FREQ=DAILY\nDTSTART:20260101T000000Z',
      'FREQ=DAILY;FREQ=WEEKLY',
      'nonsense',
    ]) {
      expect(() => checkRrule(bad, 'UTC'), bad).toThrowError(expect.objectContaining({ field: 'rrule' }));
    }
  });

  it('normalises: prefix dropped, an UNTIL date means the end of that day in the zone', () => {
    expect(checkRrule('RRULE:freq=weekly;byday=tu', 'UTC')).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(checkRrule('FREQ=DAILY;UNTIL=20261231', 'Europe/Berlin')).toBe(
      'FREQ=DAILY;UNTIL=20261231T225959Z',
    );
    expect(checkRrule('', 'UTC')).toBeNull();
  });

  it('splitting a counted series keeps the total count', () => {
    const s = series('2026-01-05T19:00', 'Europe/Berlin', 'FREQ=WEEKLY;COUNT=10');
    const key = '2026-02-02T18:00:00.000Z';
    expect(isOccurrence(s, key)).toBe(true);
    expect(isOccurrence(s, '2026-02-03T18:00:00.000Z')).toBe(false);
    expect(countBefore({ ...s, rrule: s.rrule as string }, key)).toBe(4);
    expect(endRuleBefore({ ...s, rrule: s.rrule as string }, key)).toBe('FREQ=WEEKLY;COUNT=4');
    expect(ruleFrom({ ...s, rrule: s.rrule as string }, key)).toBe('FREQ=WEEKLY;COUNT=6');
  });

  it('an open series ends with UNTIL one second before the split', () => {
    const s = series('2026-01-05T19:00', 'Europe/Berlin', 'FREQ=WEEKLY');
    expect(endRuleBefore({ ...s, rrule: s.rrule as string }, '2026-02-02T18:00:00.000Z')).toBe(
      'FREQ=WEEKLY;UNTIL=20260202T175959Z',
    );
  });

  it('stops once more than the limit would be answered', () => {
    const s = series('2026-01-01T08:00', 'UTC', 'FREQ=DAILY');
    expect(() =>
      expandSeries(s, new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), 100),
    ).toThrow(TooManyOccurrences);
  });
});

describe('zone offsets worked out per year', () => {
  it('agree with luxon at every hour of two years in three zones, and around each change to the minute', async () => {
    const { IANAZone } = await import('luxon');
    const { offsetAt } = await import('./zone-offsets.js');
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe']) {
      const tz = IANAZone.create(zone);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 3_600_000) {
        expect(offsetAt(zone, ms), `${zone} ${new Date(ms).toISOString()}`).toBe(tz.offset(ms));
      }
      // The minutes either side of Berlin's change on 29 March 2026, 01:00 UTC.
      for (let ms = Date.UTC(2026, 2, 29, 0, 58); ms < Date.UTC(2026, 2, 29, 1, 2); ms += 60_000) {
        expect(offsetAt(zone, ms)).toBe(tz.offset(ms));
      }
    }
  });
});
