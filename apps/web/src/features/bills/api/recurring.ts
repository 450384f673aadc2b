import type { RecurringExpense, RecurringExpenseInput } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys } from './keys';

export const recurringQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: billKeys.recurring(),
    queryFn: ({ signal }) =>
      api.get<RecurringExpense[]>('/api/recurring-expense/', {
        failure: t('bills:failedToFetchRecurringBills'),
        signal,
      }),
  });

export function useRecurring(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...recurringQuery(api), enabled: options.enabled ?? true });
}

/** Creates a recurring bill, or replaces `id`; dates already past become expenses, so all bills refetch. */
export function useSaveRecurring() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RecurringExpenseInput }) =>
      id === null
        ? api.post<RecurringExpense>('/api/recurring-expense/', input)
        : api.put<RecurringExpense>(`/api/recurring-expense/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useDeleteRecurring() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/api/recurring-expense/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
