import type { EventInput } from '@fullcalendar/core';
import type { EventOccurrence, TimelineLayers } from '@hearth/contract';
import { testEvent } from './events';

/** The range the tests' event sources are asked for: the week of 3 May 2026. */
export const RANGE = {
  start: new Date('2026-05-03T00:00:00.000Z'),
  end: new Date('2026-05-10T00:00:00.000Z'),
};
const search = `from=${encodeURIComponent(RANGE.start.toISOString())}&to=${encodeURIComponent(RANGE.end.toISOString())}`;

/** GET /api/event/ for RANGE, and GET /api/event/layers for it (any zone). */
export const OCCURRENCES_PATH = `/api/event/?${search}`;
export const layersPath = (zone: string) =>
  `/api/event/layers?${search}&time_zone=${encodeURIComponent(zone)}`;

/** The house's occurrences as the server answers them: a timed event and an all-day one, each with its creator. */
export const HOUSE_OCCURRENCES: EventOccurrence[] = [
  { ...testEvent(), occurrence_start: '2026-05-04T18:00:00.000Z', overridden: false },
  {
    ...testEvent({
      event_id: 43,
      title: 'Bin day',
      description: null,
      location: null,
      all_day: true,
      start_date: '2026-05-05',
      end_date: '2026-05-05',
      start_datetime: '2026-05-05T00:00:00.000Z',
      end_datetime: '2026-05-05T23:59:00.000Z',
      user_id: 4,
      username: 'alex',
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
    }),
    occurrence_start: '2026-05-05T00:00:00.000Z',
    overridden: false,
  },
];

/** The other layers in RANGE: a task, a bill, an away period, one of my reminders and two outside events. */
export const HOUSE_LAYERS: TimelineLayers = {
  tasks: [
    {
      task_id: 5,
      title: 'Hoover',
      due_at: '2026-05-06T09:00:00.000Z',
      assignee_id: 4,
      assignee_name: 'Alex Kim',
    },
  ],
  bills: [{ recurring_id: 2, title: 'Internet', due_on: '2026-05-07', amount_minor: 3000, currency: 'EUR' }],
  away: [
    {
      away_id: 9,
      user_id: 4,
      username: 'alex',
      name: 'Alex Kim',
      starts_on: '2026-05-08',
      ends_on: '2026-05-09',
    },
  ],
  reminders: [{ reminder_id: 1, title: 'Call mum', remind_at: '2026-05-06T17:00:00.000Z' }],
  external: [
    {
      external_calendar_id: 3,
      name: 'Council',
      color: '#ffd400',
      title: 'Bank holiday',
      start: '2026-05-04',
      end: '2026-05-05',
      all_day: true,
    },
    {
      external_calendar_id: 4,
      name: 'Bins',
      color: '#1d4ed8',
      title: 'Recycling',
      start: '2026-05-07T06:00:00.000Z',
      end: '2026-05-07T07:00:00.000Z',
      all_day: false,
    },
  ],
};

/** Runs a FullCalendar function event source for RANGE (as the calendar would) and returns what it gives. */
export function runEventSource(source: unknown): Promise<EventInput[]> {
  const { events } = source as {
    events: (
      range: { start: Date; end: Date },
      success: (events: EventInput[]) => void,
      failure: (error: Error) => void,
    ) => void;
  };
  return new Promise((resolve, reject) => events(RANGE, resolve, reject));
}
