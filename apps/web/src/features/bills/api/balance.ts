import type { Balance } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys } from './keys';

export const balanceQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: billKeys.balance(),
    queryFn: ({ signal }) =>
      api.get<Balance>('/api/balance/', { failure: t('bills:failedToFetchBalances'), signal }),
  });

/** Who paid what, who owes what, the fewest payments to settle, and everyone's names. */
export function useBalance(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...balanceQuery(api), enabled: options.enabled ?? true });
}
