import type { Reminder, ReminderInput } from '@hearth/contract';
import { BellRing } from 'lucide-react';
import { useRef, useState } from 'react';
import { ensureQueries, type LoaderContext } from '../../../app/feature';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useNow } from '../../../lib/use-now';
import {
  remindersQuery,
  useCreateReminder,
  useDeleteReminder,
  useReminders,
  useUpdateReminder,
} from '../api';
import { NotificationPermission } from '../components/notification-permission';
import { ReminderCard } from '../components/reminder-card';
import { ReminderFormDialog } from '../components/reminder-form-dialog';

/** Reminders (/reminders): the person's own reminders, with a form to add and edit them. */
export function RemindersPage() {
  const reminders = useReminders();
  const create = useCreateReminder();
  const update = useUpdateReminder();
  const remove = useDeleteReminder();
  const now = useNow().getTime();
  // The deleted card takes its buttons with it: focus moves to the page's action instead of the void.
  const addButton = useRef<HTMLButtonElement>(null);
  const deleteReminder = async (reminder: Reminder) => {
    await remove.mutateAsync(reminder.reminder_id);
    addButton.current?.focus();
  };
  const [form, setForm] = useState<{ open: boolean; reminder: Reminder | null }>({
    open: false,
    reminder: null,
  });

  // Reminder failures are logged; the short note below says so too.
  useLogError(reminders.error);

  const save = (input: ReminderInput) =>
    form.reminder ? update.mutateAsync({ id: form.reminder.reminder_id, input }) : create.mutateAsync(input);

  return (
    <div>
      <PageHeader
        title={t('reminders:reminders')}
        description={t('reminders:yourOwnRemindersHousematesDon')}
        actions={
          <Button ref={addButton} onClick={() => setForm({ open: true, reminder: null })}>
            {t('reminders:addReminder')}
          </Button>
        }
      />
      <NotificationPermission />
      {reminders.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('reminders:loadingReminders')} />
        </div>
      ) : reminders.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p className="font-medium text-danger">{t('reminders:couldNotLoadReminders')}</p>
          <Button variant="secondary" size="sm" onClick={() => void reminders.refetch()}>
            {t('reminders:tryAgain')}
          </Button>
        </div>
      ) : reminders.data.length === 0 ? (
        <EmptyState icon={BellRing} title={t('reminders:noRemindersYet')} />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {reminders.data.map((reminder) => (
            <li key={reminder.reminder_id}>
              <ReminderCard
                reminder={reminder}
                now={now}
                onEdit={(r) => setForm({ open: true, reminder: r })}
                onDelete={deleteReminder}
              />
            </li>
          ))}
        </ul>
      )}
      <ReminderFormDialog
        open={form.open}
        reminder={form.reminder}
        onOpenChange={(open) => setForm((f) => ({ ...f, open }))}
        onSubmit={save}
      />
    </div>
  );
}

export { RemindersPage as Component };

/** Your reminders, in the cache before the page renders. */
export const clientLoader = (context: LoaderContext) =>
  ensureQueries(context, (api) => [remindersQuery(api)]);
