import type { Spending } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys } from './keys';

export const spendingQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: billKeys.spending(),
    queryFn: ({ signal }) =>
      api.get<Spending>('/api/expense/spending', { failure: t('bills:failedToFetchSpending'), signal }),
  });

/** Spending per month and category, as the database sums it. */
export function useSpending(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...spendingQuery(api), enabled: options.enabled ?? true });
}
