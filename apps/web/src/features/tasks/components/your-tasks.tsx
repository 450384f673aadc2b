import type { TaskMember, User } from '@hearth/contract';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/banner';
import { Card } from '../../../components/card';
import { Spinner } from '../../../components/spinner';
import { browserTimeZone } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useDeferredReady } from '../../../lib/use-deferred-ready';
import { useLogError } from '../../../lib/use-log-error';
import { useNow } from '../../../lib/use-now';
import { useTaskMembers } from '../api/get-task-members';
import { useTasks } from '../api/get-tasks';
import { yourTasksNow } from '../lib/group-tasks';
import { useDoneWithUndo } from '../use-done-with-undo';
import { TaskRow } from './task-row';
import { UndoToast } from './undo-toast';

export interface YourTasksProps {
  /** The signed-in user (the home page hands it to every section). */
  user: User;
}

/** Home's "Your tasks": the caller's overdue tasks and today's, each with Done (and Undo). */
export function YourTasks({ user }: YourTasksProps) {
  const headingId = useId();
  const hasHouse = user.house_id !== null;
  const tasks = useTasks({ enabled: hasHouse });
  const people = useTaskMembers({ enabled: hasHouse });
  const doneWithUndo = useDoneWithUndo();
  const now = useNow();
  const zone = browserTimeZone();
  useLogError(tasks.error);

  const members = useMemo(
    () => new Map<number, TaskMember>((people.data ?? []).map((m) => [m.user_id, m])),
    [people.data],
  );
  const drawn = useDeferredReady(!tasks.isPending);
  if (!hasHouse) return null;
  const mine = drawn && tasks.data ? yourTasksNow(tasks.data, user.user_id, now, zone) : [];

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id={headingId} className="text-lg font-bold text-espresso">
            {t('tasks:yourTasks')}
          </h2>
          <Link to="/tasks" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
            {t('tasks:allTasks')}
          </Link>
        </div>
        {tasks.isPending || !drawn ? (
          <div className="mt-4 flex justify-center">
            <Spinner label={t('tasks:loadingYourTasks')} />
          </div>
        ) : tasks.isError ? (
          <p className="mt-4 text-sm font-medium text-danger">{t('tasks:couldNotLoadTasks')}</p>
        ) : mine.length === 0 ? (
          <p className="mt-4 text-muted">{t('tasks:nothingDueTodayEnjoy')}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-2">
            {mine.map((task) => (
              <TaskRow
                key={task.task_id}
                task={task}
                members={members}
                now={now}
                zone={zone}
                busy={doneWithUndo.pending.has(task.task_id)}
                onDone={doneWithUndo.done}
              />
            ))}
          </ul>
        )}
        {doneWithUndo.error && (
          <Banner variant="error" className="mt-3">
            {doneWithUndo.error}
          </Banner>
        )}
      </Card>
      {doneWithUndo.toast && (
        <UndoToast
          id={doneWithUndo.toast.at}
          title={doneWithUndo.toast.task.title}
          onUndo={doneWithUndo.undo}
          onDismiss={doneWithUndo.dismiss}
        />
      )}
    </section>
  );
}
