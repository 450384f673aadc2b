import type { User, UserExists, UserInput } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, isApiError, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  exists: () => [...userKeys.all, 'me', 'exists'] as const,
};

export function fetchUserExists(api: ApiClient, signal?: AbortSignal): Promise<UserExists> {
  return api.get<UserExists>('/api/users/me/exists', {
    failure: t('users:failedToCheckUser'),
    ...(signal && { signal }),
  });
}

/** The caller's profile, or null when they have not set one up yet (the API answers 404). */
export async function fetchMe(api: ApiClient, signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>('/api/users/me', {
      failure: t('users:failedToFetchUser'),
      ...(signal && { signal }),
    });
  } catch (err) {
    if (isApiError(err) && err.status === 404) return null;
    throw err;
  }
}

export function saveProfile(api: ApiClient, input: UserInput): Promise<User> {
  return api.post<User>('/api/users/', input, { failure: t('users:failedToCreateUser') });
}

export const userExistsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: userKeys.exists(),
    queryFn: ({ signal }) => fetchUserExists(api, signal),
    // A failed check is only logged; retrying would only delay that.
    retry: false,
  });

export const meQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => fetchMe(api, signal),
    staleTime: 60_000,
  });

export function useUserExists(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({ ...userExistsQuery(api), enabled: options.enabled ?? true });
}

/** The signed-in user's profile (null: no profile yet). Shared by every page through the query cache. */
export function useMe() {
  const api = useApiClient();
  return useQuery(meQuery(api));
}

export function useSaveProfile() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput) => saveProfile(api, input),
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.me(), user);
      queryClient.setQueryData<UserExists>(userKeys.exists(), { exists: true });
    },
  });
}
