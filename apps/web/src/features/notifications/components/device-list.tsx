import type { PushSubscription } from '@hearth/contract';
import { Smartphone, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useDevices, useRemoveDevice } from '../api/devices';
import { currentSubscription, forgetThisDevice, thisDeviceId } from '../lib/push-device';

/** The person's own devices; each can be removed (after asking). Removing this one also ends its subscription. */
export function DeviceList({ headingId }: { headingId: string }) {
  const devices = useDevices();
  const remove = useRemoveDevice();
  const [asking, setAsking] = useState<PushSubscription | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const mine = thisDeviceId();

  async function confirmRemove(device: PushSubscription) {
    setFailed(null);
    try {
      await remove.mutateAsync(device.push_subscription_id);
      if (device.push_subscription_id === mine) {
        forgetThisDevice();
        await (await currentSubscription())?.unsubscribe();
      }
    } catch (err) {
      console.error('Error removing device:', err);
      setFailed(t('notifications:devices.removeFailed', { label: device.device_label }));
    }
  }

  if (devices.isPending) return <Spinner label={t('notifications:devices.loading')} />;
  if (devices.isError) {
    return (
      <Banner
        variant="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void devices.refetch()}>
            {t('notifications:settings.retry')}
          </Button>
        }
      >
        {t('notifications:devices.loadError')}
      </Banner>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {failed && <Banner variant="error">{failed}</Banner>}
      {devices.data.length === 0 ? (
        <EmptyState icon={Smartphone} title={t('notifications:devices.empty')}>
          {t('notifications:devices.emptyHint')}
        </EmptyState>
      ) : (
        <ul
          aria-labelledby={headingId}
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
        >
          {devices.data.map((device) => (
            <li key={device.push_subscription_id} className="flex items-center gap-3 px-4 py-3">
              <Smartphone className="size-5 shrink-0 text-primary" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-espresso [overflow-wrap:anywhere]">
                  {device.device_label}
                  {device.push_subscription_id === mine && (
                    <span className="ml-2 inline-block rounded-full bg-tan-light px-2 py-0.5 align-middle text-xs font-semibold text-primary">
                      {t('notifications:devices.current')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-muted">
                  {t('notifications:devices.added', { date: formatDate(device.created_at) })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('notifications:devices.removeLabel', { label: device.device_label })}
                disabled={remove.isPending}
                onClick={(event) => {
                  returnFocus.current = event.currentTarget;
                  setAsking(device);
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                <span className="hidden sm:inline">{t('notifications:devices.remove')}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('notifications:devices.confirmTitle')}
        description={t('notifications:devices.confirmBody', { label: asking?.device_label ?? '' })}
        confirmLabel={t('notifications:devices.remove')}
        cancelLabel={t('notifications:devices.cancel')}
        destructive
        onConfirm={() => {
          if (asking) void confirmRemove(asking);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // The row is gone after a removal: the list's heading takes focus instead.
          if (returnFocus.current?.isConnected) returnFocus.current.focus();
          else document.getElementById(headingId)?.focus();
        }}
      />
    </div>
  );
}
