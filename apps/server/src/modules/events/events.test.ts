import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  housemateOf,
  memberOfNewHouse,
  profile,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
let dave: ApiClient;
let houseA: { house_id: number; house_code: string };
let houseB: { house_id: number };
let aliceId: number;

beforeAll(async () => {
  t = await startTestApp();
  const a = await memberOfNewHouse(t, 'alice', 'Maple Street');
  alice = a.client;
  houseA = a.house;
  aliceId = a.user.user_id;
  // Bob lives with Alice.
  bob = (await housemateOf(t, 'bob', houseA.house_code)).client;
  // Carol has a house of her own; Dave has a profile but no house.
  const c = await memberOfNewHouse(t, 'carol', 'Oak Avenue');
  carol = c.client;
  houseB = c.house;
  dave = t.as('dave');
  expect((await dave.post('/api/users/', profile('dave'))).statusCode).toBe(200);
});
afterAll(() => t?.close());

const timed = (overrides: Record<string, unknown> = {}) => ({
  title: 'House meeting',
  description: 'Bring the bills',
  location: 'Kitchen',
  start_datetime: '2026-05-04T18:00:00.000Z',
  end_datetime: '2026-05-04T19:30:00.000Z',
  all_day: false,
  house_id: houseA.house_id,
  ...overrides,
});

function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  field?: string,
) {
  expect(res.statusCode).toBe(status);
  const { error } = res.json() as { error: { code: string; message: string; field?: string } };
  expect(error.code).toBe(code);
  if (field !== undefined) expect(error.field).toBe(field);
  return error.message;
}

describe('POST /api/event/', () => {
  it('creates an event and records its creator and creation time', async () => {
    const before = Date.now();
    const res = await alice.post('/api/event/', timed());
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      title: 'House meeting',
      description: 'Bring the bills',
      location: 'Kitchen',
      start_datetime: '2026-05-04T18:00:00.000Z',
      end_datetime: '2026-05-04T19:30:00.000Z',
      all_day: false,
      start_date: null,
      end_date: null,
      house_id: houseA.house_id,
      user_id: aliceId,
      username: 'alice',
    });
    expect(Number.isInteger(event.event_id)).toBe(true);
    expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(event.created_at).toMatch(/Z$/);
  });

  it('trims the title and stores blank description and location as null', async () => {
    const res = await alice.post(
      '/api/event/',
      timed({ title: '  Movie night  ', description: '   ', location: '' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Movie night', description: null, location: null });
    const omitted = await alice.post('/api/event/', { ...timed(), description: undefined, location: null });
    expect(omitted.json()).toMatchObject({ description: null, location: null });
  });

  it('accepts instants with an offset and answers them in UTC', async () => {
    const res = await alice.post(
      '/api/event/',
      timed({ start_datetime: '2026-05-04T20:00:00+02:00', end_datetime: '2026-05-04T21:00:00+02:00' }),
    );
    expect(res.json()).toMatchObject({
      start_datetime: '2026-05-04T18:00:00.000Z',
      end_datetime: '2026-05-04T19:00:00.000Z',
    });
  });

  it.each([['   '], ['']])('refuses a blank title (%j) with the sentence the dialog shows', async (title) => {
    const message = expectError(
      await alice.post('/api/event/', timed({ title })),
      400,
      'validation_failed',
      'title',
    );
    expect(message).toBe('Event title is required.');
  });

  it.each([
    ['start_datetime', { start_datetime: 'not a time' }],
    ['start_datetime', { start_datetime: null }],
    ['end_datetime', { end_datetime: '2026-05-04T19:30:00' }],
    ['end_datetime', { end_datetime: '' }],
  ])('refuses an invalid %s', async (field, overrides) => {
    const message = expectError(
      await alice.post('/api/event/', timed(overrides)),
      400,
      'validation_failed',
      field,
    );
    expect(message).toBe('Please provide valid start and end times.');
  });

  it('refuses an end before the start', async () => {
    const res = await alice.post('/api/event/', timed({ end_datetime: '2026-05-04T17:59:00.000Z' }));
    expect(expectError(res, 400, 'validation_failed', 'end_datetime')).toBe(
      'End time must be after the start time.',
    );
  });

  it('refuses an unknown time zone', async () => {
    expectError(
      await alice.post('/api/event/', timed({ time_zone: 'Nowhere/Town' })),
      400,
      'validation_failed',
      'time_zone',
    );
  });

  it('needs a house', async () => {
    const res = await dave.post('/api/event/', timed({ house_id: houseA.house_id }));
    expect(expectError(res, 403, 'house_required')).toBe('You need to join a house before creating events.');
  });

  it('needs a profile', async () => {
    expectError(await t.as('nobody').post('/api/event/', timed()), 403, 'profile_required');
  });

  it("answers 404 for another house's id and creates nothing there", async () => {
    expectError(await carol.post('/api/event/', timed({ house_id: houseA.house_id })), 404, 'not_found');
    const feed = await alice.get(`/api/event/house/${houseA.house_id}/calendar.ics`);
    expect(feed.body).not.toContain('carol');
  });

  it('needs a bearer token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/event/', payload: timed() });
    expectError(res, 401, 'unauthorized');
  });
});

describe('all-day events keep the picked date in the creator zone', () => {
  it('at UTC+1 (Europe/Berlin)', async () => {
    const res = await alice.post(
      '/api/event/',
      timed({
        title: 'Bin day',
        all_day: true,
        start_datetime: '2026-01-14T23:00:00.000Z',
        end_datetime: '2026-01-15T22:59:00.000Z',
        time_zone: 'Europe/Berlin',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      all_day: true,
      start_date: '2026-01-15',
      end_date: '2026-01-15',
      time_zone: 'Europe/Berlin',
      start_datetime: '2026-01-14T23:00:00.000Z',
      end_datetime: '2026-01-15T22:59:00.000Z',
    });
  });

  it('at UTC-5 (America/New_York)', async () => {
    const res = await bob.post(
      '/api/event/',
      timed({
        title: 'Rent due',
        all_day: true,
        start_datetime: '2026-01-15T05:00:00.000Z',
        end_datetime: '2026-01-16T04:59:00.000Z',
        time_zone: 'America/New_York',
      }),
    );
    expect(res.json()).toMatchObject({ start_date: '2026-01-15', end_date: '2026-01-15', username: 'bob' });
  });

  it('reads the dates in UTC when the client sends no zone', async () => {
    const res = await alice.post(
      '/api/event/',
      timed({
        all_day: true,
        start_datetime: '2026-01-15T00:00:00.000Z',
        end_datetime: '2026-01-15T23:59:00.000Z',
      }),
    );
    expect(res.json()).toMatchObject({ start_date: '2026-01-15', end_date: '2026-01-15', time_zone: 'UTC' });
  });
});

describe('GET, PATCH and DELETE /api/event/{id}', () => {
  let eventId: number;
  beforeAll(async () => {
    eventId = (await alice.post('/api/event/', timed({ title: 'Plumber visit' }))).json().event_id;
  });

  it('answers every field, creator and creation time included, to any member', async () => {
    for (const client of [alice, bob]) {
      const res = await client.get(`/api/event/${eventId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        event_id: eventId,
        title: 'Plumber visit',
        description: 'Bring the bills',
        location: 'Kitchen',
        start_datetime: '2026-05-04T18:00:00.000Z',
        end_datetime: '2026-05-04T19:30:00.000Z',
        all_day: false,
        house_id: houseA.house_id,
        user_id: aliceId,
        username: 'alice',
      });
      expect(res.json().created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
  });

  it('keeps a housemate edit but not the creator', async () => {
    const res = await bob.patch(`/api/event/${eventId}`, {
      title: ' Plumber visit (moved) ',
      description: '',
      location: 'Bathroom',
      start_datetime: '2026-05-05T08:00:00.000Z',
      end_datetime: '2026-05-05T09:00:00.000Z',
      all_day: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      title: 'Plumber visit (moved)',
      description: null,
      location: 'Bathroom',
      start_datetime: '2026-05-05T08:00:00.000Z',
      user_id: aliceId,
      username: 'alice',
    });
  });

  it('applies a partial change over the stored event', async () => {
    const res = await alice.patch(`/api/event/${eventId}`, { location: null });
    expect(res.json()).toMatchObject({
      title: 'Plumber visit (moved)',
      location: null,
      end_datetime: '2026-05-05T09:00:00.000Z',
    });
  });

  it('turns an event all-day and back', async () => {
    const allDay = await alice.patch(`/api/event/${eventId}`, {
      all_day: true,
      start_datetime: '2026-05-05T04:00:00.000Z',
      end_datetime: '2026-05-06T03:59:00.000Z',
      time_zone: 'America/New_York',
    });
    expect(allDay.json()).toMatchObject({ all_day: true, start_date: '2026-05-05', end_date: '2026-05-05' });
    const timedAgain = await alice.patch(`/api/event/${eventId}`, {
      all_day: false,
      start_datetime: '2026-05-05T08:00:00.000Z',
      end_datetime: '2026-05-05T09:00:00.000Z',
    });
    expect(timedAgain.json()).toMatchObject({ all_day: false, start_date: null, end_date: null });
  });

  it('checks an edit like a creation and changes nothing when it fails', async () => {
    expect(
      expectError(
        await alice.patch(`/api/event/${eventId}`, { title: '  ' }),
        400,
        'validation_failed',
        'title',
      ),
    ).toBe('Event title is required.');
    expect(
      expectError(
        await alice.patch(`/api/event/${eventId}`, { end_datetime: '2026-05-05T07:00:00.000Z' }),
        400,
        'validation_failed',
        'end_datetime',
      ),
    ).toBe('End time must be after the start time.');
    expect(
      expectError(
        await alice.patch(`/api/event/${eventId}`, { start_datetime: 'soon' }),
        400,
        'validation_failed',
      ),
    ).toBe('Please provide valid start and end times.');
    const res = await alice.get(`/api/event/${eventId}`);
    expect(res.json()).toMatchObject({
      title: 'Plumber visit (moved)',
      end_datetime: '2026-05-05T09:00:00.000Z',
    });
  });

  it('cannot move an event to another house', async () => {
    const res = await alice.patch(`/api/event/${eventId}`, {
      house_id: houseB.house_id,
      title: 'Still here',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().house_id).toBe(houseA.house_id);
  });

  it('answers 404 to anyone outside the house, for reading, editing and deleting', async () => {
    for (const client of [carol, dave]) {
      expectError(await client.get(`/api/event/${eventId}`), 404, 'not_found');
      expectError(await client.patch(`/api/event/${eventId}`, { title: 'Hijacked' }), 404, 'not_found');
      expectError(await client.delete(`/api/event/${eventId}`), 404, 'not_found');
    }
    expect((await alice.get(`/api/event/${eventId}`)).json().title).toBe('Still here');
  });

  it('answers the same 404 for an id that does not exist, and 400 for one that is not an id', async () => {
    const inside = await carol.get(`/api/event/${eventId}`);
    const missing = await alice.get('/api/event/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(inside.json());
    expectError(await alice.get('/api/event/abc'), 400, 'validation_failed');
  });

  it('deletes for any member; the event is then gone', async () => {
    const res = await bob.delete(`/api/event/${eventId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectError(await alice.get(`/api/event/${eventId}`), 404, 'not_found');
    expectError(await alice.delete(`/api/event/${eventId}`), 404, 'not_found');
    expectError(await alice.patch(`/api/event/${eventId}`, { title: 'Back?' }), 404, 'not_found');
  });
});
