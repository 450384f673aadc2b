import type { EventInput } from '@fullcalendar/core';
import ICAL from 'ical.js';

/** What the calendar keeps of each event besides its times: its meta (title, created_at, user_id, username). */
export interface FeedEventMeta {
  description: string | null;
  location: string | null;
  created_at: string | null;
  user_id: number | null;
  username: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The house feed as FullCalendar events. FullCalendar's own iCalendar plugin keeps only location,
 * organizer and description, so the creator the feed carries (X-HEARTH-USER-ID, X-HEARTH-USERNAME) and
 * CREATED would be lost: the page reads the feed with ical.js itself.
 */
export function eventsFromFeed(ics: string): EventInput[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const userId = Number(vevent.getFirstPropertyValue('x-hearth-user-id'));
    const created = vevent.getFirstPropertyValue('created');
    const meta: FeedEventMeta = {
      description: text(event.description),
      location: text(event.location),
      created_at: created instanceof ICAL.Time ? created.toJSDate().toISOString() : null,
      user_id: Number.isInteger(userId) && userId > 0 ? userId : null,
      username: text(vevent.getFirstPropertyValue('x-hearth-username')),
    };
    return {
      id: event.uid,
      title: event.summary,
      // Dates stay dates (all-day, exclusive end); instants keep their Z.
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      allDay: event.startDate.isDate,
      url: text(vevent.getFirstPropertyValue('url')) ?? '',
      extendedProps: meta,
    };
  });
}

/** Fetches and reads the feed; any non-OK answer is a failure. */
export async function loadFeedEvents(feedUrl: string, signal?: AbortSignal): Promise<EventInput[]> {
  const res = await fetch(feedUrl, signal ? { signal } : {});
  if (!res.ok) throw new Error(`Failed to fetch the house calendar: ${res.statusText}`);
  return eventsFromFeed(await res.text());
}

/** A short line naming who added an event, for its tooltip and screen readers. */
export function addedBy(meta: Partial<FeedEventMeta>): string | null {
  return meta.username ? `Added by ${meta.username}` : null;
}
