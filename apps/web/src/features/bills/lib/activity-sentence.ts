import type { BillActivity } from '@hearth/contract';

const VERB: Record<BillActivity['action'], string> = {
  created: 'added',
  updated: 'changed',
  deleted: 'deleted',
};
const NOUN: Record<BillActivity['subject'], string> = {
  expense: 'the expense',
  payment: 'a payment',
  recurring: 'the recurring bill',
};

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
  const who = a.actor === null ? 'Recurring bill' : a.actor === me ? 'You' : nameOf(a.actor);
  const what = a.subject === 'payment' ? NOUN.payment : `${NOUN[a.subject]} “${a.title}”`;
  return `${who} ${VERB[a.action]} ${what} (${money(a.amount_minor)})`;
}
