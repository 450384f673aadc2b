import { SETTLE_EXACT_MAX_MEMBERS, type Transfer } from '@hearth/contract';

interface Net {
  user_id: number;
  net_minor: number;
}

/**
 * The payments that bring every net to zero (positive net: is owed money). Up to 12 people with a
 * non-zero net this is the exact fewest transfers; above that a greedy match of largest debts.
 *
 * The fewest transfers for n people is n minus the largest number of groups the people can be split into
 * so that each group's nets add up to zero (a group of k settles within itself in k - 1 transfers, and
 * never in fewer). That number comes from a dynamic programme over subsets.
 */
export function settleUp(nets: readonly Net[]): Transfer[] {
  const open = nets.filter((n) => n.net_minor !== 0).sort((a, b) => a.user_id - b.user_id);
  if (open.length === 0) return [];
  if (open.length > SETTLE_EXACT_MAX_MEMBERS) return settleGreedy(open);
  return zeroSumGroups(open).flatMap(settleGreedy);
}

/** Splits people into the most groups whose nets each add up to zero. */
export function zeroSumGroups(people: readonly Net[]): Net[][] {
  const n = people.length;
  const full = (1 << n) - 1;
  const sums = new Array<number>(full + 1).fill(0);
  const groups = new Array<number>(full + 1).fill(0);
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    const index = 31 - Math.clz32(low);
    sums[mask] = (sums[mask ^ low] as number) + (people[index] as Net).net_minor;
    let best = 0;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest;
      best = Math.max(best, groups[mask ^ bit] as number);
    }
    groups[mask] = best + (sums[mask] === 0 ? 1 : 0);
  }
  // Walk back from everyone, removing one person at a time without losing a group; each time the
  // remaining people add up to zero, the people removed since the last such point form one group.
  const result: Net[][] = [];
  let current: Net[] = [];
  let mask = full;
  while (mask !== 0) {
    const target = (groups[mask] as number) - (sums[mask] === 0 ? 1 : 0);
    let chosen = 0;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const bit = rest & -rest;
      if (groups[mask ^ bit] === target) {
        chosen = bit;
        break;
      }
    }
    current.push(people[31 - Math.clz32(chosen)] as Net);
    mask ^= chosen;
    if (sums[mask] === 0) {
      result.push(current);
      current = [];
    }
  }
  return result;
}

/**
 * Repeatedly pays the largest debt to the largest credit. Every transfer clears at least one person and
 * the last clears two, so a zero-sum group of k people needs at most k - 1 transfers.
 */
export function settleGreedy(people: readonly Net[]): Transfer[] {
  const byAmount = (a: { left: number; user_id: number }, b: { left: number; user_id: number }) =>
    b.left - a.left || a.user_id - b.user_id;
  const creditors = people
    .filter((p) => p.net_minor > 0)
    .map((p) => ({ user_id: p.user_id, left: p.net_minor }));
  const debtors = people
    .filter((p) => p.net_minor < 0)
    .map((p) => ({ user_id: p.user_id, left: -p.net_minor }));
  const transfers: Transfer[] = [];
  creditors.sort(byAmount);
  debtors.sort(byAmount);
  while (creditors.length > 0 && debtors.length > 0) {
    const creditor = creditors[0] as { user_id: number; left: number };
    const debtor = debtors[0] as { user_id: number; left: number };
    const amount = Math.min(creditor.left, debtor.left);
    transfers.push({ from: debtor.user_id, to: creditor.user_id, amount_minor: amount });
    creditor.left -= amount;
    debtor.left -= amount;
    if (creditor.left === 0) creditors.shift();
    if (debtor.left === 0) debtors.shift();
    creditors.sort(byAmount);
    debtors.sort(byAmount);
  }
  return transfers;
}
