import type {
  House,
  HouseExport,
  HousePatch,
  ImportResult,
  LeaveResult,
  Member,
  RemovalResult,
  UserExport,
} from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useAccessToken, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { userKeys } from '../users';
import { houseKeys } from './api';

/** Members live under the house's key, so a live 'house' change refetches them with the house. */
export const memberKeys = {
  list: (houseId: number) => [...houseKeys.detail(houseId), 'members'] as const,
};

export const membersQuery = (api: ApiClient, houseId: number) =>
  queryOptions({
    queryKey: memberKeys.list(houseId),
    queryFn: ({ signal }) =>
      api.get<Member[]>(`/api/house/${houseId}/members`, {
        failure: t('houses:failedToFetchMembers'),
        ...(signal && { signal }),
      }),
  });

export function useMembers(houseId: number) {
  const api = useApiClient();
  return useQuery(membersQuery(api, houseId));
}

export function useUpdateHouse(houseId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: HousePatch) =>
      api.patch<House>(`/api/house/${houseId}`, patch, { failure: t('houses:failedToSaveHouse') }),
    onSuccess: (house) => queryClient.setQueryData(houseKeys.detail(houseId), house),
  });
}

/** Leaving: afterwards the profile has no house, and nothing cached about the house may be shown. */
export function useLeaveHouse(houseId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<LeaveResult>(`/api/house/${houseId}/leave`, undefined, {
        failure: t('houses:failedToLeaveHouse'),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userKeys.me() });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== userKeys.me()[0] });
    },
  });
}

export function useRemoveMember(houseId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.post<RemovalResult>(`/api/house/${houseId}/members/${userId}/remove`, undefined, {
        failure: t('houses:failedToRemoveMember'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(houseId) }),
  });
}

export function useWithdrawRemoval(houseId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      api.delete<{ ok: true }>(`/api/house/${houseId}/members/${userId}/remove`, {
        failure: t('houses:failedToWithdrawTheRequest'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(houseId) }),
  });
}

export function useDeleteAccount() {
  const api = useApiClient();
  return useMutation({
    mutationFn: () =>
      api.delete<{ ok: true }>('/api/users/me', { failure: t('houses:failedToDeleteAccount') }),
  });
}

/** Hands the browser a file to save. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const saveJson = (name: string, value: unknown) =>
  saveFile(name, new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }));

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The house's data, the calendar, the expenses and the caller's own data, each as a download (without a
 * house, only the caller's own).
 */
export function useDownloads(houseId: number | null) {
  const api = useApiClient();
  const token = useAccessToken();
  const fetchFile = async (path: string, failure: string) => {
    const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) throw new Error(`${failure}: ${response.statusText}`);
    return response.blob();
  };
  return useMutation({
    mutationFn: async (what: 'house' | 'calendar' | 'expenses' | 'me') => {
      if (what === 'me') {
        saveJson(`hearth-my-data-${today()}.json`, await api.get<UserExport>('/api/users/me/export'));
      } else if (houseId === null) {
        throw new Error(t('houses:noHouseToExport'));
      } else if (what === 'house') {
        const doc = await api.get<HouseExport>(`/api/house/${houseId}/export`, {
          failure: t('houses:failedToExportTheHouse'),
        });
        saveJson(`hearth-house-${today()}.json`, doc);
      } else if (what === 'calendar') {
        const path = `/api/event/house/${houseId}/calendar.ics`;
        saveFile('hearth-calendar.ics', await fetchFile(path, t('houses:failedToExportTheCalendar')));
      } else {
        saveFile(
          'hearth-expenses.csv',
          await fetchFile('/api/expense/export.csv', t('bills:failedToExportExpenses')),
        );
      }
    },
  });
}

/** Brings a house export into this (empty) house; every feature's data changes, so all of it is refetched. */
export function useImportHouse(houseId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doc: unknown) =>
      api.post<ImportResult>(`/api/house/${houseId}/import`, doc, { failure: t('houses:failedToImport') }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
