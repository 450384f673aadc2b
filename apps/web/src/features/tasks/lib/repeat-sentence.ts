import type { TaskRepeat } from '@hearth/contract';
import { LAST_DAY_OF_MONTH } from '@hearth/contract';
import { weekdayName } from '../../../lib/dates';
import { t } from '../../../lib/i18n';

/** Short weekday names, 0 = Sunday .. 6 = Saturday as the API numbers them. */
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Weekdays in the order a week reads (Monday first). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return t('tasks:repeatWords.list', { first: words.slice(0, -1).join(', '), last: words.at(-1) });
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st, 31st. */
export function ordinal(n: number): string {
  return t('tasks:repeatWords.ordinal', { n });
}

/**
 * A repeat rule as the sentence the form and the list show: 'Every 2 weeks on Mon and Thu',
 * 'Monthly on the last day', '3 days after it is done'.
 */
export function repeatSentence(repeat: TaskRepeat): string {
  const n = repeat.interval ?? 1;
  switch (repeat.every) {
    case 'none':
      return t('tasks:repeatWords.none');
    case 'days':
      return t('tasks:repeatWords.days', { n });
    case 'weeks': {
      const chosen = new Set(repeat.weekdays ?? []);
      const days = WEEK_ORDER.filter((day) => chosen.has(day)).map((day) => weekdayName(day));
      const every = t('tasks:repeatWords.weeks', { n });
      return days.length > 0 ? t('tasks:repeatWords.weeksOn', { every, days: joinWords(days) }) : every;
    }
    case 'months': {
      const day = repeat.month_day ?? 1;
      const on =
        day === LAST_DAY_OF_MONTH
          ? t('tasks:repeatWords.lastDay')
          : t('tasks:repeatWords.nth', { day: ordinal(day) });
      return t('tasks:repeatWords.months', { n, on });
    }
    case 'days_after_done':
      return t('tasks:repeatWords.daysAfterDone', { n });
  }
}
