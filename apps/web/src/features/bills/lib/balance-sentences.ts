import type { Transfer } from '@hearth/contract';
import { t as tr } from '../../../lib/i18n';

/**
 * What the settle-up plan means for one person, in plain sentences: "You owe Bob €12.40",
 * "Carol owes you €3.00", or "All settled" when they neither pay nor receive anything.
 */
export function myBalanceSentences(
  settle: readonly Transfer[],
  me: number,
  nameOf: (userId: number) => string,
  money: (minor: number) => string,
): string[] {
  const sentences = settle.flatMap((t) => {
    if (t.from === me)
      return [tr('bills:sentences.youOwe', { name: nameOf(t.to), amount: money(t.amount_minor) })];
    if (t.to === me)
      return [tr('bills:sentences.owesYou', { name: nameOf(t.from), amount: money(t.amount_minor) })];
    return [];
  });
  return sentences.length > 0 ? sentences : [tr('bills:allSettled')];
}

/** A suggested payment for anyone to read: "Alice pays Bob €12.40", with "You" for the reader. */
export function transferSentence(
  t: Transfer,
  me: number,
  nameOf: (userId: number) => string,
  money: (minor: number) => string,
): string {
  if (t.from === me)
    return tr('bills:sentences.youPay', { name: nameOf(t.to), amount: money(t.amount_minor) });
  if (t.to === me)
    return tr('bills:sentences.paysYou', { name: nameOf(t.from), amount: money(t.amount_minor) });
  return tr('bills:sentences.pays', {
    from: nameOf(t.from),
    to: nameOf(t.to),
    amount: money(t.amount_minor),
  });
}
