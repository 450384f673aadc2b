import type {
  NotificationSettings,
  NotificationSettingsInput,
  NotificationTestResult,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notificationKeys } from './keys';

const PATH = '/api/notification-settings/';

export function fetchNotificationSettings(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<NotificationSettings> {
  return api.get<NotificationSettings>(PATH, {
    failure: t('notifications:failures.fetchSettings'),
    ...(signal && { signal }),
  });
}

/** The server's own message (which names the field) is shown on failure, so no `failure` prefix here. */
export function saveNotificationSettings(
  api: ApiClient,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  return api.put<NotificationSettings>(PATH, input);
}

export function sendTestNotification(api: ApiClient): Promise<NotificationTestResult> {
  return api.post<NotificationTestResult>(`${PATH}test`);
}

export const notificationSettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => fetchNotificationSettings(api, signal),
  });

export function useNotificationSettings() {
  const api = useApiClient();
  return useQuery(notificationSettingsQuery(api));
}

/** Saves, then shows the server's answer (it is the settings as stored). */
export function useSaveNotificationSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => saveNotificationSettings(api, input),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings(), saved),
  });
}

export function useSendTestNotification() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestNotification(api),
    // A device the push service no longer knows is removed by the server while sending.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devices() }),
  });
}
