import type { HouseCurrency } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys } from './keys';

export const currencyQuery = (api: ApiClient, houseId: number) =>
  queryOptions({
    queryKey: billKeys.currency(houseId),
    queryFn: ({ signal }) =>
      api.get<HouseCurrency>(`/api/house/${houseId}/currency`, {
        failure: t('bills:failedToFetchCurrency'),
        signal,
      }),
  });

/** The house currency (null before the house first chooses one). */
export function useHouseCurrency(houseId: number | null | undefined) {
  const api = useApiClient();
  return useQuery({ ...currencyQuery(api, houseId ?? 0), enabled: houseId != null });
}

export function useSetCurrency(houseId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => api.put<HouseCurrency>(`/api/house/${houseId}/currency`, { currency }),
    onSuccess: (answer) => {
      queryClient.setQueryData(billKeys.currency(houseId), answer);
      return queryClient.invalidateQueries({ queryKey: billKeys.all });
    },
  });
}
