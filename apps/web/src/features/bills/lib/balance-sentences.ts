import type { Transfer } from '@hearth/contract';

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
    if (t.from === me) return [`You owe ${nameOf(t.to)} ${money(t.amount_minor)}`];
    if (t.to === me) return [`${nameOf(t.from)} owes you ${money(t.amount_minor)}`];
    return [];
  });
  return sentences.length > 0 ? sentences : ['All settled'];
}

/** A suggested payment for anyone to read: "Alice pays Bob €12.40", with "You" for the reader. */
export function transferSentence(
  t: Transfer,
  me: number,
  nameOf: (userId: number) => string,
  money: (minor: number) => string,
): string {
  if (t.from === me) return `You pay ${nameOf(t.to)} ${money(t.amount_minor)}`;
  if (t.to === me) return `${nameOf(t.from)} pays you ${money(t.amount_minor)}`;
  return `${nameOf(t.from)} pays ${nameOf(t.to)} ${money(t.amount_minor)}`;
}
