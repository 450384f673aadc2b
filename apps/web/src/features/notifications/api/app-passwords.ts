import type { AppPasswordInput, AppPasswordList, NewAppPassword, Ok } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notificationKeys } from './keys';

const PATH = '/api/app-password/';

export function fetchAppPasswords(api: ApiClient, signal?: AbortSignal): Promise<AppPasswordList> {
  return api.get<AppPasswordList>(PATH, {
    failure: t('notifications:calendarApps.loadError'),
    ...(signal && { signal }),
  });
}

export const appPasswordsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.appPasswords(),
    queryFn: ({ signal }) => fetchAppPasswords(api, signal),
  });

/** The person's app passwords for calendar apps (never the passwords themselves). */
export function useAppPasswords() {
  const api = useApiClient();
  return useQuery(appPasswordsQuery(api));
}

/** Makes a password; the answer is the only time it is shown. */
export function useCreateAppPassword() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AppPasswordInput) => api.post<NewAppPassword>(PATH, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.appPasswords() }),
  });
}

export function useRemoveAppPassword() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Ok>(`${PATH}${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.appPasswords() }),
  });
}
