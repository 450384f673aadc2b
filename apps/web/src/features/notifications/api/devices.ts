import type {
  Ok,
  PushPublicKey,
  PushSubscription,
  PushSubscriptionInput,
  PushSubscriptionList,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { notificationKeys } from './keys';

const PATH = '/api/push-subscription/';

export function fetchDevices(api: ApiClient, signal?: AbortSignal): Promise<PushSubscriptionList> {
  return api.get<PushSubscriptionList>(PATH, {
    failure: t('notifications:failures.fetchDevices'),
    ...(signal && { signal }),
  });
}

export function fetchPushPublicKey(api: ApiClient, signal?: AbortSignal): Promise<PushPublicKey> {
  return api.get<PushPublicKey>('/api/push/public-key', {
    failure: t('notifications:failures.fetchPushKey'),
    ...(signal && { signal }),
  });
}

export function addDevice(api: ApiClient, input: PushSubscriptionInput): Promise<PushSubscription> {
  return api.post<PushSubscription>(PATH, input);
}

export function removeDevice(api: ApiClient, id: number): Promise<Ok> {
  return api.delete<Ok>(`${PATH}${id}`, { failure: t('notifications:failures.removeDevice') });
}

export const devicesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: notificationKeys.devices(), queryFn: ({ signal }) => fetchDevices(api, signal) });

/** The signed-in person's own devices, newest first. */
export function useDevices() {
  const api = useApiClient();
  return useQuery(devicesQuery(api));
}

export function useRemoveDevice() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removeDevice(api, id),
    onSuccess: (_ok, id) => {
      queryClient.setQueryData<PushSubscriptionList>(notificationKeys.devices(), (list) =>
        list?.filter((d) => d.push_subscription_id !== id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devices() }),
  });
}
