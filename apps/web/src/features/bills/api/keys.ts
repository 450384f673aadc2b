import type { ExpenseCategory } from '@hearth/contract';

/** What the history is narrowed to; empty strings mean everyone, every category, every month. */
export interface HistoryFilter {
  member: string;
  category: ExpenseCategory | '';
  /** YYYY-MM or ''. */
  month: string;
}

/** Every bills query key starts with 'bills', so the live stream's 'bills' kind refetches them all. */
export const billKeys = {
  all: ['bills'] as const,
  currency: (houseId: number) => [...billKeys.all, 'currency', houseId] as const,
  balance: () => [...billKeys.all, 'balance'] as const,
  expenses: (filter: HistoryFilter) => [...billKeys.all, 'expenses', filter] as const,
  payments: (filter: HistoryFilter) => [...billKeys.all, 'payments', filter] as const,
  recurring: () => [...billKeys.all, 'recurring'] as const,
  spending: () => [...billKeys.all, 'spending'] as const,
  activity: () => [...billKeys.all, 'activity'] as const,
};

/** The query string of a history filter for the paged lists (month -> from/to dates). */
export function filterQuery(filter: HistoryFilter, forPayments: boolean): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.member) params.set('member', filter.member);
  if (filter.category && !forPayments) params.set('category', filter.category);
  if (filter.month) {
    const [year = 0, month = 1] = filter.month.split('-').map(Number);
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    params.set('from', `${filter.month}-01`);
    params.set('to', `${filter.month}-${String(last).padStart(2, '0')}`);
  }
  return params;
}
