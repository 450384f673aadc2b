import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  memberOfNewHouse,
  profile,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** A signed-up person without a house. */
async function person(subject: string): Promise<ApiClient> {
  const client = t.as(subject);
  const res = await client.post('/api/users/', profile(subject));
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.body}`);
  return client;
}

const reminder = (overrides: Record<string, unknown> = {}) => ({
  title: 'Water the plants',
  description: 'The ones on the balcony',
  remind_time: '2030-06-01T07:00:00.000Z',
  repeat_interval: null,
  time_zone: 'Europe/Berlin',
  ...overrides,
});

describe(`reminders API (${testEngine})`, () => {
  it('needs a token and a profile, but no house', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/reminder/' });
    expect(anonymous.statusCode).toBe(401);

    const nobody = t.as('no-profile');
    for (const res of [await nobody.get('/api/reminder/'), await nobody.post('/api/reminder/', reminder())]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('profile_required');
    }

    const loner = await person('loner');
    const created = await loner.post('/api/reminder/', reminder());
    expect(created.statusCode).toBe(201);
    expect((await loner.get('/api/reminder/')).json()).toEqual([created.json()]);
  });

  it('creates a reminder: title trimmed, instant stored in UTC, zone kept', async () => {
    const c = await person('creator');
    const res = await c.post(
      '/api/reminder/',
      reminder({
        title: '  Call mum  ',
        description: '  Sunday call  ',
        remind_time: '2030-01-02T09:30:00+01:00',
      }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      reminder_id: expect.any(Number),
      title: 'Call mum',
      description: 'Sunday call',
      remind_time: '2030-01-02T08:30:00.000Z',
      repeat_interval: null,
      time_zone: 'Europe/Berlin',
      next_remind_time: '2030-01-02T08:30:00.000Z',
    });
  });

  it('treats a blank or missing description as none and a missing zone as UTC', async () => {
    const c = await person('defaults');
    const blank = await c.post('/api/reminder/', {
      title: 'A',
      description: '   ',
      remind_time: '2030-01-01T00:00:00Z',
    });
    expect(blank.statusCode).toBe(201);
    expect(blank.json()).toMatchObject({ description: null, repeat_interval: null, time_zone: 'UTC' });
    const bare = await c.post('/api/reminder/', { title: 'B', remind_time: '2030-01-01T00:00:00Z' });
    expect(bare.json()).toMatchObject({ description: null, time_zone: 'UTC' });
  });

  it.each([
    [null, null],
    ['', null],
    ['none', null],
    ['None', null],
    ['Daily', 'Daily'],
    ['weekly', 'Weekly'],
    ['MONTHLY', 'Monthly'],
  ])('accepts repeat_interval %j as %j', async (given, stored) => {
    const c = await person('repeats');
    const res = await c.post('/api/reminder/', reminder({ repeat_interval: given }));
    expect(res.statusCode).toBe(201);
    expect(res.json().repeat_interval).toBe(stored);
  });

  it('canonicalises the spelling of a time zone', async () => {
    const c = await person('zones');
    const res = await c.post('/api/reminder/', reminder({ time_zone: 'america/new_york' }));
    expect(res.json().time_zone).toBe('America/New_York');
  });

  it.each([
    [{ remind_time: '2030-01-01T00:00:00Z' }, 'title'],
    [{ title: '   ', remind_time: '2030-01-01T00:00:00Z' }, 'title'],
    [{ title: 'x'.repeat(121), remind_time: '2030-01-01T00:00:00Z' }, 'title'],
    [{ title: 'Ok', remind_time: '2030-01-01T00:00:00Z', description: 'd'.repeat(2001) }, 'description'],
    [{ title: 'Ok' }, 'remind_time'],
    [{ title: 'Ok', remind_time: '' }, 'remind_time'],
    [{ title: 'Ok', remind_time: 'tomorrow' }, 'remind_time'],
    [{ title: 'Ok', remind_time: '2030-01-01' }, 'remind_time'],
    [{ title: 'Ok', remind_time: '2030-01-01T08:00' }, 'remind_time'],
    [{ title: 'Ok', remind_time: '2030-02-30T08:00:00Z' }, 'remind_time'],
    [{ title: 'Ok', remind_time: '2030-01-01T25:00:00Z' }, 'remind_time'],
    [{ title: 'Ok', remind_time: '2030-01-01T00:00:00Z', repeat_interval: 'Yearly' }, 'repeat_interval'],
    [{ title: 'Ok', remind_time: '2030-01-01T00:00:00Z', repeat_interval: 'Hourly' }, 'repeat_interval'],
    [{ title: 'Ok', remind_time: '2030-01-01T00:00:00Z', time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
    [{ title: 'Ok', remind_time: '2030-01-01T00:00:00Z', time_zone: '+01:00' }, 'time_zone'],
  ])('refuses %j with a 400 naming %s, creating nothing', async (body, field) => {
    const c = await person('invalid');
    const before = (await c.get('/api/reminder/')).json();
    const res = await c.post('/api/reminder/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(res.json().error.message).toContain(field);
    expect((await c.get('/api/reminder/')).json()).toEqual(before);
  });

  it('gives a one-off reminder in the past its own time as the next one', async () => {
    const c = await person('past');
    const res = await c.post('/api/reminder/', reminder({ remind_time: '2020-03-01T10:00:00Z' }));
    expect(res.json().next_remind_time).toBe('2020-03-01T10:00:00.000Z');
  });

  it('gives a Daily series started three days ago its next occurrence after now', async () => {
    const c = await person('daily');
    const start = Date.now() - 3 * DAY + HOUR;
    const res = await c.post(
      '/api/reminder/',
      reminder({ remind_time: iso(start), repeat_interval: 'Daily', time_zone: 'UTC' }),
    );
    expect(res.json().remind_time).toBe(iso(start));
    expect(res.json().next_remind_time).toBe(iso(start + 3 * DAY));
  });

  it("keeps a Daily series at its local wall time in the owner's zone", async () => {
    const c = await person('berlin');
    // 08:00 in Berlin in winter (07:00Z); whatever today's offset, the next one is at 08:00 local.
    const res = await c.post(
      '/api/reminder/',
      reminder({ remind_time: '2021-01-10T07:00:00Z', repeat_interval: 'Daily', time_zone: 'Europe/Berlin' }),
    );
    const next = DateTime.fromISO(res.json().next_remind_time, { zone: 'Europe/Berlin' });
    expect(next.toFormat('HH:mm')).toBe('08:00');
    expect(next.toMillis()).toBeGreaterThanOrEqual(Date.now() - 5_000);
    expect(next.toMillis()).toBeLessThanOrEqual(Date.now() + DAY);
  });

  it('puts a Monthly series on the 31st at the last day of shorter months', async () => {
    const c = await person('monthly');
    const res = await c.post(
      '/api/reminder/',
      reminder({
        remind_time: '2021-01-31T17:00:00Z',
        repeat_interval: 'Monthly',
        time_zone: 'America/New_York',
      }),
    );
    const next = DateTime.fromISO(res.json().next_remind_time, { zone: 'America/New_York' });
    expect(next.day).toBe(Math.min(31, next.daysInMonth!));
    expect(next.toFormat('HH:mm')).toBe('12:00');
    expect(next.toMillis()).toBeGreaterThanOrEqual(Date.now() - 5_000);
  });

  it('lists only the caller’s reminders, soonest next occurrence first', async () => {
    const c = await person('lister');
    const later = (
      await c.post('/api/reminder/', reminder({ title: 'Later', remind_time: iso(Date.now() + 5 * DAY) }))
    ).json();
    // Started long ago but repeating daily: due within a day, so it comes first.
    const daily = (
      await c.post(
        '/api/reminder/',
        reminder({ title: 'Daily', remind_time: '2021-01-01T00:00:00Z', repeat_interval: 'Daily' }),
      )
    ).json();
    const soon = (
      await c.post('/api/reminder/', reminder({ title: 'Soon', remind_time: iso(Date.now() + 2 * DAY) }))
    ).json();
    const list = (await c.get('/api/reminder/')).json();
    expect(list.map((r: { title: string }) => r.title)).toEqual(['Daily', 'Soon', 'Later']);
    expect(list.map((r: { reminder_id: number }) => r.reminder_id)).toEqual([
      daily.reminder_id,
      soon.reminder_id,
      later.reminder_id,
    ]);
  });

  it('replaces a reminder with PUT and keeps its zone when none is sent', async () => {
    const c = await person('editor');
    const created = (await c.post('/api/reminder/', reminder({ time_zone: 'Asia/Tokyo' }))).json();
    const res = await c.put(`/api/reminder/${created.reminder_id}`, {
      title: ' Feed the cat ',
      description: '',
      remind_time: '2031-02-03T04:05:06.789-05:00',
      repeat_interval: 'Weekly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reminder_id: created.reminder_id,
      title: 'Feed the cat',
      description: null,
      remind_time: '2031-02-03T09:05:06.789Z',
      repeat_interval: 'Weekly',
      time_zone: 'Asia/Tokyo',
      next_remind_time: '2031-02-03T09:05:06.789Z',
    });
    expect((await c.get('/api/reminder/')).json()).toEqual([res.json()]);

    const cleared = await c.put(`/api/reminder/${created.reminder_id}`, {
      ...reminder({ repeat_interval: 'none', time_zone: 'UTC' }),
    });
    expect(cleared.json()).toMatchObject({ repeat_interval: null, time_zone: 'UTC' });
  });

  it('refuses a bad PUT with a 400 naming the field and changes nothing', async () => {
    const c = await person('bad-editor');
    const created = (await c.post('/api/reminder/', reminder())).json();
    for (const [body, field] of [
      [reminder({ title: '' }), 'title'],
      [reminder({ remind_time: 'soon' }), 'remind_time'],
      [reminder({ repeat_interval: 'Fortnightly' }), 'repeat_interval'],
      [reminder({ time_zone: 'Nowhere/Land' }), 'time_zone'],
    ] as const) {
      const res = await c.put(`/api/reminder/${created.reminder_id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    expect((await c.get('/api/reminder/')).json()).toEqual([created]);
  });

  it('deletes a reminder; a second delete or an edit then answers 404', async () => {
    const c = await person('deleter');
    const keep = (await c.post('/api/reminder/', reminder({ title: 'Keep' }))).json();
    const gone = (await c.post('/api/reminder/', reminder({ title: 'Gone' }))).json();
    const res = await c.delete(`/api/reminder/${gone.reminder_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await c.get('/api/reminder/')).json()).toEqual([keep]);
    expect((await c.delete(`/api/reminder/${gone.reminder_id}`)).statusCode).toBe(404);
    expect((await c.put(`/api/reminder/${gone.reminder_id}`, reminder())).statusCode).toBe(404);
  });

  it('answers 400 for ids that are not positive integers', async () => {
    const c = await person('bad-ids');
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await c.put(`/api/reminder/${id}`, reminder())).statusCode).toBe(400);
      expect((await c.delete(`/api/reminder/${id}`)).statusCode).toBe(400);
    }
  });

  it('keeps reminders private from housemates and strangers: 404, nothing changes', async () => {
    const owner = await memberOfNewHouse(t, 'owner');
    const mate = await person('housemate');
    expect((await mate.put(`/api/house/${owner.house.house_code}`)).statusCode).toBe(200);
    const stranger = (await memberOfNewHouse(t, 'stranger')).client;

    const mine = (await owner.client.post('/api/reminder/', reminder({ title: 'Private' }))).json();
    const matesOwn = (await mate.post('/api/reminder/', reminder({ title: 'Mate’s' }))).json();

    for (const other of [mate, stranger]) {
      const list = (await other.get('/api/reminder/')).json() as { reminder_id: number }[];
      expect(list.map((r) => r.reminder_id)).not.toContain(mine.reminder_id);
      const put = await other.put(`/api/reminder/${mine.reminder_id}`, reminder({ title: 'Hijacked' }));
      expect(put.statusCode).toBe(404);
      expect(put.json().error.code).toBe('not_found');
      const del = await other.delete(`/api/reminder/${mine.reminder_id}`);
      expect(del.statusCode).toBe(404);
      expect(del.json().error.code).toBe('not_found');
    }
    // The same answer as for a reminder that does not exist at all.
    const missing = await mate.delete('/api/reminder/2147483647');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual((await mate.delete(`/api/reminder/${mine.reminder_id}`)).json());

    expect((await owner.client.get('/api/reminder/')).json()).toEqual([mine]);
    expect((await mate.get('/api/reminder/')).json()).toEqual([matesOwn]);
  });
});
