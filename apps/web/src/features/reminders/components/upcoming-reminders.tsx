import type { User } from '@hearth/contract';
import { Repeat } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useNow } from '../../../lib/use-now';
import { useReminders } from '../api';
import { repeatLabel } from '../repeat-label';
import { upcomingReminders } from '../upcoming';

export interface UpcomingRemindersProps {
  /** The signed-in user (the home page hands it to every section); reminders are theirs alone. */
  user: User;
}

/** Home's 'Upcoming Reminders (Next 7 Days)': by each reminder's next occurrence, soonest first. */
export function UpcomingReminders(_props: UpcomingRemindersProps) {
  const headingId = useId();
  const reminders = useReminders();
  const now = useNow().getTime();

  // Reminder failures are logged; the short note below says so too.
  useLogError(reminders.error);

  const upcoming = reminders.data ? upcomingReminders(reminders.data, now) : [];

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-bold text-espresso">
            {t('reminders:upcomingRemindersNext7Days')}
          </h2>
          <Link
            to="/reminders"
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            {t('reminders:allReminders')}
          </Link>
        </div>
        {reminders.isPending ? (
          <div className="mt-4 flex justify-center">
            <Spinner label={t('reminders:loadingReminders')} />
          </div>
        ) : reminders.isError ? (
          <p className="mt-4 text-sm font-medium text-danger">{t('reminders:couldNotLoadReminders')}</p>
        ) : upcoming.length === 0 ? (
          <p className="mt-4 text-muted">{t('reminders:noUpcomingRemindersThisWeek')}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {upcoming.map((reminder) => (
              <li key={reminder.reminder_id} className="rounded-xl border border-line bg-field p-4">
                <p className="font-semibold break-words text-espresso">{reminder.title}</p>
                {reminder.description && (
                  <p className="mt-0.5 text-sm break-words whitespace-pre-line text-muted">
                    {reminder.description}
                  </p>
                )}
                <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-espresso">
                  <time dateTime={reminder.next_remind_time}>
                    {formatDateTime(reminder.next_remind_time)}
                  </time>
                  {reminder.repeat_interval && (
                    <span className="inline-flex items-center gap-1.5 text-muted">
                      <Repeat className="size-3.5 text-primary" aria-hidden="true" />
                      {t('reminders:repeats')} {repeatLabel(reminder.repeat_interval)}
                    </span>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
