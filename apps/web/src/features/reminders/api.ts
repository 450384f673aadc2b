import type { Ok, Reminder, ReminderInput } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';

export const reminderKeys = {
  all: ['reminders'] as const,
  list: () => [...reminderKeys.all, 'list'] as const,
};

export function fetchReminders(api: ApiClient, signal?: AbortSignal): Promise<Reminder[]> {
  return api.get<Reminder[]>('/api/reminder/', {
    failure: t('reminders:failedToFetchReminders'),
    ...(signal && { signal }),
  });
}

export function createReminder(api: ApiClient, input: ReminderInput): Promise<Reminder> {
  return api.post<Reminder>('/api/reminder/', input, { failure: t('reminders:failedToCreateReminder') });
}

/** Editing is PUT /api/reminder/{id}, on the same server as every other call. */
export function updateReminder(api: ApiClient, id: number, input: ReminderInput): Promise<Reminder> {
  return api.put<Reminder>(`/api/reminder/${id}`, input, { failure: t('reminders:failedToUpdateReminder') });
}

export function deleteReminder(api: ApiClient, id: number): Promise<Ok> {
  return api.delete<Ok>(`/api/reminder/${id}`, { failure: t('reminders:failedToDeleteReminder') });
}

export const remindersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: reminderKeys.list(),
    queryFn: ({ signal }) => fetchReminders(api, signal),
    staleTime: 30_000,
  });

/** The signed-in user's reminders, soonest next occurrence first (the server's order). */
export function useReminders() {
  const api = useApiClient();
  return useQuery(remindersQuery(api));
}

/** Puts the saved reminder into the cached list at once, then refetches for the server's order. */
function useSaveReminderMutation<TVars>(run: (api: ApiClient, vars: TVars) => Promise<Reminder>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: TVars) => run(api, vars),
    onSuccess: async (saved) => {
      queryClient.setQueryData<Reminder[]>(reminderKeys.list(), (list) =>
        list ? [...list.filter((r) => r.reminder_id !== saved.reminder_id), saved] : [saved],
      );
      await queryClient.invalidateQueries({ queryKey: reminderKeys.all });
    },
  });
}

export const useCreateReminder = () => useSaveReminderMutation<ReminderInput>(createReminder);
export const useUpdateReminder = () =>
  useSaveReminderMutation<{ id: number; input: ReminderInput }>((api, { id, input }) =>
    updateReminder(api, id, input),
  );

export function useDeleteReminder() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReminder(api, id),
    onSuccess: async (_ok, id) => {
      queryClient.setQueryData<Reminder[]>(reminderKeys.list(), (list) =>
        list?.filter((r) => r.reminder_id !== id),
      );
      await queryClient.invalidateQueries({ queryKey: reminderKeys.all });
    },
  });
}
