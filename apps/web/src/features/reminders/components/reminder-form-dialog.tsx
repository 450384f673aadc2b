import type { Reminder, ReminderInput, RepeatInterval } from '@hearth/contract';
import { REMINDER_DESCRIPTION_MAX, REMINDER_TITLE_MAX, REPEAT_INTERVALS } from '@hearth/contract';
import { useForm } from 'react-hook-form';
import {
  CancelButton,
  DateTimeField,
  Form,
  FormDialog,
  SelectField,
  SubmitButton,
  TextArea,
  TextField,
} from '../../../components/form';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone, isoToLocalInput, localInputToIso } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { repeatLabel } from '../repeat-label';

const repeatOptions = () => [
  { value: '', label: t('reminders:none') },
  ...REPEAT_INTERVALS.map((interval) => ({ value: interval, label: repeatLabel(interval) })),
];

interface ReminderValues {
  title: string;
  description: string;
  /** A datetime-local value in the browser's time. */
  remind_time: string;
  repeat_interval: RepeatInterval | '';
}

export interface ReminderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reminder to edit; null to create one. */
  reminder: Reminder | null;
  /** Saves the reminder; a rejection keeps the dialog open with a short message. */
  onSubmit: (input: ReminderInput) => Promise<unknown>;
}

/** The reminder form, titled 'Create New Reminder' or 'Edit Reminder'. */
export function ReminderFormDialog({ open, onOpenChange, reminder, onSubmit }: ReminderFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={reminder ? t('reminders:editReminderTitle') : t('reminders:createNewReminder')}
      description={
        reminder ? t('reminders:editReminderDescription') : t('reminders:createReminderDescription')
      }
      closeLabel={t('reminders:closeReminderForm')}
    >
      <ReminderForm
        key={reminder?.reminder_id ?? 'new'}
        reminder={reminder}
        onSubmit={onSubmit}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

interface ReminderFormProps {
  reminder: Reminder | null;
  onSubmit: (input: ReminderInput) => Promise<unknown>;
  onDone: () => void;
}

function ReminderForm({ reminder, onSubmit, onDone }: ReminderFormProps) {
  const form = useForm<ReminderValues>({
    defaultValues: {
      title: reminder?.title ?? '',
      description: reminder?.description ?? '',
      remind_time: reminder ? isoToLocalInput(reminder.remind_time) : '',
      repeat_interval: reminder?.repeat_interval ?? '',
    },
  });
  const repeats = form.watch('repeat_interval') !== '';

  return (
    <Form
      form={form}
      variant="dialog"
      legend={t('reminders:reminder')}
      validate={({ title, remind_time }) => {
        // Both are required; an invalid time counts as none.
        if (title.trim() && localInputToIso(remind_time)) return true;
        window.alert(t('reminders:requiredAlert'));
        return false;
      }}
      onSubmit={async (values) => {
        await onSubmit({
          title: values.title.trim(),
          description: values.description.trim() || null,
          remind_time: localInputToIso(values.remind_time) as string,
          repeat_interval: values.repeat_interval || null,
          time_zone: browserTimeZone(),
        });
        onDone();
      }}
      onFailure={(err) => {
        // Failures are logged; a short note (our addition) says it did not save.
        console.error('Error saving reminder:', err);
        const detail = isApiError(err) && err.field && err.serverMessage ? ` ${err.serverMessage}` : '';
        return { message: t('reminders:couldNotSaveReminder', { detail }) };
      }}
      actions={
        <>
          <CancelButton className="flex-auto sm:flex-none" />
          <SubmitButton className="flex-auto sm:flex-none">
            {reminder ? t('reminders:saveChanges') : t('reminders:create')}
          </SubmitButton>
        </>
      }
    >
      <TextField
        label={t('reminders:title')}
        name="title"
        maxLength={REMINDER_TITLE_MAX}
        autoComplete="off"
      />
      <TextArea label={t('reminders:description')} name="description" maxLength={REMINDER_DESCRIPTION_MAX} />
      <DateTimeField
        label={t('reminders:remindTime')}
        name="remind_time"
        hint={repeats ? t('reminders:theFirstTimeItThen') : undefined}
      />
      <SelectField label={t('reminders:repeat')} name="repeat_interval" options={repeatOptions()} />
    </Form>
  );
}
