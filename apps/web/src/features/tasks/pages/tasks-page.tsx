import type { Task, TaskInput, TaskMember } from '@hearth/contract';

import { ListChecks, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ensureQueries, type LoaderContext } from '../../../app/feature';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { NoHouseState } from '../../../components/no-house-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { isApiError } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/dates';
import { t as tr } from '../../../lib/i18n';
import { useDeferredReady } from '../../../lib/use-deferred-ready';
import { useLogError } from '../../../lib/use-log-error';
import { useNow } from '../../../lib/use-now';
import { useMe } from '../../users';
import { useAwayPeriods } from '../api/away';
import { useDeleteTask } from '../api/delete-task';
import { taskMembersQuery, useTaskMembers } from '../api/get-task-members';
import { useTaskStats } from '../api/get-task-stats';
import { tasksQuery, useTasks } from '../api/get-tasks';
import { useSaveTask } from '../api/save-task';
import { useTaskAction } from '../api/task-actions';
import { AwayPanel } from '../components/away-panel';
import { FairnessChart } from '../components/fairness-chart';
import { TaskDetailDialog } from '../components/task-detail-dialog';
import { TaskFilterSwitch } from '../components/task-filter';
import { TaskFormDialog } from '../components/task-form-dialog';
import { TaskGroups } from '../components/task-groups';
import { UndoToast } from '../components/undo-toast';
import { filterTasks, type TaskFilter } from '../lib/group-tasks';
import { useDoneWithUndo } from '../use-done-with-undo';

/**
 * The house's tasks grouped by when they are due, with a Mine / Everyone filter, one-tap Done and Undo,
 * a dialog per task (details, history, skip, edit, delete), the fairness chart and who is away.
 * Housemates' changes arrive through the live stream.
 */
export function TasksPage() {
  const me = useMe();
  const hasHouse = me.data?.house_id != null;
  const tasks = useTasks({ enabled: hasHouse });
  const people = useTaskMembers({ enabled: hasHouse });
  const stats = useTaskStats(undefined, { enabled: hasHouse });
  const away = useAwayPeriods({ enabled: hasHouse });
  const saveTask = useSaveTask();
  const deleteTask = useDeleteTask();
  const action = useTaskAction();
  const doneWithUndo = useDoneWithUndo();
  const now = useNow();
  const zone = browserTimeZone();

  const [filter, setFilter] = useState<TaskFilter>('everyone');
  const [openId, setOpenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Task | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);

  useLogError(tasks.error);
  useLogError(people.error);
  const drawn = useDeferredReady(!tasks.isPending && !people.isPending);

  const members = useMemo(
    () => new Map<number, TaskMember>((people.data ?? []).map((m) => [m.user_id, m])),
    [people.data],
  );
  const all = tasks.data ?? [];
  const shown = filterTasks(all, filter, me.data?.user_id);
  const open = openId === null ? null : (all.find((t) => t.task_id === openId) ?? null);

  const closeDetail = () => {
    setOpenId(null);
    setDetailError(null);
  };

  const onDetailDone = (task: Task) => {
    closeDetail();
    doneWithUndo.done(task);
  };

  const onSkip = (task: Task) => {
    setDetailError(null);
    action.mutate(
      { taskId: task.task_id, action: 'skip' },
      { onError: () => setDetailError(tr('tasks:errors.skip')) },
    );
  };

  const onSubmit = (input: TaskInput) =>
    saveTask.mutateAsync({ taskId: editing === 'new' || editing === null ? null : editing.task_id, input });

  const onDeleteConfirmed = (task: Task) => {
    setDeleting(null);
    closeDetail();
    setPageError(null);
    deleteTask.mutate(task.task_id, {
      onError: () => setPageError(tr('tasks:errors.delete')),
    });
  };

  const houseRequired =
    (me.data !== undefined && !hasHouse) ||
    (isApiError(tasks.error) && tasks.error.code === 'house_required');

  let content: ReactNode;
  if (me.isPending || (hasHouse && (tasks.isPending || people.isPending || !drawn))) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label={tr('tasks:loadingTasks')} />
      </div>
    );
  } else if (houseRequired) {
    content = <NoHouseState icon={ListChecks} title={tr('tasks:joinHouseToShareTasks')} />;
  } else if (tasks.isError || people.isError) {
    content = (
      <Banner
        variant="error"
        action={
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              void tasks.refetch();
              void people.refetch();
            }}
          >
            {tr('tasks:tryAgain')}
          </Button>
        }
      >
        {tr('tasks:loadFailed')}
      </Banner>
    );
  } else {
    content = (
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-4">
          <TaskFilterSwitch value={filter} onChange={setFilter} />
          {(doneWithUndo.error ?? pageError) && (
            <Banner variant="error">{doneWithUndo.error ?? pageError}</Banner>
          )}
          {all.length === 0 ? (
            <EmptyState
              icon={ListChecks}
              title={tr('tasks:noTasksYet')}
              action={
                <Button onClick={() => setEditing('new')}>
                  <Plus className="size-4" aria-hidden="true" />
                  {tr('tasks:newTask')}
                </Button>
              }
            >
              {tr('tasks:addTheTasksYourHouse')}
            </EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState icon={ListChecks} title={tr('tasks:nothingOnYourTurn')}>
              {tr('tasks:switchToEveryoneToSee')}
            </EmptyState>
          ) : (
            <TaskGroups
              tasks={shown}
              members={members}
              now={now}
              zone={zone}
              pending={doneWithUndo.pending}
              onDone={doneWithUndo.done}
              onOpen={(task) => setOpenId(task.task_id)}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card className="p-4 sm:p-5">
            <h2 className="mb-3 font-bold text-espresso">{tr('tasks:fairnessLast30Days')}</h2>
            {stats.data ? (
              <FairnessChart stats={stats.data} members={members} />
            ) : stats.isError ? (
              <p className="text-sm text-danger">{tr('tasks:couldNotLoadWhoDidWhat')}</p>
            ) : (
              <Spinner label={tr('tasks:loadingFairness')} />
            )}
          </Card>
          <Card className="p-4 sm:p-5">
            <h2 className="mb-3 font-bold text-espresso">{tr('tasks:away')}</h2>
            {away.data ? (
              <AwayPanel
                periods={away.data}
                members={members}
                meId={me.data?.user_id ?? 0}
                now={now}
                zone={zone}
              />
            ) : away.isError ? (
              <p className="text-sm text-danger">{tr('tasks:couldNotLoadAbsences')}</p>
            ) : (
              <Spinner label={tr('tasks:loadingAwayPeriods')} />
            )}
          </Card>
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={tr('tasks:tasks')}
        description={tr('tasks:tasksThatRepeatAndTake')}
        actions={
          hasHouse && (
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" />
              {tr('tasks:newTask')}
            </Button>
          )
        }
      />
      {content}
      <TaskDetailDialog
        task={open}
        members={members}
        zone={zone}
        busy={action.isPending}
        error={detailError}
        onClose={closeDetail}
        onDone={onDetailDone}
        onSkip={onSkip}
        onEdit={(task) => {
          closeDetail();
          setEditing(task);
        }}
        onDelete={setDeleting}
      />
      <TaskFormDialog
        open={editing !== null}
        onOpenChange={(isOpen) => !isOpen && setEditing(null)}
        task={editing === 'new' ? null : editing}
        members={people.data ?? []}
        meId={me.data?.user_id ?? null}
        onSubmit={onSubmit}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(isOpen) => !isOpen && setDeleting(null)}
        title={tr('tasks:deleteThisTask')}
        description={deleting ? tr('tasks:deleteTaskWarning', { title: deleting.title }) : ''}
        confirmLabel={tr('tasks:delete')}
        destructive
        onConfirm={() => deleting && onDeleteConfirmed(deleting)}
      />
      {doneWithUndo.toast && (
        <UndoToast
          id={doneWithUndo.toast.at}
          title={doneWithUndo.toast.task.title}
          onUndo={doneWithUndo.undo}
          onDismiss={doneWithUndo.dismiss}
        />
      )}
    </>
  );
}

export { TasksPage as Component };

/** The house's tasks and its members, in the cache before the page renders. */
export const clientLoader = (context: LoaderContext) =>
  ensureQueries(context, (api) => [tasksQuery(api), taskMembersQuery(api)], { house: true });
