import type { Reminder } from '@hearth/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useApiClient } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useMe } from '../../users';
import { reminderKeys, remindersQuery } from '../api';
import { useDueReminders } from '../use-due-reminders';

/** At most this many notices stay on screen; older ones give way. */
const MAX_NOTICES = 4;

interface Notice {
  key: string;
  title: string;
  description: string | null;
  at: string;
}

function showBrowserNotification(reminder: Reminder, key: string) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(reminder.title, {
      body: reminder.description ?? formatDateTime(reminder.next_remind_time),
      tag: key,
    });
  } catch (err) {
    // Some mobile browsers only allow notifications from a service worker; the in-app notice remains.
    console.error('Could not show a browser notification:', err);
  }
}

/**
 * Notifies due reminders while Hearth is open: an in-app notice (a polite live region) and, when the
 * person allowed it, a browser notification. Mount once in the signed-in layout.
 */
export function DueReminderNotices() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const me = useMe();
  const reminders = useQuery({
    ...remindersQuery(api),
    enabled: !!me.data,
    // Picks up reminders changed on another device; due times themselves are timed exactly below.
    refetchInterval: 5 * 60_000,
  });
  const [notices, setNotices] = useState<Notice[]>([]);

  const handlers = useMemo(() => {
    // Repeating reminders move on to their next occurrence; the home page and list follow.
    const refresh = () => void queryClient.invalidateQueries({ queryKey: reminderKeys.all });
    const onDue = (due: Reminder[]) => {
      const fresh = due.map((r) => ({
        key: `${r.reminder_id}@${r.next_remind_time}`,
        title: r.title,
        description: r.description,
        at: r.next_remind_time,
      }));
      setNotices((current) => [...current, ...fresh].slice(-MAX_NOTICES));
      for (const [i, r] of due.entries()) showBrowserNotification(r, fresh[i]!.key);
      refresh();
    };
    return { onDue, onStale: refresh };
  }, [queryClient]);
  useDueReminders(reminders.data, handlers);

  const dismiss = (key: string) => setNotices((current) => current.filter((n) => n.key !== key));

  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('reminders:reminderNotices')}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-3 p-4 sm:items-end"
    >
      {notices.map((notice) => (
        <div
          key={notice.key}
          className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-card border border-tan bg-surface p-4 shadow-lift"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-tan-light text-primary">
            <BellRing className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold tracking-wide text-primary uppercase">
              {t('reminders:reminder')}
            </p>
            <p className="font-semibold break-words text-espresso">{notice.title}</p>
            {notice.description && <p className="text-sm break-words text-muted">{notice.description}</p>}
            <p className="text-sm text-muted">
              <time dateTime={notice.at}>{formatDateTime(notice.at)}</time>
            </p>
          </div>
          <button
            type="button"
            className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-tan-light hover:text-espresso"
            aria-label={t('reminders:dismissReminder', { title: notice.title })}
            onClick={() => dismiss(notice.key)}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
