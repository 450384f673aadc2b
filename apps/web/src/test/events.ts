import type { Event } from '@hearth/contract';

/** A stored event in tests: Sam's 'House meeting' (event 42 of house 1), 18:00 to 19:30 UTC. */
export function testEvent(overrides: Partial<Event> = {}): Event {
  return {
    event_id: 42,
    house_id: 1,
    title: 'House meeting',
    description: 'Bring the bills',
    location: 'Kitchen',
    start_datetime: '2026-05-04T18:00:00.000Z',
    end_datetime: '2026-05-04T19:30:00.000Z',
    all_day: false,
    start_date: null,
    end_date: null,
    time_zone: 'UTC',
    created_at: '2026-05-01T10:00:00.000Z',
    updated_at: '2026-05-01T10:00:00.000Z',
    user_id: 3,
    username: 'sam',
    rrule: null,
    exdates: [],
    ...overrides,
  };
}
