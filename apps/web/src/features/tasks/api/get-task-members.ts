import type { TaskMember } from '@hearth/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { taskKeys } from './keys';

export function fetchTaskMembers(api: ApiClient, signal?: AbortSignal): Promise<TaskMember[]> {
  return api.get<TaskMember[]>('/api/task/members', {
    failure: t('tasks:failedToFetchHouseMembers'),
    ...(signal && { signal }),
  });
}

export const taskMembersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: taskKeys.members(),
    queryFn: ({ signal }) => fetchTaskMembers(api, signal),
    // Fetched afresh by every page that shows it: someone may have joined the house since.
    staleTime: 0,
  });

/** The house's members, for names, pictures and the rotation pool. */
export function useTaskMembers(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...taskMembersQuery(api), enabled: options.enabled ?? true });
}

/** A member's display name: first and last name, or the username when both are blank. */
export function memberName(member: TaskMember | undefined): string {
  if (!member) return t('tasks:someone');
  const name = `${member.first_name} ${member.last_name}`.trim();
  return name || member.username;
}
