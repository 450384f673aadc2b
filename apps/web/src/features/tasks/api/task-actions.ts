import type { Task } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { applyTask } from './cache';

export type TaskAction = 'done' | 'skip' | 'undo';

/** Marks the current occurrence done (by the caller), skips it, or undoes the newest of either. */
export const taskAction = (api: ApiClient, taskId: number, action: TaskAction) =>
  api.post<Task>(`/api/task/${taskId}/${action}`, {});

export function useTaskAction() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, action }: { taskId: number; action: TaskAction }) =>
      taskAction(api, taskId, action),
    onSuccess: (task) => applyTask(queryClient, task),
  });
}
