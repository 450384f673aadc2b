import { NOTIFICATION_KINDS, type NotificationSettings } from '@hearth/contract';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { CheckboxField, Form, SelectField, SubmitButton, TextField } from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import {
  formFieldOf,
  type SettingsFormValues,
  toFormValues,
  toSettingsInput,
  validateSettings,
} from '../lib/settings-form';
import { timeZoneOptions } from '../lib/time-zones';

export interface NotificationSettingsFormProps {
  settings: NotificationSettings;
  onSave: (input: ReturnType<typeof toSettingsInput>) => Promise<unknown>;
}

/**
 * Per kind, push and/or email (email only when the server can send it); the time zone; quiet hours; the
 * daily digest. Saving sends everything at once; the server's answer becomes the new starting point.
 */
export function NotificationSettingsForm({ settings, onSave }: NotificationSettingsFormProps) {
  const form = useForm<SettingsFormValues>({ defaultValues: toFormValues(settings) });
  const [saved, setSaved] = useState(false);
  const ids = useId();
  const [zone, quietOn, digestOn] = useWatch({
    control: form.control,
    name: ['time_zone', 'quiet_enabled', 'digest_enabled'],
  });
  const deviceZone = browserTimeZone();
  const zones = timeZoneOptions(zone);

  return (
    <Form
      form={form}
      legend={t('notifications:settings.heading')}
      onChange={() => setSaved(false)}
      validate={(values) => {
        const problem = validateSettings(values);
        return (
          problem && { field: problem.field, message: t(`notifications:settings.errors.${problem.error}`) }
        );
      }}
      onSubmit={async (values) => {
        setSaved(false);
        await onSave(toSettingsInput(values));
        setSaved(true);
      }}
      onFailure={(err) => {
        console.error('Error saving notification settings:', err);
        const field = isApiError(err) && err.status === 400 ? formFieldOf(err.field) : undefined;
        if (isApiError(err) && err.status === 400 && err.serverMessage) {
          return { field, message: err.serverMessage };
        }
        return { message: t('notifications:settings.saveFailed') };
      }}
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busyLabel={t('notifications:settings.saving')}>
            {t('notifications:settings.save')}
          </SubmitButton>
          {saved && (
            <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              {t('notifications:settings.saved')}
            </p>
          )}
        </div>
      }
    >
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-lg font-semibold text-espresso">
          {t('notifications:settings.channelsHeading')}
        </legend>
        {!settings.email_enabled && (
          <p className="text-sm text-muted">{t('notifications:settings.emailOff')}</p>
        )}
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind}>
              <fieldset
                aria-labelledby={`${ids}-${kind}`}
                aria-describedby={`${ids}-${kind}-hint`}
                className="flex min-w-0 flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p id={`${ids}-${kind}`} className="font-semibold text-espresso">
                    {t(`notifications:kindNames.${kind}`)}
                  </p>
                  <p id={`${ids}-${kind}-hint`} className="text-sm text-muted">
                    {t(`notifications:kindNames.${kind}Hint`)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-x-6 gap-y-2">
                  <CheckboxField name={`channels.${kind}.push`} label={t('notifications:settings.push')} />
                  {settings.email_enabled && (
                    <CheckboxField
                      name={`channels.${kind}.email`}
                      label={t('notifications:settings.email')}
                    />
                  )}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="flex flex-col gap-2">
        <SelectField
          name="time_zone"
          label={t('notifications:settings.timeZone')}
          hint={t('notifications:settings.timeZoneHint')}
          options={zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
        />
        {zone !== deviceZone && (
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            onClick={() => {
              form.setValue('time_zone', deviceZone, { shouldDirty: true });
              form.clearErrors('time_zone');
              form.clearErrors('root');
              setSaved(false);
            }}
          >
            {t('notifications:settings.useDeviceZone', { zone: deviceZone.replace(/_/g, ' ') })}
          </Button>
        )}
      </div>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="sr-only">{t('notifications:settings.quietHours')}</legend>
        <CheckboxField name="quiet_enabled" label={t('notifications:settings.quietHours')} />
        <p className="-mt-1 text-sm text-muted">{t('notifications:settings.quietHint')}</p>
        {quietOn && (
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <TextField
              name="quiet_hours.start"
              label={t('notifications:settings.quietStart')}
              type="time"
              required
            />
            <TextField
              name="quiet_hours.end"
              label={t('notifications:settings.quietEnd')}
              type="time"
              required
            />
          </div>
        )}
      </fieldset>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="sr-only">{t('notifications:settings.digest')}</legend>
        <CheckboxField name="digest_enabled" label={t('notifications:settings.digest')} />
        <p className="-mt-1 text-sm text-muted">{t('notifications:settings.digestHint')}</p>
        {digestOn && (
          <div className="sm:max-w-[11rem]">
            <TextField
              name="digest_time"
              label={t('notifications:settings.digestTime')}
              type="time"
              required
            />
          </div>
        )}
      </fieldset>
    </Form>
  );
}
