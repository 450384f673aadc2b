import type { MemberBalance } from '@hearth/contract';

/** Totals per member as the database sums them: what they paid (expenses and payments sent) and owe. */
export interface MemberTotals {
  user_id: number;
  paid_minor: number;
  share_minor: number;
}

/**
 * One line per member: what they paid, their share and their net (paid minus share; positive means the
 * house owes them). Members with no money yet get zeros; people who left the house but still have
 * amounts keep their line, so the nets always add up to zero.
 */
export function memberBalances(
  memberIds: readonly number[],
  totals: readonly MemberTotals[],
): MemberBalance[] {
  const byUser = new Map<number, MemberBalance>();
  for (const user_id of memberIds)
    byUser.set(user_id, { user_id, paid_minor: 0, share_minor: 0, net_minor: 0 });
  for (const t of totals) {
    const line = byUser.get(t.user_id) ?? { user_id: t.user_id, paid_minor: 0, share_minor: 0, net_minor: 0 };
    line.paid_minor += t.paid_minor;
    line.share_minor += t.share_minor;
    line.net_minor = line.paid_minor - line.share_minor;
    byUser.set(t.user_id, line);
  }
  return [...byUser.values()];
}

/** Pure totals from plain rows, for tests and small lists: the database computes the same with SUM. */
export function totalsOf(
  expenses: readonly {
    paid_by: number;
    amount_minor: number;
    portions: readonly { user_id: number; amount_minor: number }[];
  }[],
  payments: readonly { from: number; to: number; amount_minor: number }[],
): MemberTotals[] {
  const totals = new Map<number, MemberTotals>();
  const at = (user_id: number) => {
    let t = totals.get(user_id);
    if (!t) {
      t = { user_id, paid_minor: 0, share_minor: 0 };
      totals.set(user_id, t);
    }
    return t;
  };
  for (const e of expenses) {
    at(e.paid_by).paid_minor += e.amount_minor;
    for (const p of e.portions) at(p.user_id).share_minor += p.amount_minor;
  }
  // A payment counts as paid by the sender and owed by the receiver.
  for (const p of payments) {
    at(p.from).paid_minor += p.amount_minor;
    at(p.to).share_minor += p.amount_minor;
  }
  return [...totals.values()];
}
