import type { CalendarSubscription, Event, EventInput, EventPatch } from '@hearth/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, useApiClient } from '../../lib/api-client';

export const eventKeys = {
  all: ['events'] as const,
  detail: (eventId: number) => [...eventKeys.all, eventId] as const,
  subscription: () => [...eventKeys.all, 'subscription'] as const,
};

/** The house feed, authorised by the access token in the link. */
export function feedUrl(houseId: number, accessToken: string): string {
  return `/api/event/house/${houseId}/calendar.ics?access_token=${encodeURIComponent(accessToken)}`;
}

export function fetchEvent(api: ApiClient, eventId: number, signal?: AbortSignal): Promise<Event> {
  return api.get<Event>(`/api/event/${eventId}`, {
    failure: 'Failed to fetch event',
    ...(signal && { signal }),
  });
}

export function createEvent(api: ApiClient, input: EventInput): Promise<Event> {
  return api.post<Event>('/api/event/', input, { failure: 'Failed to create event' });
}

export function updateEvent(api: ApiClient, eventId: number, patch: EventPatch): Promise<Event> {
  return api.patch<Event>(`/api/event/${eventId}`, patch, { failure: 'Failed to update event' });
}

export function deleteEvent(api: ApiClient, eventId: number): Promise<void> {
  return api.delete<void>(`/api/event/${eventId}`, { failure: 'Failed to delete event' });
}

/** The caller's subscription link; made on the first call (only that answer carries the URLs). */
export function fetchSubscription(api: ApiClient, signal?: AbortSignal): Promise<CalendarSubscription> {
  return api.get<CalendarSubscription>('/api/event/subscription', {
    failure: 'Failed to fetch calendar link',
    ...(signal && { signal }),
  });
}

/** Revokes the caller's link and makes a new one. */
export function rotateSubscription(api: ApiClient): Promise<CalendarSubscription> {
  return api.post<CalendarSubscription>('/api/event/subscription/rotate', undefined, {
    failure: 'Failed to make a new calendar link',
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
    mutationFn: (eventId: number) => deleteEvent(api, eventId),
    onSuccess: (_result, eventId) => queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) }),
  });
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
