import { describe, expect, it } from 'vitest';
import { addDays, restOfWeek, weekDays, weekStart } from './week';

describe('weeks', () => {
  it('start on Monday', () => {
    expect(weekStart('2026-12-03')).toBe('2026-11-30');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
  });

  it('have seven days, across a month and a daylight-saving change', () => {
    expect(weekDays('2026-10-19')).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('offer the rest of this week for shopping', () => {
    expect(restOfWeek('2026-12-03')).toEqual({ from: '2026-12-03', to: '2026-12-06' });
    expect(restOfWeek('2026-12-06')).toEqual({ from: '2026-12-06', to: '2026-12-06' });
  });
});
