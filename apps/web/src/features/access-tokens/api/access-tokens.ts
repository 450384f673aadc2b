import type { AccessTokenInput, AccessTokenList, NewAccessToken, Ok } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';

const PATH = '/api/access-token/';

/** Query keys of the access-tokens feature; every one starts with 'access-tokens'. */
export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  list: () => [...accessTokenKeys.all, 'list'] as const,
};

export function fetchAccessTokens(api: ApiClient, signal?: AbortSignal): Promise<AccessTokenList> {
  return api.get<AccessTokenList>(PATH, {
    failure: t('users:apiTokens.loadError'),
    ...(signal && { signal }),
  });
}

export const accessTokensQuery = (api: ApiClient) =>
  queryOptions({ queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => fetchAccessTokens(api, signal) });

/** The person's API tokens (never the tokens themselves). */
export function useAccessTokens() {
  const api = useApiClient();
  return useQuery(accessTokensQuery(api));
}

/** Makes a token; the answer is the only time it is shown. */
export function useCreateAccessToken() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessTokenInput) => api.post<NewAccessToken>(PATH, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() }),
  });
}

export function useRevokeAccessToken() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Ok>(`${PATH}${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() }),
  });
}
