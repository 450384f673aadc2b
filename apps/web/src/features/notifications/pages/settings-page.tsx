import { useId } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { ApiTokens } from '../../access-tokens';
import { useMe } from '../../users';
import { useDevices } from '../api/devices';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/settings';
import { CalendarApps } from '../components/calendar-apps';
import { DeviceList } from '../components/device-list';
import { NotificationSettingsForm } from '../components/notification-settings-form';
import { SendTest } from '../components/send-test';
import { ThisDevice } from '../components/this-device';

/** Settings (/settings): how notifications reach the person, on which devices, and a test. */
export function SettingsPage() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const devices = useDevices();
  const me = useMe();
  const ids = useId();
  useLogError(settings.error);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title={t('notifications:settings.title')}
        description={t('notifications:settings.description')}
        className="mb-0"
      />
      <h2 className="text-xl font-bold text-espresso">{t('notifications:settings.heading')}</h2>

      <Card aria-labelledby={`${ids}-device`} role="region" className="flex flex-col gap-4">
        <h3 id={`${ids}-device`} className="text-lg font-semibold text-espresso">
          {t('notifications:thisDevice.heading')}
        </h3>
        <ThisDevice devices={devices.data} />
        <SendTest />
      </Card>

      <Card aria-labelledby={`${ids}-devices`} role="region" className="flex flex-col gap-4">
        <h3 id={`${ids}-devices`} tabIndex={-1} className="text-lg font-semibold text-espresso outline-none">
          {t('notifications:devices.heading')}
        </h3>
        <DeviceList headingId={`${ids}-devices`} />
      </Card>

      {me.data && (
        <Card aria-labelledby={`${ids}-calendar-apps`} role="region" className="flex flex-col gap-4">
          <h3 id={`${ids}-calendar-apps`} className="text-lg font-semibold text-espresso">
            {t('notifications:calendarApps.heading')}
          </h3>
          <CalendarApps
            username={me.data.username}
            origin={window.location.origin}
            headingId={`${ids}-app-passwords`}
          />
        </Card>
      )}

      {me.data && (
        <Card aria-labelledby={`${ids}-api-tokens`} role="region" className="flex flex-col gap-4">
          <h3 id={`${ids}-api-tokens`} className="text-lg font-semibold text-espresso">
            {t('users:apiTokens.heading')}
          </h3>
          <ApiTokens headingId={`${ids}-api-token-list`} />
        </Card>
      )}

      <Card>
        {settings.isPending ? (
          <Spinner label={t('notifications:settings.loading')} />
        ) : settings.isError ? (
          <Banner
            variant="error"
            action={
              <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
                {t('notifications:settings.retry')}
              </Button>
            }
          >
            {t('notifications:settings.loadError')}
          </Banner>
        ) : (
          <NotificationSettingsForm settings={settings.data} onSave={(input) => save.mutateAsync(input)} />
        )}
      </Card>
    </div>
  );
}

export { SettingsPage as Component };
