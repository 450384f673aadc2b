import { Bell, BellOff, BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { t } from '../../../lib/i18n';

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/** Offers browser notifications for due reminders, and says where things stand once decided. */
export function NotificationPermission() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [asking, setAsking] = useState(false);

  async function ask() {
    setAsking(true);
    try {
      setPermission(await Notification.requestPermission());
    } catch (err) {
      console.error('Could not ask for notification permission:', err);
      setPermission(currentPermission());
    } finally {
      setAsking(false);
    }
  }

  if (permission === 'unsupported') return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 text-sm text-muted">
      {permission === 'default' && (
        <>
          <Button variant="secondary" size="sm" onClick={ask} disabled={asking}>
            <Bell className="size-4" aria-hidden="true" />
            {t('reminders:enableNotifications')}
          </Button>
          <span>{t('reminders:browserNotificationsHint')}</span>
        </>
      )}
      {permission === 'granted' && (
        <p className="flex items-center gap-2">
          <BellRing className="size-4 text-primary" aria-hidden="true" />
          {t('reminders:browserNotificationsAreOnWhile')}
        </p>
      )}
      {permission === 'denied' && (
        <p className="flex items-center gap-2">
          <BellOff className="size-4" aria-hidden="true" />
          {t('reminders:browserNotificationsBlocked')}
        </p>
      )}
    </div>
  );
}
