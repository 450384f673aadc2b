import { t } from '../../../lib/i18n';

/*
 * The server keeps why the last fetch failed as an English sentence (`last_error`); the ones it writes are
 * shown in the reader's language, anything else as it came.
 */
const KNOWN: readonly [RegExp, (status: string) => string][] = [
  [
    /^Nothing was found at the calendar address \((\d+)\)\.$/,
    (status) => t('events:external.errors.notFound', { status }),
  ],
  [
    /^The calendar address answered with an error \((\d+)\)\.$/,
    (status) => t('events:external.errors.status', { status }),
  ],
  [/^The address does not give a calendar/, () => t('events:external.errors.notACalendar')],
  [/^The calendar is larger than/, () => t('events:external.errors.tooLarge')],
  [/^The calendar address did not answer in time/, () => t('events:external.errors.timeout')],
  [/^The calendar address leads to a local or private network/, () => t('events:external.errors.refused')],
  [/^The calendar address redirects too many times/, () => t('events:external.errors.redirects')],
  [/^The calendar address could not be reached/, () => t('events:external.errors.unreachable')],
];

export function lastErrorText(message: string): string {
  for (const [pattern, text] of KNOWN) {
    const match = pattern.exec(message);
    if (match) return text(match[1] ?? '');
  }
  return message;
}
