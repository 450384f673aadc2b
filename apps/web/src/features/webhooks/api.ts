import type {
  NewWebhook,
  Ok,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookInput,
  WebhookList,
  WebhookUpdate,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';

const PATH = '/api/webhook/';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number) => [...webhookKeys.all, 'deliveries', id] as const,
};

export function fetchWebhooks(api: ApiClient, signal?: AbortSignal): Promise<WebhookList> {
  return api.get<WebhookList>(PATH, { failure: t('webhooks:loadError'), ...(signal && { signal }) });
}

export const webhooksQuery = (api: ApiClient) =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => fetchWebhooks(api, signal) });

/** The house's webhooks (never their secrets). */
export function useWebhooks() {
  const api = useApiClient();
  return useQuery(webhooksQuery(api));
}

/** The latest deliveries of one webhook, read again every few seconds while shown (tries go on). */
export function useWebhookDeliveries(webhookId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryList>(`${PATH}${webhookId}/deliveries`, {
        failure: t('webhooks:log.loadError'),
        ...(signal && { signal }),
      }),
    refetchInterval: 3000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
}

/** Adds a webhook; the answer is the only time its signing secret is shown. */
export function useCreateWebhook() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: WebhookInput) => api.post<NewWebhook>(PATH, input),
    onSuccess: invalidate,
  });
}

export function useUpdateWebhook() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: WebhookUpdate }) =>
      api.put<Webhook>(`${PATH}${id}`, change),
    onSuccess: invalidate,
  });
}

export function useDeleteWebhook() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete<Ok>(`${PATH}${id}`),
    onSuccess: invalidate,
  });
}

/** Queues a `ping` to the webhook; it shows in the delivery log. */
export function useTestWebhook() {
  const api = useApiClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.post<WebhookDelivery>(`${PATH}${id}/test`, undefined),
    onSuccess: invalidate,
  });
}
