import type { Ok, Task } from '@hearth/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { taskKeys } from './keys';

export const deleteTask = (api: ApiClient, taskId: number) => api.delete<Ok>(`/api/task/${taskId}`);

export function useDeleteTask() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => deleteTask(api, taskId),
    onSuccess: (_ok, taskId) => {
      queryClient.setQueryData<Task[]>(taskKeys.list(), (tasks) =>
        tasks?.filter((t) => t.task_id !== taskId),
      );
      return queryClient.invalidateQueries({ queryKey: taskKeys.all });
    },
  });
}
