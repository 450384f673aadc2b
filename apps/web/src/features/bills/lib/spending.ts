import { EXPENSE_CATEGORIES, type ExpenseCategory, type Spending } from '@hearth/contract';

export interface SpendingMonth {
  month: string;
  total: number;
  /** Every category in the fixed order, zero included, so bars stack the same way each month. */
  byCategory: { category: ExpenseCategory; amount_minor: number }[];
}

/** The spending rows as one bar per month (oldest first) and the largest month's total, for scale. */
export function spendingByMonth(rows: Spending['rows']): { months: SpendingMonth[]; max: number } {
  const months = new Map<string, Map<ExpenseCategory, number>>();
  for (const row of rows) {
    const month = months.get(row.month) ?? new Map<ExpenseCategory, number>();
    month.set(row.category, (month.get(row.category) ?? 0) + row.amount_minor);
    months.set(row.month, month);
  }
  const result = [...months.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, amounts]) => {
      const byCategory = EXPENSE_CATEGORIES.map((category) => ({
        category,
        amount_minor: amounts.get(category) ?? 0,
      }));
      return { month, total: byCategory.reduce((sum, c) => sum + c.amount_minor, 0), byCategory };
    });
  return { months: result, max: Math.max(0, ...result.map((m) => m.total)) };
}
