import type { TaskMemberStats } from '@hearth/contract';
import { TASK_FAIRNESS_DAYS } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { taskKeys } from './keys';

export function fetchTaskStats(
  api: ApiClient,
  days: number,
  signal?: AbortSignal,
): Promise<TaskMemberStats[]> {
  return api.get<TaskMemberStats[]>(`/api/task/stats?days=${days}`, {
    failure: t('tasks:failedToFetchTaskStats'),
    ...(signal && { signal }),
  });
}

export const taskStatsQuery = (api: ApiClient, days = TASK_FAIRNESS_DAYS) =>
  queryOptions({
    queryKey: taskKeys.stats(days),
    queryFn: ({ signal }) => fetchTaskStats(api, days, signal),
  });

/** Effort done per member over the last `days` days, every member included. */
export function useTaskStats(days = TASK_FAIRNESS_DAYS, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...taskStatsQuery(api, days), enabled: options.enabled ?? true });
}
