import type { TaskRepeat } from '@hearth/contract';
import { LAST_DAY_OF_MONTH } from '@hearth/contract';

/** Short weekday names, 0 = Sunday .. 6 = Saturday as the API numbers them. */
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Weekdays in the order a week reads (Monday first). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st, 31st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/**
 * A repeat rule as the sentence the form and the list show: 'Every 2 weeks on Mon and Thu',
 * 'Monthly on the last day', '3 days after it is done'.
 */
export function repeatSentence(repeat: TaskRepeat): string {
  const n = repeat.interval ?? 1;
  switch (repeat.every) {
    case 'none':
      return 'Does not repeat';
    case 'days':
      return n === 1 ? 'Every day' : `Every ${n} days`;
    case 'weeks': {
      const chosen = new Set(repeat.weekdays ?? []);
      const days = WEEK_ORDER.filter((day) => chosen.has(day)).map((day) => WEEKDAY_SHORT[day]);
      const every = n === 1 ? 'Every week' : `Every ${n} weeks`;
      return days.length > 0 ? `${every} on ${joinWords(days)}` : every;
    }
    case 'months': {
      const day = repeat.month_day ?? 1;
      const on = day === LAST_DAY_OF_MONTH ? 'the last day' : `the ${ordinal(day)}`;
      return `${n === 1 ? 'Monthly' : `Every ${n} months`} on ${on}`;
    }
    case 'days_after_done':
      return `${plural(n, '1 day', 'days')} after it is done`;
  }
}
