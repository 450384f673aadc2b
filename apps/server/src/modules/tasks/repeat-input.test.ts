import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { NO_REPEAT, parseRepeat } from './repeat-input.js';

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err.field;
    throw err;
  }
  return undefined;
}

describe('parseRepeat', () => {
  it('treats a missing rule or none as no repeat, dropping the other fields', () => {
    expect(parseRepeat(undefined)).toEqual(NO_REPEAT);
    expect(parseRepeat({ every: 'none', interval: 3, weekdays: [1] })).toEqual(NO_REPEAT);
  });

  it('keeps only the fields that apply, weekdays sorted without repeats', () => {
    expect(parseRepeat({ every: 'weeks', interval: 2, weekdays: [4, 1, 4], month_day: 9 })).toEqual({
      every: 'weeks',
      interval: 2,
      weekdays: [1, 4],
      month_day: null,
    });
    expect(parseRepeat({ every: 'months', interval: 1, month_day: -1, weekdays: [2] })).toEqual({
      every: 'months',
      interval: 1,
      weekdays: null,
      month_day: -1,
    });
    expect(parseRepeat({ every: 'days_after_done', interval: 3 })).toEqual({
      every: 'days_after_done',
      interval: 3,
      weekdays: null,
      month_day: null,
    });
  });

  it('names the field of a bad rule', () => {
    expect(fieldOf(() => parseRepeat({ every: 'days', interval: 0 }))).toBe('repeat.interval');
    expect(fieldOf(() => parseRepeat({ every: 'days' }))).toBe('repeat.interval');
    expect(fieldOf(() => parseRepeat({ every: 'weeks', interval: 1, weekdays: [] }))).toBe('repeat.weekdays');
    expect(fieldOf(() => parseRepeat({ every: 'weeks', interval: 1, weekdays: [7] }))).toBe(
      'repeat.weekdays',
    );
    expect(fieldOf(() => parseRepeat({ every: 'months', interval: 1, month_day: 0 }))).toBe(
      'repeat.month_day',
    );
    expect(fieldOf(() => parseRepeat({ every: 'months', interval: 1, month_day: 32 }))).toBe(
      'repeat.month_day',
    );
    expect(fieldOf(() => parseRepeat({ every: 'months', interval: 1 }))).toBe('repeat.month_day');
  });
});
