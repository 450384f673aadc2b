import type { BillActivity } from '@hearth/contract';
import { t } from '../../../lib/i18n';

/**
 * One line of the activity log for people: "Ann added the expense “Big shop” (€30.01)". Changes the server
 * made itself (a recurring bill falling due) read "Recurring bill added …".
 */
export function activitySentence(
  a: BillActivity,
  me: number,
  nameOf: (userId: number) => string,
  money: (minor: number) => string,
): string {
  return t('bills:sentences.activity', {
    who: a.actor === null ? 'server' : a.actor === me ? 'me' : 'other',
    name: a.actor === null ? '' : nameOf(a.actor),
    action: a.action,
    subject: a.subject,
    title: a.title,
    amount: money(a.amount_minor),
  });
}
