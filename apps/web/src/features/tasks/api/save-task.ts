import type { Task, TaskInput } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { applyTask } from './cache';

export const createTask = (api: ApiClient, input: TaskInput) => api.post<Task>('/api/task/', input);

export const updateTask = (api: ApiClient, taskId: number, input: TaskInput) =>
  api.put<Task>(`/api/task/${taskId}`, input);

/** Creates a task, or replaces task `taskId` when given. */
export function useSaveTask() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: number | null; input: TaskInput }) =>
      taskId === null ? createTask(api, input) : updateTask(api, taskId, input),
    onSuccess: (task) => applyTask(queryClient, task),
  });
}
