import type { House, HouseInput } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { userKeys } from '../users';

export const houseKeys = {
  all: ['houses'] as const,
  detail: (houseId: number) => [...houseKeys.all, houseId] as const,
};

export function fetchHouse(api: ApiClient, houseId: number, signal?: AbortSignal): Promise<House> {
  return api.get<House>(`/api/house/${houseId}`, {
    failure: t('houses:failedToFetchHouse'),
    ...(signal && { signal }),
  });
}

/** Joins the house with this invite code: 404 for a wrong code, 409 when already in a house. */
export function joinHouse(api: ApiClient, code: string): Promise<House> {
  return api.put<House>(`/api/house/${encodeURIComponent(code.trim())}`, undefined, {
    failure: t('houses:failedToJoinHouse'),
  });
}

export function createHouse(api: ApiClient, input: HouseInput): Promise<House> {
  return api.post<House>('/api/house/', input, { failure: t('houses:failedToCreateHouse') });
}

/** A new invite code; the old one (and links carrying it) stop working. */
export function rotateHouseCode(api: ApiClient, houseId: number): Promise<House> {
  return api.post<House>(`/api/house/${houseId}/code`, undefined, {
    failure: t('houses:failedToMakeANew'),
  });
}

export const houseQuery = (api: ApiClient, houseId: number) =>
  queryOptions({
    queryKey: houseKeys.detail(houseId),
    queryFn: ({ signal }) => fetchHouse(api, houseId, signal),
    staleTime: 60_000,
  });

/** The house with this id; idle while the id is null (a user without a house). */
export function useHouse(houseId: number | null | undefined) {
  const api = useApiClient();
  return useQuery({
    ...houseQuery(api, houseId ?? 0),
    enabled: houseId != null,
  });
}

function useHouseMembershipMutation<TInput>(run: (api: ApiClient, input: TInput) => Promise<House>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => run(api, input),
    onSuccess: async (house) => {
      queryClient.setQueryData(houseKeys.detail(house.house_id), house);
      // The profile now carries the house id.
      await queryClient.invalidateQueries({ queryKey: userKeys.me() });
    },
  });
}

export const useJoinHouse = () => useHouseMembershipMutation<string>(joinHouse);
export const useCreateHouse = () => useHouseMembershipMutation<HouseInput>(createHouse);

export function useRotateHouseCode() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (houseId: number) => rotateHouseCode(api, houseId),
    onSuccess: (house) => queryClient.setQueryData(houseKeys.detail(house.house_id), house),
  });
}
