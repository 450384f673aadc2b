import type { Payment, PaymentInput, PaymentPage } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { HISTORY_PAGE } from './expenses';
import { billKeys, filterQuery, type HistoryFilter } from './keys';

export const paymentsQuery = (api: ApiClient, filter: HistoryFilter) =>
  infiniteQueryOptions({
    queryKey: billKeys.payments(filter),
    queryFn: ({ pageParam, signal }) => {
      const params = filterQuery(filter, true);
      params.set('limit', String(HISTORY_PAGE));
      if (pageParam) params.set('before', pageParam);
      return api.get<PaymentPage>(`/api/payment/?${params}`, {
        failure: t('bills:failedToFetchPayments'),
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** Payments between housemates, newest first, a page at a time. */
export function usePayments(filter: HistoryFilter, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({ ...paymentsQuery(api, filter), enabled: options.enabled ?? true });
}

export function useRecordPayment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentInput) => api.post<Payment>('/api/payment/', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export function useDeletePayment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => api.delete<{ ok: true }>(`/api/payment/${paymentId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billKeys.all }),
  });
}
