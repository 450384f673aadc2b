import type { RepeatKind, Rotation, Task, TaskInput, TaskMember, TaskRepeat } from '@hearth/contract';
import { TASK_EFFORT_DEFAULT, TASK_INTERVAL_MAX, TASK_TITLE_MAX } from '@hearth/contract';
import { DateTime } from 'luxon';
import { t } from '../../../lib/i18n';

/** One row of the pool picker: a member, in turn order, in the rotation or not. */
export interface PoolEntry {
  user_id: number;
  on: boolean;
}

/** What the task form edits: text as typed, numbers as the inputs hold them. */
export interface TaskFormValues {
  title: string;
  notes: string;
  effort: string;
  /** datetime-local value in the browser's zone. */
  due: string;
  every: RepeatKind;
  interval: string;
  weekdays: number[];
  month_day: string;
  rotation: Rotation;
  /** For fixed: the person; for round robin: who starts ('' = first in the pool). */
  assignee: string;
  pool: PoolEntry[];
}

export type TaskFormField = keyof TaskFormValues;

/** The weekday (0 = Sunday) and day of the month a due value falls on, or null if it is not a date. */
function daysOf(due: string): { weekday: number; day: number } | null {
  const local = DateTime.fromISO(due);
  return local.isValid ? { weekday: local.weekday % 7, day: local.day } : null;
}

/**
 * The repeat days after the due value changes from `before` to `after`: days that still follow the old due
 * date (its one weekday, its day of the month) move with it; days the person chose stay as they are.
 * Null while `after` is not a date.
 */
export function repeatDaysAfterDue(
  values: Pick<TaskFormValues, 'weekdays' | 'month_day'>,
  before: string,
  after: string,
): Pick<TaskFormValues, 'weekdays' | 'month_day'> | null {
  const was = daysOf(before);
  const now = daysOf(after);
  if (!now) return null;
  if (!was) return values;
  const followsWeekday = values.weekdays.length === 1 && values.weekdays[0] === was.weekday;
  return {
    weekdays: followsWeekday ? [now.weekday] : values.weekdays,
    month_day: values.month_day === String(was.day) ? String(now.day) : values.month_day,
  };
}

/** The form's starting values: a blank task due at `due` for the caller, or the task as it is. */
export function taskFormValues(
  task: Task | null,
  members: readonly TaskMember[],
  meId: number | null,
  due: string,
): TaskFormValues {
  const days = daysOf(due);
  const inPool = new Set(task?.pool ?? members.map((m) => m.user_id));
  const ordered = task
    ? [...task.pool, ...members.map((m) => m.user_id).filter((id) => !inPool.has(id))]
    : [];
  const pool = (task ? ordered : members.map((m) => m.user_id)).map((user_id) => ({
    user_id,
    on: inPool.has(user_id),
  }));
  return {
    title: task?.title ?? '',
    notes: task?.notes ?? '',
    effort: String(task?.effort ?? TASK_EFFORT_DEFAULT),
    due,
    every: task?.repeat.every ?? 'none',
    interval: String(task?.repeat.interval ?? 1),
    weekdays: task?.repeat.weekdays ?? (days ? [days.weekday] : []),
    month_day: String(task?.repeat.month_day ?? days?.day ?? 1),
    rotation: task?.rotation ?? 'fixed',
    assignee: String(task?.assignee_id ?? meId ?? members[0]?.user_id ?? ''),
    pool,
  };
}

/** The repeat rule the form's values describe (fields that do not apply are left out). */
export function repeatOf(
  values: Pick<TaskFormValues, 'every' | 'interval' | 'weekdays' | 'month_day'>,
): TaskRepeat {
  const interval = Number(values.interval);
  switch (values.every) {
    case 'none':
      return { every: 'none' };
    case 'weeks':
      return { every: 'weeks', interval, weekdays: [...values.weekdays].sort((a, b) => a - b) };
    case 'months':
      return { every: 'months', interval, month_day: Number(values.month_day) };
    default:
      return { every: values.every, interval };
  }
}

export type FormProblem = { field: TaskFormField; message: string };

/** Whether `taskInputOf` answered with a problem rather than a request. */
export const isProblem = (made: TaskInput | FormProblem): made is FormProblem => 'message' in made;

/**
 * The request the form's values make, or the first problem to show by its field. `dueAt` is the due value
 * already read as an instant (null when it is not a valid date and time).
 */
export function taskInputOf(
  values: TaskFormValues,
  dueAt: string | null,
  zone: string,
): TaskInput | FormProblem {
  const title = values.title.trim();
  if (!title) return { field: 'title', message: t('tasks:enterATitle') };
  if (title.length > TASK_TITLE_MAX)
    return { field: 'title', message: t('tasks:keepTheTitleToCharacters', { TASK_TITLE_MAX }) };
  if (!dueAt) return { field: 'due', message: t('tasks:chooseTheFirstDueDate') };
  if (values.every !== 'none') {
    const n = Number(values.interval);
    if (!Number.isInteger(n) || n < 1 || n > TASK_INTERVAL_MAX) {
      return { field: 'interval', message: t('tasks:intervalNotWholeNumber', { TASK_INTERVAL_MAX }) };
    }
    if (values.every === 'weeks' && values.weekdays.length === 0) {
      return { field: 'weekdays', message: t('tasks:chooseAtLeastOneWeekday') };
    }
  }
  const pool = values.pool.filter((p) => p.on).map((p) => p.user_id);
  const chosen = values.assignee === '' ? null : Number(values.assignee);
  const base = {
    title,
    notes: values.notes.trim() || null,
    effort: Number(values.effort),
    time_zone: zone,
    due_at: dueAt,
    repeat: repeatOf(values),
    rotation: values.rotation,
  };
  if (values.rotation === 'fixed') {
    if (chosen === null) return { field: 'assignee', message: t('tasks:chooseWhoDoesIt') };
    return { ...base, assignee_id: chosen };
  }
  if (pool.length === 0) return { field: 'pool', message: t('tasks:chooseAtLeastOnePerson') };
  if (values.rotation === 'round_robin') {
    return { ...base, pool, assignee_id: chosen !== null && pool.includes(chosen) ? chosen : null };
  }
  return { ...base, pool };
}

/** The form field an API error's `field` points at; undefined when it is none of the form's. */
export function formFieldOf(apiField: string | undefined): TaskFormField | undefined {
  const map: Record<string, TaskFormField> = {
    title: 'title',
    notes: 'notes',
    effort: 'effort',
    due_at: 'due',
    'repeat.interval': 'interval',
    'repeat.weekdays': 'weekdays',
    'repeat.month_day': 'month_day',
    rotation: 'rotation',
    pool: 'pool',
    assignee_id: 'assignee',
  };
  return apiField ? map[apiField] : undefined;
}
