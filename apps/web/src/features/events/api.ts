import type {
  CalendarSubscription,
  Event,
  EventDeleteQuery,
  EventInput,
  EventOccurrence,
  EventPatch,
  Ok,
  PersonalFeedLink,
  TimelineLayers,
} from '@hearth/contract';
import {
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiClient, isApiError, useApiClient } from '../../lib/api-client';
import { t } from '../../lib/i18n';

export const eventKeys = {
  all: ['events'] as const,
  detail: (eventId: number) => [...eventKeys.all, eventId] as const,
  subscription: () => [...eventKeys.all, 'subscription'] as const,
  /** What the calendar last saw for one source ('house', or the layers in a zone) over one date range. */
  range: (source: string, from: Date, to: Date) =>
    [...eventKeys.all, 'range', source, from.toISOString(), to.toISOString()] as const,
};

/**
 * A range for FullCalendar, which asks for its events itself rather than through a query: the answer is
 * kept in the query cache (which the offline copy saves), and without a connection the kept answer is
 * shown instead, so the calendar reads offline after a reload. With no connection and nothing kept, the
 * failure is the calendar's to show.
 */
export async function keptRange<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  fetch: () => Promise<T>,
): Promise<T> {
  const kept = queryClient.getQueryData<T>(queryKey);
  if (kept !== undefined && globalThis.navigator?.onLine === false) return kept;
  try {
    const data = await fetch();
    queryClient.setQueryData(queryKey, data);
    return data;
  } catch (err) {
    if (kept !== undefined && isApiError(err) && err.status === 0) return kept;
    throw err;
  }
}

/** The house feed, authorised by the access token in the link. */
export function feedUrl(houseId: number, accessToken: string): string {
  return `/api/event/house/${houseId}/calendar.ics?access_token=${encodeURIComponent(accessToken)}`;
}

export function fetchEvent(api: ApiClient, eventId: number, signal?: AbortSignal): Promise<Event> {
  return api.get<Event>(`/api/event/${eventId}`, {
    failure: t('events:failedToFetchEvent'),
    ...(signal && { signal }),
  });
}

export function createEvent(api: ApiClient, input: EventInput): Promise<Event> {
  return api.post<Event>('/api/event/', input, { failure: t('events:failedToCreateEvent') });
}

export function updateEvent(api: ApiClient, eventId: number, patch: EventPatch): Promise<Event> {
  return api.patch<Event>(`/api/event/${eventId}`, patch, { failure: t('events:failedToUpdateEvent') });
}

/** Deletes an event, or for a repeating one the part `query` names (this / this and following / all). */
export function deleteEvent(api: ApiClient, eventId: number, query: EventDeleteQuery = {}): Promise<void> {
  const params = new URLSearchParams();
  if (query.scope) params.set('scope', query.scope);
  if (query.occurrence_start) params.set('occurrence_start', query.occurrence_start);
  const search = params.size > 0 ? `?${params}` : '';
  return api.delete<void>(`/api/event/${eventId}${search}`, { failure: t('events:failedToDeleteEvent') });
}

const rangeSearch = (from: Date, to: Date) =>
  `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;

/** The house events' occurrences in [from, to), repeating events expanded by the server. */
export function fetchOccurrences(api: ApiClient, from: Date, to: Date, signal?: AbortSignal) {
  return api.get<EventOccurrence[]>(`/api/event/?${rangeSearch(from, to)}`, {
    failure: t('events:failedToFetchEvents'),
    ...(signal && { signal }),
  });
}

/** Tasks due, bills due, away periods and my reminders in [from, to); dates read in `zone`. */
export function fetchLayers(api: ApiClient, from: Date, to: Date, zone: string, signal?: AbortSignal) {
  return api.get<TimelineLayers>(
    `/api/event/layers?${rangeSearch(from, to)}&time_zone=${encodeURIComponent(zone)}`,
    {
      failure: t('events:failedToFetchTheCalendar'),
      ...(signal && { signal }),
    },
  );
}

/** A new personal feed link; the previous one stops working. */
export function makePersonalFeedLink(api: ApiClient): Promise<PersonalFeedLink> {
  return api.post<PersonalFeedLink>('/api/feed/me/link', undefined, {
    failure: t('events:failedToMakeAPersonal'),
  });
}

export function revokePersonalFeedLink(api: ApiClient): Promise<Ok> {
  return api.delete<Ok>('/api/feed/me/link', { failure: t('events:failedToRevokeThePersonal') });
}

/** The caller's subscription link; made on the first call (only that answer carries the URLs). */
export function fetchSubscription(api: ApiClient, signal?: AbortSignal): Promise<CalendarSubscription> {
  return api.get<CalendarSubscription>('/api/event/subscription', {
    failure: t('events:failedToFetchCalendarLink'),
    ...(signal && { signal }),
  });
}

/** Revokes the caller's link and makes a new one. */
export function rotateSubscription(api: ApiClient): Promise<CalendarSubscription> {
  return api.post<CalendarSubscription>('/api/event/subscription/rotate', undefined, {
    failure: t('events:failedToMakeANew'),
  });
}

export const eventQuery = (api: ApiClient, eventId: number) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => fetchEvent(api, eventId, signal),
    // The dialog always shows the event as it is now.
    staleTime: 0,
  });

/** One event for the dialog; idle without an id. */
export function useEvent(eventId: number | null) {
  const api = useApiClient();
  return useQuery({ ...eventQuery(api, eventId ?? 0), enabled: eventId !== null });
}

export function useCreateEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => createEvent(api, input),
    onSuccess: (event) => queryClient.setQueryData(eventKeys.detail(event.event_id), event),
  });
}

export function useUpdateEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, patch }: { eventId: number; patch: EventPatch }) =>
      updateEvent(api, eventId, patch),
    onSuccess: (event) => queryClient.setQueryData(eventKeys.detail(event.event_id), event),
  });
}

export function useDeleteEvent() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, query }: { eventId: number; query?: EventDeleteQuery }) =>
      deleteEvent(api, eventId, query),
    onSuccess: (_result, { eventId, query }) => {
      // Only the whole event is gone; a part of a series changes it.
      if (!query?.scope || query.scope === 'all')
        queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) });
      else void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
    },
  });
}

export function useMakePersonalFeedLink() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => makePersonalFeedLink(api) });
}

export function useRevokePersonalFeedLink() {
  const api = useApiClient();
  return useMutation({ mutationFn: () => revokePersonalFeedLink(api) });
}

export function useCalendarSubscription(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: eventKeys.subscription(),
    queryFn: ({ signal }) => fetchSubscription(api, signal),
    enabled,
    // The answer that made the link is the only one with its URLs: keep it for the session.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useRotateSubscription() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateSubscription(api),
    onSuccess: (subscription) => queryClient.setQueryData(eventKeys.subscription(), subscription),
  });
}
