import type { Reminder } from '@hearth/contract';
import { Pencil, Repeat, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatDateTime } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { repeatLabel } from '../repeat-label';

export interface ReminderCardProps {
  reminder: Reminder;
  /** For marking a one-off reminder whose time has gone. */
  now: number;
  onEdit: (reminder: Reminder) => void;
  /** Deletes after the confirmation; a rejection shows a short note on the card. */
  onDelete: (reminder: Reminder) => Promise<unknown>;
}

const iconButton =
  'inline-flex size-11 items-center justify-center rounded-xl text-muted hover:bg-tan-light hover:text-espresso ' +
  'disabled:opacity-55';

/** One reminder: edit and delete icons, title, description, 'Remind at' (local time) and 'Repeat'. */
export function ReminderCard({ reminder, now, onEdit, onDelete }: ReminderCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { title, description, remind_time, next_remind_time, repeat_interval } = reminder;
  const passed = repeat_interval === null && Date.parse(next_remind_time) < now;
  const startedEarlier = repeat_interval !== null && remind_time !== next_remind_time;

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      await onDelete(reminder);
    } catch (err) {
      console.error('Error deleting reminder:', err);
      setError(t('reminders:errors.delete'));
      setDeleting(false);
    }
  }

  return (
    <Card className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold break-words text-espresso">{title}</h2>
        {description && <p className="mt-1 break-words whitespace-pre-line text-muted">{description}</p>}
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-espresso">{t('reminders:remindAt')}</dt>
          <dd className="text-espresso">
            <time dateTime={next_remind_time}>{formatDateTime(next_remind_time)}</time>
            {passed && <span className="ml-2 text-muted">{t('reminders:passed')}</span>}
            {startedEarlier && (
              <span className="block text-muted">
                {t('reminders:first')} <time dateTime={remind_time}>{formatDateTime(remind_time)}</time>
              </span>
            )}
          </dd>
          <dt className="font-semibold text-espresso">{t('reminders:repeat')}</dt>
          <dd className="flex items-center gap-1.5 text-espresso">
            {repeat_interval && <Repeat className="size-3.5 text-primary" aria-hidden="true" />}
            {repeat_interval ? repeatLabel(repeat_interval) : t('reminders:none')}
          </dd>
        </dl>
        {error && (
          <p role="alert" className="mt-2 text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
      <div className="-mt-2 -mr-2 flex shrink-0">
        <button
          type="button"
          className={iconButton}
          aria-label={t('reminders:editReminder', { title })}
          onClick={() => onEdit(reminder)}
          disabled={deleting}
        >
          <Pencil className="size-5" aria-hidden="true" />
        </button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <button
              type="button"
              className={`${iconButton} hover:text-danger`}
              aria-label={t('reminders:deleteReminder', { title })}
              disabled={deleting}
            >
              <Trash2 className="size-5" aria-hidden="true" />
            </button>
          }
          title={t('reminders:deleteThisReminder')}
          description={t('reminders:willBeDeletedThisCannot', {
            title,
            repeats: repeat_interval !== null,
          })}
          confirmLabel={t('reminders:delete')}
          destructive
          onConfirm={() => void remove()}
        />
      </div>
    </Card>
  );
}
