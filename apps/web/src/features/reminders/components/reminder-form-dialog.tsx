import type { Reminder, ReminderInput, RepeatInterval } from '@hearth/contract';
import { REMINDER_DESCRIPTION_MAX, REMINDER_TITLE_MAX, REPEAT_INTERVALS } from '@hearth/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { inputClasses, TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone, isoToLocalInput, localInputToIso } from '../../../lib/dates';

export const REQUIRED_ALERT = 'Title and Remind Time are required';

export interface ReminderFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reminder to edit; null to create one. */
  reminder: Reminder | null;
  /** Saves the reminder; a rejection keeps the dialog open with a short message. */
  onSubmit: (input: ReminderInput) => Promise<unknown>;
}

/** SPEC 'Reminders': the form titled 'Create New Reminder' or 'Edit Reminder' (a Radix dialog). */
export function ReminderFormDialog({ open, onOpenChange, reminder, onSubmit }: ReminderFormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-espresso/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-card border border-line bg-surface p-6 shadow-lift">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-espresso">
              {reminder ? 'Edit Reminder' : 'Create New Reminder'}
            </Dialog.Title>
            <Dialog.Close
              className="-m-2 rounded-xl p-2 text-muted hover:bg-tan-light hover:text-espresso"
              aria-label="Close reminder form"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-muted">
            {reminder ? 'Change what to remember and when.' : 'Set what to remember and when.'}
          </Dialog.Description>
          {/* Remounted per opening so every form starts from the reminder (or blank). */}
          {open && (
            <ReminderForm
              key={reminder?.reminder_id ?? 'new'}
              reminder={reminder}
              onSubmit={onSubmit}
              onDone={() => onOpenChange(false)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface ReminderFormProps {
  reminder: Reminder | null;
  onSubmit: (input: ReminderInput) => Promise<unknown>;
  onDone: () => void;
}

function ReminderForm({ reminder, onSubmit, onDone }: ReminderFormProps) {
  const descriptionId = useId();
  const repeatId = useId();
  const errorId = useId();
  const [title, setTitle] = useState(reminder?.title ?? '');
  const [description, setDescription] = useState(reminder?.description ?? '');
  const [remindTime, setRemindTime] = useState(reminder ? isoToLocalInput(reminder.remind_time) : '');
  const [repeat, setRepeat] = useState<RepeatInterval | ''>(reminder?.repeat_interval ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // SPEC section 5: both are required; an invalid time counts as none.
    const remind_time = localInputToIso(remindTime);
    if (!title.trim() || !remind_time) {
      window.alert(REQUIRED_ALERT);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit({
        title: title.trim(),
        description: description.trim() || null,
        remind_time,
        repeat_interval: repeat || null,
        time_zone: browserTimeZone(),
      });
      onDone();
    } catch (err) {
      // SPEC: reminder failures are logged; a short note (our addition) says it did not save.
      console.error('Error saving reminder:', err);
      const detail = isApiError(err) && err.field && err.serverMessage ? ` ${err.serverMessage}` : '';
      setError(`We couldn't save this reminder. Please try again.${detail}`);
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-5 flex flex-col gap-4"
      aria-describedby={error ? errorId : undefined}
    >
      <TextField
        label="Title"
        name="title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={REMINDER_TITLE_MAX}
        autoComplete="off"
        disabled={saving}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={descriptionId} className="text-sm font-semibold text-espresso">
          Description
        </label>
        <textarea
          id={descriptionId}
          name="description"
          rows={3}
          maxLength={REMINDER_DESCRIPTION_MAX}
          className={inputClasses}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          disabled={saving}
        />
      </div>
      <TextField
        label="Remind Time"
        name="remind_time"
        type="datetime-local"
        value={remindTime}
        onChange={(e) => setRemindTime(e.target.value)}
        hint={repeat ? 'The first time; it then repeats at the same local time.' : undefined}
        disabled={saving}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={repeatId} className="text-sm font-semibold text-espresso">
          Repeat
        </label>
        <select
          id={repeatId}
          name="repeat_interval"
          className={inputClasses}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value as RepeatInterval | '')}
          disabled={saving}
        >
          <option value="">None</option>
          {REPEAT_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {interval}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="secondary" disabled={saving}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {reminder ? 'Save Changes' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
