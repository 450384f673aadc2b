import type { Task } from '@hearth/contract';
import { DateTime } from 'luxon';
import { labels } from '../../../lib/i18n';

export type TaskGroupKey = 'overdue' | 'today' | 'week' | 'later';

export interface TaskGroup {
  key: TaskGroupKey;
  label: string;
  tasks: Task[];
}

const LABELS: Record<TaskGroupKey, string> = labels({
  overdue: 'tasks:groups.overdue',
  today: 'tasks:groups.today',
  week: 'tasks:groups.week',
  later: 'tasks:groups.later',
});

/** 'This week' holds what is due after today and within the next seven days. */
const WEEK_DAYS = 7;

/** Which group a task belongs to, seen from `now` in the viewer's zone. */
export function groupOf(task: Task, now: Date, zone: string): TaskGroupKey {
  const due = DateTime.fromISO(task.due_at, { zone });
  if (task.overdue || due.toMillis() < now.getTime()) return 'overdue';
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const days = Math.floor(due.startOf('day').diff(today, 'days').days);
  if (days <= 0) return 'today';
  return days < WEEK_DAYS ? 'week' : 'later';
}

/**
 * Tasks in the groups Overdue, Today, This week and Later, each soonest due first; groups with no
 * tasks are left out.
 */
export function groupTasks(tasks: readonly Task[], now: Date, zone: string): TaskGroup[] {
  const byKey: Record<TaskGroupKey, Task[]> = { overdue: [], today: [], week: [], later: [] };
  for (const task of tasks) byKey[groupOf(task, now, zone)].push(task);
  return (Object.keys(LABELS) as TaskGroupKey[])
    .map((key) => ({
      key,
      label: LABELS[key],
      tasks: byKey[key].sort((a, b) => Date.parse(a.due_at) - Date.parse(b.due_at) || a.task_id - b.task_id),
    }))
    .filter((group) => group.tasks.length > 0);
}

export type TaskFilter = 'mine' | 'everyone';

/** The Mine / Everyone filter: Mine keeps the tasks on the viewer's turn. */
export function filterTasks(tasks: readonly Task[], filter: TaskFilter, userId: number | undefined): Task[] {
  return filter === 'mine' ? tasks.filter((task) => task.assignee_id === userId) : [...tasks];
}

/** Home's "Your tasks": the viewer's overdue tasks and those due today, soonest first. */
export function yourTasksNow(tasks: readonly Task[], userId: number, now: Date, zone: string): Task[] {
  return groupTasks(filterTasks(tasks, 'mine', userId), now, zone)
    .filter((group) => group.key === 'overdue' || group.key === 'today')
    .flatMap((group) => group.tasks);
}
