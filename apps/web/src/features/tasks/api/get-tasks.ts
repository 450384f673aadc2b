import type { Task } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { taskKeys } from './keys';

export function fetchTasks(api: ApiClient, signal?: AbortSignal): Promise<Task[]> {
  return api.get<Task[]>('/api/task/', { failure: t('tasks:failedToFetchTasks'), ...(signal && { signal }) });
}

export const tasksQuery = (api: ApiClient) =>
  queryOptions({ queryKey: taskKeys.list(), queryFn: ({ signal }) => fetchTasks(api, signal) });

/** The house's open tasks, soonest due first (the live stream keeps them current). */
export function useTasks(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...tasksQuery(api), enabled: options.enabled ?? true });
}
