import type { Task, TaskMember } from '@hearth/contract';
import { Check, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { MemberAvatar } from '../../../components/member-avatar';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { memberName } from '../api/get-task-members';
import { dueInFull, dueInWords } from '../lib/due-words';
import { EffortDots } from './effort-dots';

export interface TaskRowProps {
  task: Task;
  members: ReadonlyMap<number, TaskMember>;
  now: Date;
  zone: string;
  /** Disables Done while this task's done is being saved. */
  busy?: boolean;
  onDone: (task: Task) => void;
  /** Opens the task's details; without it the title links to the tasks page. */
  onOpen?: (task: Task) => void;
}

/**
 * One task: title (opens its details), who is on turn, when it is due in words, effort, and a one-tap
 * Done. Overdue tasks get a red edge and say so in words too.
 */
export function TaskRow({ task, members, now, zone, busy = false, onDone, onOpen }: TaskRowProps) {
  const titleClasses = 'block max-w-full truncate text-left font-semibold text-espresso hover:underline';
  const assignee = members.get(task.assignee_id);
  const name = memberName(assignee);
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-xl border bg-surface px-3 py-2.5 shadow-xs sm:px-4',
        task.overdue ? 'border-danger-border border-l-4 border-l-danger bg-danger-bg/40' : 'border-line',
      )}
    >
      <Button
        variant="secondary"
        size="sm"
        className="size-11 shrink-0 rounded-full p-0"
        aria-label={t('tasks:doneWithTitle', { title: task.title })}
        title={t('tasks:markDone')}
        disabled={busy}
        onClick={() => onDone(task)}
      >
        <Check className="size-5" aria-hidden="true" />
      </Button>
      <div className="min-w-0 flex-1">
        {onOpen ? (
          <button type="button" onClick={() => onOpen(task)} className={titleClasses}>
            {task.title}
          </button>
        ) : (
          <Link to="/tasks" className={titleClasses}>
            {task.title}
          </Link>
        )}
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span className="flex min-w-0 items-center gap-1.5">
            <MemberAvatar member={assignee} className="size-5 text-[0.6rem]" />
            <span className="truncate">{name}</span>
          </span>
          <time
            dateTime={task.due_at}
            title={dueInFull(task.due_at, zone)}
            className={cn(task.overdue && 'font-semibold text-danger')}
          >
            {task.overdue && <span className="sr-only">{t('tasks:overdueDue')} </span>}
            {dueInWords(task.due_at, now, zone)}
          </time>
          <EffortDots effort={task.effort} />
        </div>
        {task.assignee_away && (
          <p className="mt-1 flex items-center gap-1.5 text-sm font-medium text-warning">
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0">{t('tasks:assigneeAwayWhenDue', { name })}</span>
          </p>
        )}
      </div>
    </li>
  );
}
