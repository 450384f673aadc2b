import type { Task } from '@hearth/contract';
import type { QueryClient } from '@tanstack/react-query';
import { taskKeys } from './keys';

/**
 * Puts a task the server just answered with into the cached list at once (a finished one-off leaves it),
 * then refetches everything tasks-related, since one change can move other tasks' turns.
 */
export function applyTask(queryClient: QueryClient, task: Task) {
  queryClient.setQueryData<Task[]>(taskKeys.list(), (tasks) => {
    if (!tasks) return tasks;
    const others = tasks.filter((t) => t.task_id !== task.task_id);
    if (task.completed) return others;
    return [...others, task].sort(
      (a, b) => Date.parse(a.due_at) - Date.parse(b.due_at) || a.task_id - b.task_id,
    );
  });
  return queryClient.invalidateQueries({ queryKey: taskKeys.all });
}
