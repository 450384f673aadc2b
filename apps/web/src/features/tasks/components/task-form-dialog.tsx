import type { Task, TaskInput, TaskMember } from '@hearth/contract';
import {
  TASK_EFFORT_MAX,
  TASK_EFFORT_MIN,
  TASK_INTERVAL_MAX,
  TASK_NOTES_MAX,
  TASK_TITLE_MAX,
} from '@hearth/contract';
import { useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { browserTimeZone, isoToLocalInput, localInputToIso, nextWholeHour } from '../../../lib/dates';
import { labels, options, t } from '../../../lib/i18n';
import { memberName } from '../api/get-task-members';
import { ordinal, repeatSentence } from '../lib/repeat-sentence';
import { ROTATION_LABELS } from '../lib/rotation-words';
import {
  formFieldOf,
  isProblem,
  repeatDaysAfterDue,
  repeatOf,
  type TaskFormValues,
  taskFormValues,
  taskInputOf,
} from '../lib/task-form-values';
import { PoolPicker } from './pool-picker';
import { WeekdayPicker } from './weekday-picker';

export interface TaskFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit; null to create one. */
  task: Task | null;
  members: readonly TaskMember[];
  meId: number | null;
  /** Saves the task; a rejection keeps the dialog open with the message. */
  onSubmit: (input: TaskInput) => Promise<unknown>;
}

/** Creating or editing a task: what, how hard, when first, how it repeats, and who does it. */
export function TaskFormDialog({ open, onOpenChange, task, members, meId, onSubmit }: TaskFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={task ? t('tasks:editTask') : t('tasks:newTask')}
      description={task ? t('tasks:editTaskDescription') : t('tasks:createTaskDescription')}
      closeLabel={t('tasks:closeTaskForm')}
    >
      <TaskForm
        key={task?.task_id ?? 'new'}
        task={task}
        members={members}
        meId={meId}
        onSubmit={async (input) => {
          await onSubmit(input);
          onOpenChange(false);
        }}
      />
    </FormDialog>
  );
}

const EVERY_OPTIONS = options([
  ['none', () => t('tasks:repeatWords.none')],
  ['days', () => t('tasks:everyOptions.days')],
  ['weeks', () => t('tasks:everyOptions.weeks')],
  ['months', () => t('tasks:everyOptions.months')],
  ['days_after_done', () => t('tasks:everyOptions.daysAfterDone')],
]);

const UNIT: Record<string, string> = labels({
  days: 'tasks:units.days',
  weeks: 'tasks:units.weeks',
  months: 'tasks:units.months',
  days_after_done: 'tasks:units.daysAfterDone',
});

// The smallest and largest efforts say what they mean.
const EFFORT_OPTIONS = options(
  Array.from({ length: TASK_EFFORT_MAX - TASK_EFFORT_MIN + 1 }, (_, i) => {
    const n = TASK_EFFORT_MIN + i;
    const label = () =>
      n === TASK_EFFORT_MIN
        ? t('tasks:effortQuick', { value: n })
        : n === TASK_EFFORT_MAX
          ? t('tasks:effortBigJob', { value: n })
          : String(n);
    return [String(n), label] as const;
  }),
);

const MONTH_DAY_OPTIONS = options([
  ...Array.from(
    { length: 31 },
    (_, i) => [String(i + 1), () => t('tasks:the', { value: ordinal(i + 1) })] as const,
  ),
  ['-1', () => t('tasks:theLastDay')],
]);

interface TaskFormProps {
  task: Task | null;
  members: readonly TaskMember[];
  meId: number | null;
  onSubmit: (input: TaskInput) => Promise<unknown>;
}

function TaskForm({ task, members, meId, onSubmit }: TaskFormProps) {
  const zone = browserTimeZone();
  const form = useForm<TaskFormValues>({
    defaultValues: taskFormValues(
      task,
      members,
      meId,
      task ? isoToLocalInput(task.due_at, zone) : nextWholeHour(),
    ),
  });
  // The last due date that was a date: cleared on the way to a new one, the repeat days still follow it.
  const followedDue = useRef(form.getValues('due'));
  const [every, rotation, interval, weekdays, monthDay, pool] = useWatch({
    control: form.control,
    name: ['every', 'rotation', 'interval', 'weekdays', 'month_day', 'pool'],
  });
  const byId = useMemo(() => new Map(members.map((m) => [m.user_id, m])), [members]);
  const people = members.map((m) => ({ value: String(m.user_id), label: memberName(m) }));
  const inPool = pool
    .filter((p) => p.on)
    .map((p) => ({ value: String(p.user_id), label: memberName(byId.get(p.user_id)) }));
  const sentence =
    every === 'none'
      ? t('tasks:repeatWords.none')
      : repeatSentence(repeatOf({ every, interval: interval || '1', weekdays, month_day: monthDay }));

  return (
    <Form
      form={form}
      variant="dialog"
      legend={task ? t('tasks:editTask') : t('tasks:newTask')}
      announceFieldErrors
      validate={(values) => {
        const made = taskInputOf(values, localInputToIso(values.due, zone), zone);
        return isProblem(made) ? made : null;
      }}
      onSubmit={(values) => {
        const made = taskInputOf(values, localInputToIso(values.due, zone), zone);
        return isProblem(made) ? undefined : onSubmit(made);
      }}
      onFailure={(err) => {
        console.error('Error saving task:', err);
        const field = isApiError(err) ? formFieldOf(err.field) : undefined;
        if (field && isApiError(err) && err.serverMessage) return { field, message: err.serverMessage };
        return { message: t('tasks:errors.save') };
      }}
      actions={
        <>
          <CancelButton />
          <SubmitButton busyLabel={t('tasks:saving')}>
            {task ? t('tasks:saveChanges') : t('tasks:createTask')}
          </SubmitButton>
        </>
      }
    >
      <TextField name="title" label={t('tasks:title')} maxLength={TASK_TITLE_MAX} autoComplete="off" />
      <TextArea name="notes" label={t('tasks:notes')} maxLength={TASK_NOTES_MAX} rows={2} />
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
        <SelectField name="effort" label={t('tasks:effort')} options={EFFORT_OPTIONS} />
        <DateTimeField
          name="due"
          label={t('tasks:firstDue')}
          onValueChange={(due) => {
            form.setValue('due', due, { shouldDirty: true });
            const days = repeatDaysAfterDue(form.getValues(), followedDue.current, due);
            if (!days) return;
            followedDue.current = due;
            form.setValue('weekdays', days.weekdays);
            form.setValue('month_day', days.month_day);
          }}
        />
      </div>

      <section className="flex flex-col gap-3 rounded-xl border border-line bg-cream/60 p-3">
        <SelectField name="every" label={t('tasks:repeat')} options={EVERY_OPTIONS} />
        {every !== 'none' && (
          <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
            <TextField
              name="interval"
              label={UNIT[every] ?? t('tasks:every')}
              type="number"
              inputMode="numeric"
              min={1}
              max={TASK_INTERVAL_MAX}
            />
            {every === 'months' && (
              <SelectField name="month_day" label={t('tasks:day')} options={MONTH_DAY_OPTIONS} />
            )}
          </div>
        )}
        {every === 'weeks' && <WeekdayPicker />}
        <p className="text-sm font-semibold text-primary" aria-live="polite">
          {sentence}
        </p>
      </section>

      <section className="flex flex-col gap-3 rounded-xl border border-line bg-cream/60 p-3">
        <SelectField
          name="rotation"
          label={t('tasks:whoDoesIt')}
          options={(['fixed', 'round_robin', 'fairest'] as const).map((r) => ({
            value: r,
            label: ROTATION_LABELS[r],
          }))}
        />
        {rotation === 'fixed' ? (
          <SelectField name="assignee" label={t('tasks:person')} options={people} />
        ) : (
          <>
            <PoolPicker members={byId} ordered={rotation === 'round_robin'} />
            {rotation === 'round_robin' && (
              <SelectField
                name="assignee"
                label={t('tasks:startsWith')}
                options={[{ value: '', label: t('tasks:theFirstInOrder') }, ...inPool]}
              />
            )}
          </>
        )}
      </section>
    </Form>
  );
}
