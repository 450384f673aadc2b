import type { TaskRepeat } from '@hearth/contract';
import { LAST_DAY_OF_MONTH, TASK_INTERVAL_MAX } from '@hearth/contract';
import { validationError } from '../../lib/errors.js';
import type { RepeatRule } from './repeat.js';

/** The rule a task gets when the request sends none. */
export const NO_REPEAT: RepeatRule = { every: 'none', interval: null, weekdays: null, month_day: null };

function checkInterval(value: number | null | undefined): number {
  if (value === null || value === undefined) {
    throw validationError('repeat.interval', 'repeat.interval is required for a repeating task.');
  }
  if (!Number.isInteger(value) || value < 1 || value > TASK_INTERVAL_MAX) {
    throw validationError(
      'repeat.interval',
      `repeat.interval must be a whole number from 1 to ${TASK_INTERVAL_MAX}.`,
    );
  }
  return value;
}

function checkWeekdays(value: number[] | null | undefined): number[] {
  if (!value || value.length === 0) {
    throw validationError('repeat.weekdays', 'repeat.weekdays must name at least one weekday.');
  }
  if (value.some((day) => !Number.isInteger(day) || day < 0 || day > 6)) {
    throw validationError(
      'repeat.weekdays',
      'repeat.weekdays must hold numbers from 0 (Sunday) to 6 (Saturday).',
    );
  }
  return [...new Set(value)].sort((a, b) => a - b);
}

function checkMonthDay(value: number | null | undefined): number {
  const valid =
    value !== null &&
    value !== undefined &&
    Number.isInteger(value) &&
    (value === LAST_DAY_OF_MONTH || (value >= 1 && value <= 31));
  if (!valid) {
    throw validationError(
      'repeat.month_day',
      'repeat.month_day must be a day from 1 to 31, or -1 for the last day.',
    );
  }
  return value;
}

/** A checked rule from the request; fields that do not apply to `every` are dropped. */
export function parseRepeat(input: TaskRepeat | undefined): RepeatRule {
  if (!input || input.every === 'none') return NO_REPEAT;
  const interval = checkInterval(input.interval);
  switch (input.every) {
    case 'weeks':
      return { every: 'weeks', interval, weekdays: checkWeekdays(input.weekdays), month_day: null };
    case 'months':
      return { every: 'months', interval, weekdays: null, month_day: checkMonthDay(input.month_day) };
    default:
      return { every: input.every, interval, weekdays: null, month_day: null };
  }
}
