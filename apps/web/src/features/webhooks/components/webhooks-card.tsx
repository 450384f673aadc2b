import type { NewWebhook, Webhook } from '@hearth/contract';
import { Plus, Webhook as WebhookIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhooks } from '../api';
import { eventLabel } from '../lib';
import { DeliveryLog } from './delivery-log';
import { WebhookFormDialog } from './webhook-form-dialog';

/**
 * The house page's "Webhooks": add one (URL, events, description), its signing secret shown once with a
 * copy button, and for each: Send a test, switch on or off, delete, and its delivery log.
 */
export function WebhooksCard() {
  const headingId = useId();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<NewWebhook | null>(null);

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-espresso">
            {t('webhooks:title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('webhooks:intro')}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          <Plus className="size-4" aria-hidden="true" />
          {t('webhooks:add')}
        </Button>
      </div>
      <WebhookFormDialog
        open={adding}
        onOpenChange={setAdding}
        onSubmit={async (input) => setMade(await create.mutateAsync(input))}
      />

      {made && (
        <SecretShownOnce
          intro={t('webhooks:secret.shownOnce')}
          secret={made.secret}
          testId="webhook-secret"
          copyLabel={t('webhooks:secret.copy')}
          copyFailed={t('webhooks:secret.copyFailed')}
          className="mt-4"
        >
          <Button variant="ghost" size="sm" onClick={() => setMade(null)}>
            {t('webhooks:secret.done')}
          </Button>
        </SecretShownOnce>
      )}

      <div className="mt-4">
        {webhooks.isPending ? (
          <Spinner label={t('webhooks:loading')} />
        ) : webhooks.isError ? (
          <Banner variant="error">{t('webhooks:loadError')}</Banner>
        ) : webhooks.data.length === 0 ? (
          <EmptyState icon={WebhookIcon} title={t('webhooks:empty')} />
        ) : (
          <ul aria-labelledby={headingId} className="flex flex-col gap-3">
            {webhooks.data.map((hook) => (
              <WebhookRow key={hook.webhook_id} hook={hook} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function WebhookRow({ hook }: { hook: Webhook }) {
  const logId = useId();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [confirming, setConfirming] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean }>({ text: '' });
  const name = hook.description || hook.url;

  const run = (action: () => Promise<unknown>, done: string, failed: string) => {
    setMessage({ text: '' });
    action().then(
      () => setMessage({ text: done }),
      (err: unknown) => {
        console.error('Webhook action failed:', err);
        setMessage({ text: failed, error: true });
      },
    );
  };

  return (
    <li className="rounded-xl border border-line px-4 py-3" data-testid="webhook">
      <p className="font-semibold break-words text-espresso">
        {hook.description || t('webhooks:noDescription')}
      </p>
      <p className="font-mono text-sm break-all text-muted">{hook.url}</p>
      <p className="mt-1 text-sm text-muted">
        {hook.enabled
          ? t('webhooks:state.on')
          : hook.disabled_reason === 'failing'
            ? t('webhooks:state.offFailing')
            : t('webhooks:state.off')}
      </p>
      <p className="mt-1 text-sm break-words text-muted">
        {t('webhooks:eventsList', { events: hook.events.map(eventLabel).join(', ') })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!hook.enabled || test.isPending}
          aria-label={t('webhooks:testLabel', { name })}
          onClick={() => {
            setShowLog(true);
            run(() => test.mutateAsync(hook.webhook_id), t('webhooks:testQueued'), t('webhooks:testFailed'));
          }}
        >
          {t('webhooks:test')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={update.isPending}
          aria-label={
            hook.enabled ? t('webhooks:switchOffLabel', { name }) : t('webhooks:switchOnLabel', { name })
          }
          onClick={() =>
            run(
              () => update.mutateAsync({ id: hook.webhook_id, change: { enabled: !hook.enabled } }),
              hook.enabled ? t('webhooks:switchedOff') : t('webhooks:switchedOn'),
              t('webhooks:switchFailed'),
            )
          }
        >
          {hook.enabled ? t('webhooks:switchOff') : t('webhooks:switchOn')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((v) => !v)}
        >
          {showLog ? t('webhooks:hideLog') : t('webhooks:showLog')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="ghost" size="sm" aria-label={t('webhooks:deleteLabel', { name })}>
              {t('webhooks:delete')}
            </Button>
          }
          title={t('webhooks:deleteTitle')}
          description={t('webhooks:deleteDescription', { url: hook.url })}
          confirmLabel={t('webhooks:delete')}
          destructive
          onConfirm={() => run(() => remove.mutateAsync(hook.webhook_id), '', t('webhooks:deleteFailed'))}
        />
      </div>
      <p
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm ${message.error ? 'text-danger' : 'text-success'}`}
      >
        {message.text}
      </p>
      {showLog && (
        <section id={logId} aria-labelledby={`${logId}-h`} className="mt-2">
          <h3 id={`${logId}-h`} className="mb-2 font-semibold text-espresso">
            {t('webhooks:log.title')}
          </h3>
          <DeliveryLog webhookId={hook.webhook_id} headingId={`${logId}-h`} />
        </section>
      )}
    </li>
  );
}
