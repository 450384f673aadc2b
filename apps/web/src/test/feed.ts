import type { EventInput } from '@fullcalendar/core';

/** A house feed as the server writes it: a timed event and an all-day one, each with its creator. */
export const HOUSE_FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Hearth//Hearth//EN',
  'X-WR-CALNAME:Maple Street',
  'BEGIN:VEVENT',
  'UID:event-42@hearth.test',
  'SEQUENCE:0',
  'DTSTAMP:20260501T100000Z',
  'DTSTART:20260504T180000Z',
  'DTEND:20260504T193000Z',
  'SUMMARY:House meeting',
  'DESCRIPTION:Bring the bills',
  'LOCATION:Kitchen',
  'URL;VALUE=URI:http://hearth.test/api/event/42',
  'CREATED:20260501T100000Z',
  'LAST-MODIFIED:20260501T100000Z',
  'X-HEARTH-USER-ID:3',
  'X-HEARTH-USERNAME:sam',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:event-43@hearth.test',
  'SEQUENCE:2',
  'DTSTAMP:20260502T080000Z',
  'DTSTART;VALUE=DATE:20260505',
  'DTEND;VALUE=DATE:20260506',
  'SUMMARY:Bin day',
  'URL;VALUE=URI:http://hearth.test/api/event/43',
  'CREATED:20260502T080000Z',
  'X-HEARTH-USER-ID:4',
  'X-HEARTH-USERNAME:alex',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** Runs a FullCalendar function event source (as the calendar would) and returns what it gives. */
export function runEventSource(source: unknown): Promise<EventInput[]> {
  const { events } = source as {
    events: (
      range: unknown,
      success: (events: EventInput[]) => void,
      failure: (error: Error) => void,
    ) => void;
  };
  return new Promise((resolve, reject) => events({}, resolve, reject));
}
