import type { Expense, ExpenseInput, ExpensePage } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys, filterQuery, type HistoryFilter } from './keys';

export const HISTORY_PAGE = 30;

export const expensesQuery = (api: ApiClient, filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: billKeys.expenses(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = filterQuery(filter, false);
      params.set('limit', String(HISTORY_PAGE));
      if (pageParam) params.set('before', pageParam);
      return api.get<ExpensePage>(`/api/expense/?${params}`, {
        failure: t('bills:failedToFetchExpenses'),
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** The house's expenses, newest first, a page at a time. */
export function useExpenses(filter: HistoryFilter, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({ ...expensesQuery(api, filter), enabled: options.enabled ?? true });
}

/** Creates an expense, or replaces `expenseId` when given; every bills query refetches after. */
export function useSaveExpense() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expenseId, input }: { expenseId: number | null; input: ExpenseInput }) =>
      expenseId === null
        ? api.post<Expense>('/api/expense/', input)
        : api.put<Expense>(`/api/expense/${expenseId}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useDeleteExpense() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expenseId: number) => api.delete<{ ok: true }>(`/api/expense/${expenseId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
