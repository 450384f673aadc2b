import type { RepeatInterval } from '@hearth/contract';
import { t } from '../../lib/i18n';

/** A reminder's stored repeat ('Weekly') as the reader's language says it ("Wöchentlich"). */
export function repeatLabel(interval: RepeatInterval): string {
  return t(`reminders:intervals.${interval}`);
}
