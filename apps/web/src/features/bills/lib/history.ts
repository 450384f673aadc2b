import type { Expense, Payment } from '@hearth/contract';

export type HistoryItem =
  | { kind: 'expense'; date: string; expense: Expense }
  | { kind: 'payment'; date: string; payment: Payment };

/** One paged stream of the history as loaded so far: its rows, and whether older pages remain. */
interface Stream<T> {
  rows: readonly T[];
  hasMore: boolean;
}

/**
 * Expenses and payments in one list, newest first (by date; on one date expenses before payments, each
 * newest id first), holding back rows that an unloaded page of the other stream could still come before.
 * Each stream is paged by (date, id) going back in time, so a stream with more pages can only add rows
 * up to its last loaded date: payments on that date sort after its unseen expenses and wait, expenses on
 * that date sort before its unseen payments and may show. A stream with nothing loaded yet holds back all.
 */
export function mergeHistory(expenses: Stream<Expense>, payments: Stream<Payment>): HistoryItem[] {
  const lastExpense = expenses.rows.at(-1)?.spent_on;
  const lastPayment = payments.rows.at(-1)?.paid_on;
  const items: HistoryItem[] = [
    ...expenses.rows
      .filter((e) => !payments.hasMore || (lastPayment !== undefined && e.spent_on >= lastPayment))
      .map((expense): HistoryItem => ({ kind: 'expense', date: expense.spent_on, expense })),
    ...payments.rows
      .filter((p) => !expenses.hasMore || (lastExpense !== undefined && p.paid_on > lastExpense))
      .map((payment): HistoryItem => ({ kind: 'payment', date: payment.paid_on, payment })),
  ];
  const idOf = (item: HistoryItem) =>
    item.kind === 'expense' ? item.expense.expense_id : item.payment.payment_id;
  return items.sort(
    (a, b) =>
      (a.date < b.date ? 1 : a.date > b.date ? -1 : 0) ||
      (a.kind === b.kind ? 0 : a.kind === 'expense' ? -1 : 1) ||
      idOf(b) - idOf(a),
  );
}

/** Rows grouped under their month ("2025-03"), keeping the order given. */
export function byMonth(items: readonly HistoryItem[]): { month: string; items: HistoryItem[] }[] {
  const groups: { month: string; items: HistoryItem[] }[] = [];
  for (const item of items) {
    const month = item.date.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.items.push(item);
    else groups.push({ month, items: [item] });
  }
  return groups;
}
