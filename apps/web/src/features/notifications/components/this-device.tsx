import { DEVICE_LABEL_MAX, type PushSubscriptionList } from '@hearth/contract';
import { BellOff, BellRing, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '../../../components/banner';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useEnableThisDevice } from '../api/enable-device';
import { deviceLabel } from '../lib/device-label';
import { type PushPermission, PushSetupError, pushPermission, thisDeviceId } from '../lib/push-device';

const PROBLEM_KEYS = {
  denied: 'notifications:thisDevice.blocked',
  dismissed: 'notifications:thisDevice.dismissed',
  unsupported: 'notifications:thisDevice.unsupported',
  'no-worker': 'notifications:thisDevice.noWorker',
  'subscribe-failed': 'notifications:thisDevice.subscribeFailed',
} as const;

/**
 * Whether this browser gets pushes: on (it is in the person's device list), a button to turn it on (with
 * a name for it), or why it cannot (no Web Push here, or the person blocked Hearth in the browser).
 */
export function ThisDevice({ devices }: { devices: PushSubscriptionList | undefined }) {
  const [permission, setPermission] = useState<PushPermission>(pushPermission);
  const enable = useEnableThisDevice();
  const form = useForm({ defaultValues: { device_label: deviceLabel(navigator.userAgent) } });
  const mine = thisDeviceId();
  const on =
    permission === 'granted' && mine !== null && devices?.some((d) => d.push_subscription_id === mine);

  if (permission === 'unsupported') {
    return (
      <p className="flex items-start gap-2 text-muted">
        <BellOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {t('notifications:thisDevice.unsupported')}
      </p>
    );
  }
  if (permission === 'denied')
    return <Banner variant="warning">{t('notifications:thisDevice.blocked')}</Banner>;
  if (on) {
    return (
      <p className="flex items-start gap-2 font-medium text-success">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        {t('notifications:thisDevice.on')}
      </p>
    );
  }
  return (
    <Form
      form={form}
      legend={t('notifications:thisDevice.heading')}
      onSubmit={async ({ device_label }) => {
        await enable.mutateAsync(device_label);
        setPermission(pushPermission());
      }}
      onFailure={(err) => {
        console.error('Error enabling notifications on this device:', err);
        setPermission(pushPermission());
        if (err instanceof PushSetupError) return { message: t(PROBLEM_KEYS[err.problem]) };
        if (isApiError(err) && err.status === 400 && err.serverMessage) {
          return err.field === 'device_label'
            ? { field: 'device_label', message: err.serverMessage }
            : { message: err.serverMessage };
        }
        return { message: t('notifications:thisDevice.failed') };
      }}
      actions={
        <SubmitButton busyLabel={t('notifications:thisDevice.enabling')}>
          <BellRing className="size-5" aria-hidden="true" />
          {t('notifications:thisDevice.enable')}
        </SubmitButton>
      }
    >
      <p className="text-muted">{t('notifications:thisDevice.intro')}</p>
      <TextField
        name="device_label"
        label={t('notifications:thisDevice.label')}
        hint={t('notifications:thisDevice.labelHint')}
        maxLength={DEVICE_LABEL_MAX}
        autoComplete="off"
      />
    </Form>
  );
}
