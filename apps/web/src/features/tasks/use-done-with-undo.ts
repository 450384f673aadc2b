import type { Task } from '@hearth/contract';
import { useState } from 'react';
import { t } from '../../lib/i18n';
import { useTaskAction } from './api/task-actions';

/**
 * One-tap Done with an Undo toast: marking a task done shows the toast; Undo reverts exactly that done
 * (the newest entry of the task's history). Failures come back as a short message.
 */
export function useDoneWithUndo() {
  const action = useTaskAction();
  const [toast, setToast] = useState<{ task: Task; at: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const track = (taskId: number, on: boolean) =>
    setPending((ids) => {
      const next = new Set(ids);
      if (on) next.add(taskId);
      else next.delete(taskId);
      return next;
    });

  const done = (task: Task) => {
    if (pending.has(task.task_id)) return;
    setError(null);
    track(task.task_id, true);
    action.mutate(
      { taskId: task.task_id, action: 'done' },
      {
        onSuccess: () => setToast({ task, at: Date.now() }),
        onError: () => setError(t('tasks:errors.done')),
        onSettled: () => track(task.task_id, false),
      },
    );
  };

  const undo = () => {
    if (!toast) return;
    setToast(null);
    action.mutate(
      { taskId: toast.task.task_id, action: 'undo' },
      { onError: () => setError(t('tasks:errors.undo')) },
    );
  };

  return {
    done,
    undo,
    toast,
    dismiss: () => setToast(null),
    error,
    clearError: () => setError(null),
    pending,
  };
}
