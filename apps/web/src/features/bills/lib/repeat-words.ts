import type { Repeat } from '@hearth/contract';
import { t } from '../../../lib/i18n';

/** How often a recurring bill falls due, in words: "Every month on day 1", "Every 2 weeks". */
export function repeatWords(repeat: Repeat): string {
  // One whole message per shape, so each language orders the words its own way.
  const day = repeat.every === 'months' ? repeat.month_day : null;
  if (day === null) return t('bills:repeatWords.every', { every: repeat.every, n: repeat.interval });
  if (day === 'last') return t('bills:repeatWords.lastDay', { n: repeat.interval });
  return t('bills:repeatWords.onDay', { n: repeat.interval, day });
}
