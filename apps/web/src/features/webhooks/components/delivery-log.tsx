import type { WebhookDelivery } from '@hearth/contract';
import { Banner } from '../../../components/banner';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useWebhookDeliveries } from '../api';
import { eventLabel } from '../lib';

function statusText(d: WebhookDelivery): string {
  switch (d.status) {
    case 'delivered':
      return t('webhooks:log.status.delivered');
    case 'failed':
      return t('webhooks:log.status.failed');
    case 'sending':
      return t('webhooks:log.status.sending');
    default:
      return d.attempts === 0 ? t('webhooks:log.status.queued') : t('webhooks:log.status.retrying');
  }
}

/** The latest deliveries of one webhook: event, time, answer, tries and the next try. */
export function DeliveryLog({ webhookId, headingId }: { webhookId: number; headingId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) return <Spinner label={t('webhooks:log.loading')} />;
  if (deliveries.isError) return <Banner variant="error">{t('webhooks:log.loadError')}</Banner>;
  if (deliveries.data.length === 0) return <p className="text-sm text-muted">{t('webhooks:log.empty')}</p>;
  return (
    <ul
      aria-labelledby={headingId}
      className="flex flex-col divide-y divide-line rounded-xl border border-line"
    >
      {deliveries.data.map((d) => (
        <li
          key={d.delivery_id}
          className="flex flex-col gap-1 px-3 py-2 text-sm"
          data-testid="webhook-delivery"
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold break-words text-espresso">{eventLabel(d.event)}</span>
            <span className={d.status === 'failed' ? 'font-semibold text-danger' : 'text-muted'}>
              {statusText(d)}
            </span>
          </p>
          <p className="text-muted">
            {formatDateTime(d.created_at)}
            {' · '}
            {d.status_code === null
              ? t('webhooks:log.noAnswer')
              : t('webhooks:log.statusCode', { code: d.status_code })}
            {' · '}
            {t('webhooks:log.attempts', { count: d.attempts })}
          </p>
          {d.next_attempt_at && (
            <p className="text-muted">
              {t('webhooks:log.nextTry', { when: formatDateTime(d.next_attempt_at) })}
            </p>
          )}
          {d.last_error && d.status !== 'delivered' && (
            <p className="break-all text-muted">{t('webhooks:log.error', { error: d.last_error })}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
