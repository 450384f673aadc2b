import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOUSE_FEED } from '../../../test/feed';
import { mockFetch } from '../../../test/fetch';
import { addedBy, eventsFromFeed, loadFeedEvents } from './feed-events';

afterEach(() => vi.unstubAllGlobals());

describe('reading the house feed', () => {
  it('keeps times, links and meta: title, created_at, user_id, username', () => {
    expect(eventsFromFeed(HOUSE_FEED)).toEqual([
      {
        id: 'event-42@hearth.test',
        title: 'House meeting',
        start: '2026-05-04T18:00:00Z',
        end: '2026-05-04T19:30:00Z',
        allDay: false,
        url: 'http://hearth.test/api/event/42',
        extendedProps: {
          description: 'Bring the bills',
          location: 'Kitchen',
          created_at: '2026-05-01T10:00:00.000Z',
          user_id: 3,
          username: 'sam',
        },
      },
      {
        id: 'event-43@hearth.test',
        title: 'Bin day',
        start: '2026-05-05',
        end: '2026-05-06',
        allDay: true,
        url: 'http://hearth.test/api/event/43',
        extendedProps: {
          description: null,
          location: null,
          created_at: '2026-05-02T08:00:00.000Z',
          user_id: 4,
          username: 'alex',
        },
      },
    ]);
  });

  it('reads an empty calendar as no events', () => {
    expect(
      eventsFromFeed('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//x//EN\r\nEND:VCALENDAR\r\n'),
    ).toEqual([]);
  });

  it('fetches the feed, and treats a non-OK answer as a failure', async () => {
    mockFetch({
      'GET /feed.ics': { text: HOUSE_FEED, contentType: 'text/calendar' },
      'GET /gone.ics': { status: 404, statusText: 'Not Found', text: '' },
    });
    expect((await loadFeedEvents('/feed.ics')).map((e) => e.title)).toEqual(['House meeting', 'Bin day']);
    await expect(loadFeedEvents('/gone.ics')).rejects.toThrow(
      'Failed to fetch the house calendar: Not Found',
    );
  });

  it('names who added an event', () => {
    expect(addedBy({ username: 'sam' })).toBe('Added by sam');
    expect(addedBy({ username: null })).toBeNull();
  });
});
