import type { BillActivityPage } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { billKeys } from './keys';

const ACTIVITY_PAGE = 20;

export const activityQuery = (api: ApiClient) =>
  infiniteQueryOptions({
    queryKey: billKeys.activity(),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(ACTIVITY_PAGE) });
      if (pageParam !== null) params.set('before', String(pageParam));
      return api.get<BillActivityPage>(`/api/expense/activity?${params}`, {
        failure: t('bills:failedToFetchActivity'),
        signal,
      });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before ?? undefined,
  });

/** Who added, changed and deleted which expenses and payments, newest first. */
export function useActivity(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({ ...activityQuery(api), enabled: options.enabled ?? true });
}
