import type { TaskMember } from '@hearth/contract';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useTaskHistory } from '../api/get-task-history';
import { memberName } from '../api/get-task-members';
import { dueInFull } from '../lib/due-words';

export interface TaskHistoryListProps {
  taskId: number;
  members: ReadonlyMap<number, TaskMember>;
  zone: string;
}

/** Who did the task and when, and the times it was skipped, newest first, more on request. */
export function TaskHistoryList({ taskId, members, zone }: TaskHistoryListProps) {
  const history = useTaskHistory(taskId);
  useLogError(history.error);
  if (history.isPending) return <Spinner label={t('tasks:loadingHistory')} />;
  if (history.isError) {
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {t('tasks:couldNotLoadTaskHistory')}
      </p>
    );
  }
  const entries = history.data.pages.flat();
  if (entries.length === 0) return <p className="text-sm text-muted">{t('tasks:notDoneYet')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-1.5 text-sm">
        {entries.map((entry) => (
          <li key={entry.history_id} className="flex flex-wrap justify-between gap-x-3">
            <span className="min-w-0 font-medium break-words text-espresso">
              {entry.skipped
                ? t('tasks:skippedBy', { value: memberName(members.get(entry.done_by)) })
                : t('tasks:doneBy', { value: memberName(members.get(entry.done_by)) })}
            </span>
            <time dateTime={entry.done_at} className="text-muted">
              {dueInFull(entry.done_at, zone)}
            </time>
          </li>
        ))}
      </ol>
      {history.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('tasks:showOlder')}
        </Button>
      )}
    </div>
  );
}
