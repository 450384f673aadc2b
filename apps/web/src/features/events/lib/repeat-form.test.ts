import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { blankRepeat, buildRrule, repeatChoices, rruleToForm, weekdayPosition } from './repeat-form';

const form = (over: Partial<ReturnType<typeof blankRepeat>>) => ({ ...blankRepeat(), ...over });

describe('repeat controls to RRULE and back', () => {
  it('builds the rules people pick', () => {
    expect(buildRrule(form({ repeat: 'none' }), '2026-11-24')).toEqual({ ok: true, rrule: null });
    expect(buildRrule(form({ repeat: 'daily', interval: '2' }), '2026-11-24')).toEqual({
      ok: true,
      rrule: 'FREQ=DAILY;INTERVAL=2',
    });
    // Tuesday 24 November: weekly with no day chosen repeats on the start's day.
    expect(buildRrule(form({ repeat: 'weekly' }), '2026-11-24')).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
    });
    expect(buildRrule(form({ repeat: 'weekly', weekdays: [3, 0] }), '2026-11-24')).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
    });
    // Thursday 5 November 2026 is the first Thursday; Friday 27 November the last Friday.
    expect(buildRrule(form({ repeat: 'monthly-weekday' }), '2026-11-05')).toMatchObject({
      rrule: 'FREQ=MONTHLY;BYDAY=+1TH',
    });
    expect(buildRrule(form({ repeat: 'monthly-weekday' }), '2026-11-27')).toMatchObject({
      rrule: 'FREQ=MONTHLY;BYDAY=-1FR',
    });
    expect(buildRrule(form({ repeat: 'yearly', ends: 'count', count: '5' }), '2026-11-24')).toMatchObject({
      rrule: 'FREQ=YEARLY;COUNT=5',
    });
    expect(
      buildRrule(form({ repeat: 'monthly-day', ends: 'until', until: '2027-06-30' }), '2026-11-24'),
    ).toMatchObject({
      rrule: 'FREQ=MONTHLY;UNTIL=20270630',
    });
  });

  it('names the control that is wrong', () => {
    expect(buildRrule(form({ repeat: 'daily', interval: '0' }), '2026-11-24')).toMatchObject({
      ok: false,
      field: 'interval',
    });
    expect(buildRrule(form({ repeat: 'daily', ends: 'until', until: '' }), '2026-11-24')).toMatchObject({
      ok: false,
      field: 'until',
    });
    expect(
      buildRrule(form({ repeat: 'daily', ends: 'until', until: '2026-11-01' }), '2026-11-24'),
    ).toMatchObject({
      ok: false,
      field: 'until',
    });
    expect(buildRrule(form({ repeat: 'daily', ends: 'count', count: 'x' }), '2026-11-24')).toMatchObject({
      ok: false,
      field: 'count',
    });
  });

  it('reads a stored rule back into the controls', () => {
    expect(rruleToForm('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=6', 'UTC')).toMatchObject({
      repeat: 'weekly',
      interval: '2',
      weekdays: [0, 3],
      ends: 'count',
      count: '6',
    });
    expect(rruleToForm('FREQ=MONTHLY;BYDAY=+1TH', 'UTC').repeat).toBe('monthly-weekday');
    // The server keeps UNTIL as the end of the day in the event's zone.
    expect(rruleToForm('FREQ=DAILY;UNTIL=20270630T215959Z', 'Europe/Berlin')).toMatchObject({
      ends: 'until',
      until: '2027-06-30',
    });
    expect(rruleToForm(null, 'UTC').repeat).toBe('none');
  });

  it('says which weekday of the month a date is', () => {
    expect(weekdayPosition(DateTime.fromISO('2026-11-05'))).toBe(1);
    expect(weekdayPosition(DateTime.fromISO('2026-11-19'))).toBe(3);
    expect(weekdayPosition(DateTime.fromISO('2026-11-26'))).toBe(-1);
    expect(repeatChoices('2026-11-05').find((c) => c.value === 'monthly-weekday')?.label).toBe(
      'Monthly on the first Thursday',
    );
  });
});
