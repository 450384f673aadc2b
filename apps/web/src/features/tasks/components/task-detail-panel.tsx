import type { Task } from '@hearth/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Pencil, SkipForward, Trash2, TriangleAlert, X } from 'lucide-react';
import { Button } from '../../../components/button';
import { MemberAvatar } from '../../../components/member-avatar';
import { t } from '../../../lib/i18n';
import { memberName } from '../api/get-task-members';
import { dueInFull } from '../lib/due-words';
import { repeatSentence } from '../lib/repeat-sentence';
import { rotationWords } from '../lib/rotation-words';
import { EffortDots } from './effort-dots';
import type { TaskDetailDialogProps } from './task-detail-dialog';
import { TaskHistoryList } from './task-history';

/** TaskDetailDialog's Radix Dialog and the details in it, loaded when it first opens. */
export function TaskDetailPanel(props: TaskDetailDialogProps) {
  const { task, members, zone, busy, error, onClose } = props;
  return (
    <Dialog.Root open={task !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-scrim/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-card border border-line bg-surface p-5 shadow-lift sm:p-6">
          {task && (
            <TaskDetail {...props} task={task} members={members} zone={zone} busy={busy} error={error} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function TaskDetail({
  task,
  members,
  zone,
  busy,
  error,
  onDone,
  onSkip,
  onEdit,
  onDelete,
}: TaskDetailDialogProps & { task: Task }) {
  const assignee = members.get(task.assignee_id);
  const poolNames = task.pool.map((id) => memberName(members.get(id)));
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="min-w-0 text-xl font-bold break-words text-espresso">
          {task.title}
        </Dialog.Title>
        <Dialog.Close
          className="-m-2 rounded-xl p-2 text-muted hover:bg-tan-light hover:text-espresso"
          aria-label={t('tasks:closeTaskDetails')}
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      {/* The details and history scroll between the title and the actions, so the actions stay on screen. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard even when nothing in it takes focus (long notes, a history without links)
        tabIndex={0}
        aria-label={t('tasks:taskDetails')}
        className="-mx-1 mt-1 min-h-0 flex-1 overflow-y-auto rounded-lg px-1 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Dialog.Description className="text-sm text-muted">{repeatSentence(task.repeat)}</Dialog.Description>

        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold text-espresso">{t('tasks:due')}</dt>
          <dd className={task.overdue ? 'font-semibold text-danger' : 'text-espresso'}>
            {dueInFull(task.due_at, zone)}
            {task.overdue && t('tasks:overdue')}
          </dd>
          <dt className="font-semibold text-espresso">{t('tasks:onTurn')}</dt>
          <dd className="flex min-w-0 items-center gap-2 text-espresso">
            <MemberAvatar member={assignee} className="size-6 text-[0.65rem]" />
            <span className="truncate" title={memberName(assignee)}>
              {memberName(assignee)}
            </span>
          </dd>
          <dt className="font-semibold text-espresso">{t('tasks:rotation')}</dt>
          <dd className="break-words text-espresso">{rotationWords(task.rotation, poolNames)}</dd>
          <dt className="font-semibold text-espresso">{t('tasks:effort')}</dt>
          <dd>
            <EffortDots effort={task.effort} />
          </dd>
        </dl>
        {task.assignee_away && (
          <p className="mt-3 flex items-start gap-2 rounded-xl border border-warning-border bg-warning-bg px-3 py-2 text-sm font-medium text-warning">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('tasks:assigneeAwayNobodyFree', { assignee: memberName(assignee) })}
          </p>
        )}
        {task.notes && (
          <p className="mt-4 text-sm whitespace-pre-line break-words text-espresso">{task.notes}</p>
        )}

        <section className="mt-6 border-t border-line pt-4" aria-labelledby={`history-${task.task_id}`}>
          <h3 id={`history-${task.task_id}`} className="mb-2 font-semibold text-espresso">
            {t('tasks:history')}
          </h3>
          <TaskHistoryList taskId={task.task_id} members={members} zone={zone} />
        </section>
      </section>

      {error && (
        <p role="alert" className="mt-3 shrink-0 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="mt-4 grid shrink-0 grid-cols-2 gap-2 border-t border-line pt-4 sm:flex sm:flex-wrap">
        <Button disabled={busy} onClick={() => onDone(task)}>
          <Check className="size-4" aria-hidden="true" />
          {t('tasks:done')}
        </Button>
        {task.repeat.every !== 'none' && (
          <Button variant="secondary" disabled={busy} onClick={() => onSkip(task)}>
            <SkipForward className="size-4" aria-hidden="true" />
            {t('tasks:skipThisTime')}
          </Button>
        )}
        <Button variant="secondary" disabled={busy} onClick={() => onEdit(task)}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('tasks:edit')}
        </Button>
        <Button variant="ghost" className="text-danger" disabled={busy} onClick={() => onDelete(task)}>
          <Trash2 className="size-4" aria-hidden="true" />
          {t('tasks:delete')}
        </Button>
      </div>
    </>
  );
}
