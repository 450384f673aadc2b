import { DEVICE_LABEL_MAX, type PushSubscription } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { askPermission, rememberThisDevice, subscribe } from '../lib/push-device';
import { addDevice, fetchPushPublicKey } from './devices';
import { notificationKeys } from './keys';

/**
 * "Enable notifications on this device": permission (asked first, while the click still counts), the
 * server's VAPID key, the browser's subscription through Hearth's worker, then the server stores it under
 * `label`. If the server refuses it, the browser's subscription is dropped again so the two agree.
 */
export function useEnableThisDevice() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string): Promise<PushSubscription> => {
      await askPermission();
      const { public_key } = await queryClient.fetchQuery({
        queryKey: notificationKeys.publicKey(),
        queryFn: ({ signal }) => fetchPushPublicKey(api, signal),
        staleTime: Infinity,
      });
      const { subscription, input } = await subscribe(public_key);
      const device_label = label.trim().slice(0, DEVICE_LABEL_MAX);
      try {
        const saved = await addDevice(api, { ...input, ...(device_label && { device_label }) });
        rememberThisDevice(saved.push_subscription_id);
        return saved;
      } catch (err) {
        await subscription.unsubscribe().catch(() => undefined);
        throw err;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.devices() }),
  });
}
