import type { Event } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import {
  blankEventForm,
  checkEventForm,
  type EventFormState,
  eventIdFromUrl,
  eventToForm,
  setAllDay,
  setStart,
} from './event-form';

const form = (overrides: Partial<EventFormState> = {}): EventFormState => ({
  title: 'Dinner',
  description: '',
  location: '',
  start: '2026-03-28T18:00',
  end: '2026-03-28T20:30',
  allDay: false,
  ...overrides,
});

describe('all-day toggle', () => {
  it('on: start and end become the start date at 00:00 and 23:59', () => {
    expect(setAllDay(form(), true)).toMatchObject({
      allDay: true,
      start: '2026-03-28T00:00',
      end: '2026-03-28T23:59',
    });
  });

  it('on: an end on another day is replaced by the start date', () => {
    expect(setAllDay(form({ end: '2026-04-02T09:00' }), true)).toMatchObject({
      start: '2026-03-28T00:00',
      end: '2026-03-28T23:59',
    });
  });

  it('on without a start: both are empty', () => {
    expect(setAllDay(form({ start: '', end: '2026-03-28T20:30' }), true)).toMatchObject({
      allDay: true,
      start: '',
      end: '',
    });
  });

  it('off: the end is kept', () => {
    const allDay = setAllDay(form(), true);
    expect(setAllDay(allDay, false)).toMatchObject({
      allDay: false,
      start: '2026-03-28T00:00',
      end: '2026-03-28T23:59',
    });
    expect(setAllDay(form({ allDay: true, end: '2026-03-30T10:00' }), false).end).toBe('2026-03-30T10:00');
  });

  it('off without an end: the end is set to the date at 23:59', () => {
    expect(setAllDay(form({ allDay: true, end: '' }), false)).toMatchObject({
      allDay: false,
      end: '2026-03-28T23:59',
    });
    expect(setAllDay(form({ allDay: true, start: '', end: '' }), false)).toMatchObject({
      start: '',
      end: '',
    });
  });

  it('leaves the other fields alone', () => {
    const before = form({ title: 'Trip', description: 'd', location: 'l' });
    expect(setAllDay(before, true)).toMatchObject({ title: 'Trip', description: 'd', location: 'l' });
  });
});

describe('changing the start', () => {
  it('in all-day mode: the date sets start to 00:00 and end to the same date at 23:59', () => {
    const allDay = setAllDay(form(), true);
    expect(setStart(allDay, '2026-03-29')).toMatchObject({
      start: '2026-03-29T00:00',
      end: '2026-03-29T23:59',
    });
  });

  it('in all-day mode: clearing it empties both', () => {
    expect(setStart(setAllDay(form(), true), '')).toMatchObject({ start: '', end: '' });
  });

  it('in timed mode: only the start changes', () => {
    expect(setStart(form(), '2026-03-28T19:00')).toMatchObject({
      start: '2026-03-28T19:00',
      end: '2026-03-28T20:30',
    });
  });
});

describe('checkEventForm', () => {
  it('trims the title and sends blank description and location as null, times as ISO', () => {
    expect(
      checkEventForm(
        form({ title: '  Dinner  ', description: '  ', location: ' Kitchen ' }),
        'Europe/Berlin',
      ),
    ).toEqual({
      ok: true,
      payload: {
        title: 'Dinner',
        description: null,
        location: 'Kitchen',
        start_datetime: '2026-03-28T17:00:00.000Z',
        end_datetime: '2026-03-28T19:30:00.000Z',
        all_day: false,
        time_zone: 'Europe/Berlin',
      },
    });
  });

  it('requires a title', () => {
    expect(checkEventForm(form({ title: '   ' }), 'UTC')).toEqual({
      ok: false,
      field: 'title',
      message: 'Event title is required.',
    });
  });

  it('requires valid start and end times', () => {
    for (const f of [form({ start: '' }), form({ end: '' }), form({ start: '2026-02-30T10:00' })]) {
      expect(checkEventForm(f, 'UTC')).toMatchObject({
        ok: false,
        message: 'Please provide valid start and end times.',
      });
    }
  });

  it('refuses an end before the start, and accepts an equal one', () => {
    expect(checkEventForm(form({ end: '2026-03-28T17:59' }), 'UTC')).toEqual({
      ok: false,
      field: 'end',
      message: 'End time must be after the start time.',
    });
    expect(checkEventForm(form({ end: '2026-03-28T18:00' }), 'UTC').ok).toBe(true);
  });

  it('sends an all-day event as local 00:00 to 23:59 of its date, with the zone', () => {
    const allDay = setStart(setAllDay(form(), true), '2026-03-29');
    expect(checkEventForm(allDay, 'Europe/Berlin')).toMatchObject({
      ok: true,
      payload: {
        all_day: true,
        // 29 March 2026 is the spring-forward day in Berlin: +01:00 at midnight, +02:00 at night.
        start_datetime: '2026-03-28T23:00:00.000Z',
        end_datetime: '2026-03-29T21:59:00.000Z',
        time_zone: 'Europe/Berlin',
      },
    });
    expect(checkEventForm(setStart(setAllDay(form(), true), '2026-01-15'), 'America/New_York')).toMatchObject(
      {
        payload: { start_datetime: '2026-01-15T05:00:00.000Z', end_datetime: '2026-01-16T04:59:00.000Z' },
      },
    );
  });
});

const stored: Event = {
  event_id: 7,
  house_id: 1,
  title: 'Bin day',
  description: null,
  location: 'Curb',
  start_datetime: '2026-01-14T23:00:00.000Z',
  end_datetime: '2026-01-16T22:59:00.000Z',
  all_day: true,
  start_date: '2026-01-15',
  end_date: '2026-01-16',
  time_zone: 'Europe/Berlin',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  user_id: 3,
  username: 'sam',
  rrule: null,
  exdates: [],
};

describe('eventToForm', () => {
  it('shows an all-day event on the days it was saved with, whatever the viewer zone', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Pacific/Auckland']) {
      expect(eventToForm(stored, zone)).toEqual({
        title: 'Bin day',
        description: '',
        location: 'Curb',
        start: '2026-01-15T00:00',
        end: '2026-01-16T23:59',
        allDay: true,
      });
    }
  });

  it('shows a timed event in local time', () => {
    const timed = {
      ...stored,
      all_day: false,
      start_date: null,
      end_date: null,
      start_datetime: '2026-01-15T17:00:00.000Z',
      end_datetime: '2026-01-15T18:00:00.000Z',
    };
    expect(eventToForm(timed, 'America/New_York')).toMatchObject({
      start: '2026-01-15T12:00',
      end: '2026-01-15T13:00',
      allDay: false,
    });
  });
});

describe('blankEventForm', () => {
  it('starts at the next whole hour and lasts one hour', () => {
    expect(blankEventForm(new Date('2026-05-04T10:20:00Z'), 'UTC')).toEqual({
      title: '',
      description: '',
      location: '',
      start: '2026-05-04T11:00',
      end: '2026-05-04T12:00',
      allDay: false,
    });
  });
});

describe('eventIdFromUrl', () => {
  it.each([
    ['http://localhost:3000/api/event/42', 42],
    ['https://hearth.example/api/event/7/', 7],
    ['/api/event/123?x=1', 123],
  ])('%s -> %i', (url, id) => {
    expect(eventIdFromUrl(url)).toBe(id);
  });

  it.each([
    [''],
    [null],
    [undefined],
    ['https://hearth.example/api/event/abc'],
    ['https://x/api/event/4.5'],
    ['https://x/api/event/0'],
    ['https://x/api/event/-3'],
    ['https://x/api/event/99999999999999999999'],
  ])('gives null for %j', (url) => {
    expect(eventIdFromUrl(url)).toBeNull();
  });
});
