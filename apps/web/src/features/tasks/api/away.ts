import type { AwayInput, AwayPeriod, Ok } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { taskKeys } from './keys';

export function fetchAwayPeriods(api: ApiClient, signal?: AbortSignal): Promise<AwayPeriod[]> {
  return api.get<AwayPeriod[]>('/api/away/', {
    failure: t('tasks:failedToFetchAwayPeriods'),
    ...(signal && { signal }),
  });
}

export const createAwayPeriod = (api: ApiClient, input: AwayInput) =>
  api.post<AwayPeriod>('/api/away/', input);

export const deleteAwayPeriod = (api: ApiClient, awayId: number) => api.delete<Ok>(`/api/away/${awayId}`);

export const awayQuery = (api: ApiClient) =>
  queryOptions({ queryKey: taskKeys.away(), queryFn: ({ signal }) => fetchAwayPeriods(api, signal) });

/** The house's away periods, earliest first. */
export function useAwayPeriods(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...awayQuery(api), enabled: options.enabled ?? true });
}

/** Adding or removing an away period can hand tasks on: everything tasks-related is refetched. */
export function useAddAwayPeriod() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AwayInput) => createAwayPeriod(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

export function useRemoveAwayPeriod() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (awayId: number) => deleteAwayPeriod(api, awayId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}
