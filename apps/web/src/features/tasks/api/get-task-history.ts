import type { TaskHistoryItem } from '@hearth/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { taskKeys } from './keys';

export const HISTORY_PAGE = 10;

export function fetchTaskHistory(
  api: ApiClient,
  taskId: number,
  before: number | null,
  signal?: AbortSignal,
): Promise<TaskHistoryItem[]> {
  const query = `limit=${HISTORY_PAGE}${before === null ? '' : `&before=${before}`}`;
  return api.get<TaskHistoryItem[]>(`/api/task/${taskId}/history?${query}`, {
    failure: t('tasks:failedToFetchTaskHistory'),
    ...(signal && { signal }),
  });
}

export const taskHistoryQuery = (api: ApiClient, taskId: number) =>
  infiniteQueryOptions({
    queryKey: taskKeys.history(taskId),
    queryFn: ({ pageParam, signal }) => fetchTaskHistory(api, taskId, pageParam, signal),
    initialPageParam: null as number | null,
    // A full page may have more behind it: ask for what is older than its last entry.
    getNextPageParam: (page) => (page.length === HISTORY_PAGE ? page.at(-1)!.history_id : undefined),
  });

/** A task's dones and skips, newest first, a page at a time. */
export function useTaskHistory(taskId: number) {
  const api = useApiClient();
  return useInfiniteQuery(taskHistoryQuery(api, taskId));
}
