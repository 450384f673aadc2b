import type { ExternalCalendar, ExternalCalendarInput, ExternalCalendarList, Ok } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';

const PATH = '/api/external-calendar/';

export const externalCalendarKeys = {
  all: ['external-calendars'] as const,
  list: () => [...externalCalendarKeys.all, 'list'] as const,
};

/** The calendar's layers (the events feature's keys) change with every outside calendar. */
const CALENDAR_KEYS = ['events'] as const;

export function fetchExternalCalendars(api: ApiClient, signal?: AbortSignal): Promise<ExternalCalendarList> {
  return api.get<ExternalCalendarList>(PATH, {
    failure: t('events:external.loadFailed'),
    ...(signal && { signal }),
  });
}

export const externalCalendarsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: externalCalendarKeys.list(),
    queryFn: ({ signal }) => fetchExternalCalendars(api, signal),
  });

/** The outside calendars the person sees: the house's and their own. */
export function useExternalCalendars() {
  const api = useApiClient();
  return useQuery(externalCalendarsQuery(api));
}

/** After a change: the list and the calendar's layers are read again. */
function useRefetchAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: externalCalendarKeys.all }),
      queryClient.invalidateQueries({ queryKey: CALENDAR_KEYS }),
    ]);
}

export function useSaveExternalCalendar() {
  const api = useApiClient();
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ExternalCalendarInput }) =>
      id === null
        ? api.post<ExternalCalendar>(PATH, input)
        : api.put<ExternalCalendar>(`${PATH}${id}`, input),
    onSuccess: refetch,
  });
}

export function useRefreshExternalCalendar() {
  const api = useApiClient();
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: number) => api.post<ExternalCalendar>(`${PATH}${id}/refresh`, undefined),
    onSuccess: refetch,
  });
}

export function useRemoveExternalCalendar() {
  const api = useApiClient();
  const refetch = useRefetchAfter();
  return useMutation({
    mutationFn: (id: number) => api.delete<Ok>(`${PATH}${id}`),
    onSuccess: refetch,
  });
}
