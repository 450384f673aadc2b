import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF_1PX, PNG_1PX } from '../../test/images.js';
import { type ApiClient, profile, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** People who sign up and join over the API, so joined dates are real. */
async function household(names: string[]) {
  const people: { client: ApiClient; user_id: number; name: string }[] = [];
  let houseId = 0;
  let code = '';
  for (const name of names) {
    const client = t.as(name);
    const me = await client.post('/api/users/', profile(name, { first_name: name.toUpperCase() }));
    expect(me.statusCode, me.body).toBe(200);
    if (houseId === 0) {
      const house = (await client.post('/api/house/', { house_name: `${name}'s house` })).json();
      houseId = house.house_id;
      code = house.house_code;
    } else {
      expect((await client.put(`/api/house/${code}`)).statusCode).toBe(200);
    }
    people.push({ client, user_id: me.json().user_id, name });
  }
  return { houseId, code, people };
}

const event = (houseId: number, title: string) => ({
  title,
  description: null,
  location: null,
  start_datetime: '2026-05-04T18:00:00.000Z',
  end_datetime: '2026-05-04T19:30:00.000Z',
  all_day: false,
  house_id: houseId,
});

const reminder = (title: string) => ({
  title,
  remind_time: '2030-06-01T07:00:00.000Z',
  repeat_interval: null,
  time_zone: 'Europe/Berlin',
});

async function rowCount(
  table: 'events' | 'grocery_lists' | 'reminders' | 'houses',
  column: string,
  id: number,
) {
  const rows = await t.testDb.db
    .selectFrom(table)
    .select(column as never)
    .where(column as never, '=', id as never)
    .execute();
  return rows.length;
}

describe('members', () => {
  it('lists the members, oldest first, with avatars and when they joined', async () => {
    const before = new Date().toISOString();
    const { houseId, people } = await household(['mara', 'milo']);
    await people[1]!.client.post('/api/users/', profile('milo', { profile_img: PNG_1PX }));
    const res = await people[0]!.client.get(`/api/house/${houseId}/members`);
    expect(res.statusCode).toBe(200);
    const members = res.json();
    expect(members.map((m: { username: string }) => m.username)).toEqual(['mara', 'milo']);
    expect(members[1]).toMatchObject({
      user_id: people[1]!.user_id,
      first_name: 'Sam',
      last_name: 'Rivera',
      profile_img: PNG_1PX,
      removal_requested_by: null,
    });
    for (const m of members) expect(m.joined_at >= before).toBe(true);
    expect(Object.keys(members[0]).sort()).toEqual(
      [
        'first_name',
        'joined_at',
        'last_name',
        'profile_img',
        'removal_requested_by',
        'user_id',
        'username',
      ].sort(),
    );
  });

  it('answers 404 to anyone outside the house, whether or not it exists', async () => {
    const { houseId } = await household(['inside']);
    const { people } = await household(['outside']);
    const other = await people[0]!.client.get(`/api/house/${houseId}/members`);
    const none = await people[0]!.client.get('/api/house/999999/members');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(none.json());
    for (const res of [
      await people[0]!.client.patch(`/api/house/${houseId}`, { house_name: 'Mine now' }),
      await people[0]!.client.post(`/api/house/${houseId}/leave`),
      await people[0]!.client.get(`/api/house/${houseId}/export`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('PATCH /api/house/{house_id}', () => {
  it('lets any member change the name, photo and time zone', async () => {
    const { houseId, people } = await household(['pat', 'pia']);
    const res = await people[1]!.client.patch(`/api/house/${houseId}`, {
      house_name: '  Birch Lane  ',
      house_img: GIF_1PX,
      time_zone: 'Europe/Lisbon',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      house_name: 'Birch Lane',
      house_img: GIF_1PX,
      time_zone: 'Europe/Lisbon',
    });
    expect((await people[0]!.client.get(`/api/house/${houseId}`)).json()).toEqual(res.json());
    const cleared = await people[0]!.client.patch(`/api/house/${houseId}`, { house_img: null });
    expect(cleared.json()).toMatchObject({
      house_name: 'Birch Lane',
      house_img: null,
      time_zone: 'Europe/Lisbon',
    });
  });

  it('starts new houses in UTC', async () => {
    const { houseId, people } = await household(['utc']);
    expect((await people[0]!.client.get(`/api/house/${houseId}`)).json().time_zone).toBe('UTC');
  });

  it.each([
    [{ house_name: '   ' }, 'house_name', 'validation_failed'],
    [{ house_name: 'x'.repeat(81) }, 'house_name', 'validation_failed'],
    [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'validation_failed'],
    [{ time_zone: '' }, 'time_zone', 'validation_failed'],
    [{ house_img: 'data:image/png;base64,AAAA' }, 'house_img', 'image_invalid'],
    [{ house_name: 'Fine', time_zone: 'Nowhere/City' }, 'time_zone', 'validation_failed'],
  ])('refuses %j naming %s and changes nothing', async (body, field, code) => {
    const { houseId, people } = await household([`bad${Math.random().toString(36).slice(2, 8)}`]);
    const before = (await people[0]!.client.get(`/api/house/${houseId}`)).json();
    const res = await people[0]!.client.patch(`/api/house/${houseId}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, field });
    expect((await people[0]!.client.get(`/api/house/${houseId}`)).json()).toEqual(before);
  });
});

describe('leaving', () => {
  it('keeps what the leaver made with the house and their reminders with them', async () => {
    const { houseId, people } = await household(['lena', 'luis']);
    const [lena, luis] = [people[0]!, people[1]!];
    const party = await luis.client.post('/api/event/', event(houseId, 'Luis plans a party'));
    expect(party.statusCode).toBe(201);
    const list = await luis.client.post('/api/grocery-list/', { grocery_list_name: 'Party food' });
    expect(list.statusCode).toBe(201);
    expect((await luis.client.post('/api/reminder/', reminder('Call mum'))).statusCode).toBe(201);
    expect((await lena.client.post('/api/reminder/', reminder('Dentist'))).statusCode).toBe(201);

    const left = await luis.client.post(`/api/house/${houseId}/leave`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ house_deleted: false });

    // Lena still sees Luis's event under his name and his list; not his reminder.
    const seen = await lena.client.get(`/api/event/${party.json().event_id}`);
    expect(seen.json()).toMatchObject({
      title: 'Luis plans a party',
      username: 'luis',
      user_id: luis.user_id,
    });
    const feed = (await lena.client.get(`/api/event/house/${houseId}/calendar.ics`)).body;
    expect(feed).toContain('SUMMARY:Luis plans a party');
    expect(feed).toContain('X-HEARTH-USERNAME:luis');
    const lists = (await lena.client.get('/api/grocery-list/')).json();
    expect(lists.map((l: { grocery_list_name: string }) => l.grocery_list_name)).toEqual(['Party food']);
    expect((await lena.client.get('/api/reminder/')).json().map((r: { title: string }) => r.title)).toEqual([
      'Dentist',
    ]);
    expect(
      (await lena.client.get(`/api/house/${houseId}/members`))
        .json()
        .map((m: { username: string }) => m.username),
    ).toEqual(['lena']);

    // Luis is out of the house, keeps his own reminder, and reaches nothing of the house.
    expect((await luis.client.get('/api/users/me')).json().house_id).toBeNull();
    expect((await luis.client.get('/api/reminder/')).json().map((r: { title: string }) => r.title)).toEqual([
      'Call mum',
    ]);
    expect((await luis.client.get(`/api/house/${houseId}`)).statusCode).toBe(404);
    expect((await luis.client.get(`/api/event/house/${houseId}/calendar.ics`)).statusCode).toBe(404);
    expect((await luis.client.get('/api/grocery-list/')).statusCode).toBe(403);
  });

  it('stops the leaver calendar subscription link', async () => {
    const { houseId, people } = await household(['sub1', 'sub2']);
    const link = (await people[1]!.client.get('/api/event/subscription')).json();
    expect(link.subscription_id).toBeTypeOf('number');
    await people[1]!.client.post(`/api/house/${houseId}/leave`);
    const rows = await t.testDb.db
      .selectFrom('calendar_subscriptions')
      .select('subscription_id')
      .where('user_id', '=', people[1]!.user_id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('lets the leaver join another house later', async () => {
    const { houseId, people } = await household(['rover', 'stay']);
    const other = await household(['elsewhere']);
    await people[0]!.client.post(`/api/house/${houseId}/leave`);
    expect((await people[0]!.client.put(`/api/house/${other.code}`)).statusCode).toBe(200);
  });

  it('deletes the house and its data when the last member leaves', async () => {
    const { houseId, people } = await household(['solo']);
    const solo = people[0]!;
    await solo.client.post('/api/event/', event(houseId, 'Alone'));
    await solo.client.post('/api/grocery-list/', { grocery_list_name: 'Solo list' });
    await solo.client.post('/api/reminder/', reminder('Mine'));
    const res = await solo.client.post(`/api/house/${houseId}/leave`);
    expect(res.json()).toEqual({ house_deleted: true });
    expect(await rowCount('houses', 'house_id', houseId)).toBe(0);
    expect(await rowCount('events', 'house_id', houseId)).toBe(0);
    expect(await rowCount('grocery_lists', 'house_id', houseId)).toBe(0);
    expect(await rowCount('reminders', 'owner_id', solo.user_id)).toBe(1);
  });

  it('answers 404 for a house the caller is not in, changing nothing', async () => {
    const { houseId, people } = await household(['keep1', 'keep2']);
    const stranger = await household(['stranger1']);
    expect((await stranger.people[0]!.client.post(`/api/house/${houseId}/leave`)).statusCode).toBe(404);
    expect((await people[0]!.client.get(`/api/house/${houseId}/members`)).json()).toHaveLength(2);
  });
});

describe('removing a member', () => {
  it('takes effect at once in a house of two', async () => {
    const { houseId, people } = await household(['duo1', 'duo2']);
    const res = await people[0]!.client.post(`/api/house/${houseId}/members/${people[1]!.user_id}/remove`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'removed' });
    expect((await people[1]!.client.get('/api/users/me')).json().house_id).toBeNull();
  });

  it('waits for a second member in a larger house', async () => {
    const { houseId, people } = await household(['tri1', 'tri2', 'tri3']);
    const [a, b, gone] = [people[0]!, people[1]!, people[2]!];
    const behind = (await gone.client.post('/api/event/', event(houseId, 'Left behind'))).json();
    const path = `/api/house/${houseId}/members/${gone.user_id}/remove`;
    expect((await a.client.post(path)).json()).toEqual({ status: 'pending' });
    // Asking twice is still one voice.
    expect((await a.client.post(path)).json()).toEqual({ status: 'pending' });
    const members = (await b.client.get(`/api/house/${houseId}/members`)).json();
    expect(members.find((m: { user_id: number }) => m.user_id === gone.user_id).removal_requested_by).toBe(
      a.user_id,
    );
    expect((await gone.client.get('/api/users/me')).json().house_id).toBe(houseId);

    expect((await b.client.post(path)).json()).toEqual({ status: 'removed' });
    expect((await gone.client.get('/api/users/me')).json().house_id).toBeNull();
    const after = (await b.client.get(`/api/house/${houseId}/members`)).json();
    expect(after.map((m: { user_id: number }) => m.user_id)).toEqual([a.user_id, b.user_id]);
    expect((await b.client.get(`/api/event/${behind.event_id}`)).json()).toMatchObject({
      title: 'Left behind',
      username: 'tri3',
    });
  });

  it('lets a member withdraw a request', async () => {
    const { houseId, people } = await household(['wd1', 'wd2', 'wd3']);
    const path = `/api/house/${houseId}/members/${people[2]!.user_id}/remove`;
    await people[0]!.client.post(path);
    expect((await people[1]!.client.delete(path)).json()).toEqual({ ok: true });
    expect((await people[1]!.client.delete(path)).statusCode).toBe(404);
    const members = (await people[0]!.client.get(`/api/house/${houseId}/members`)).json();
    expect(
      members.every((m: { removal_requested_by: number | null }) => m.removal_requested_by === null),
    ).toBe(true);
    // Withdrawn: the next request starts again from one voice.
    expect((await people[1]!.client.post(path)).json()).toEqual({ status: 'pending' });
  });

  it('refuses to remove oneself (that is leaving) and strangers (404)', async () => {
    const { houseId, people } = await household(['self1', 'self2']);
    const other = await household(['strange']);
    const self = await people[0]!.client.post(`/api/house/${houseId}/members/${people[0]!.user_id}/remove`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({ code: 'validation_failed', field: 'user_id' });
    const stranger = await people[0]!.client.post(
      `/api/house/${houseId}/members/${other.people[0]!.user_id}/remove`,
    );
    expect(stranger.statusCode).toBe(404);
    const outsider = await other.people[0]!.client.post(
      `/api/house/${houseId}/members/${people[1]!.user_id}/remove`,
    );
    expect(outsider.statusCode).toBe(404);
    expect((await people[0]!.client.get(`/api/house/${houseId}/members`)).json()).toHaveLength(2);
    expect((await other.people[0]!.client.get('/api/users/me')).json().house_id).toBe(other.houseId);
  });
});

describe('DELETE /api/users/me', () => {
  it('removes the profile and reminders; the house keeps the records under "Former member"', async () => {
    const { houseId, people } = await household(['dora', 'dan']);
    const [dora, dan] = [people[0]!, people[1]!];
    await dan.client.post('/api/users/', profile('dan', { profile_img: PNG_1PX, phone_num: '555 1234' }));
    const cooks = (await dan.client.post('/api/event/', event(houseId, 'Dan cooks'))).json();
    const list = (await dan.client.post('/api/grocery-list/', { grocery_list_name: 'Dan list' })).json();
    await dan.client.post('/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: 'Eggs',
    });
    await dan.client.post('/api/reminder/', reminder('Dan private'));

    const res = await dan.client.delete('/api/users/me');
    expect(res.statusCode).toBe(200);
    expect((await dan.client.get('/api/users/me/exists')).json()).toEqual({ exists: false });
    expect((await dan.client.get('/api/users/me')).statusCode).toBe(404);
    expect(await rowCount('reminders', 'owner_id', dan.user_id)).toBe(0);

    expect((await dora.client.get(`/api/event/${cooks.event_id}`)).json()).toMatchObject({
      title: 'Dan cooks',
      username: 'Former member',
    });
    expect((await dora.client.get(`/api/event/house/${houseId}/calendar.ics`)).body).toContain(
      'X-HEARTH-USERNAME:Former member',
    );
    const lists = (await dora.client.get('/api/grocery-list/')).json();
    expect(lists).toEqual([
      expect.objectContaining({
        grocery_list_name: 'Dan list',
        items: [expect.objectContaining({ grocery_item_name: 'Eggs' })],
      }),
    ]);
    expect(
      (await dora.client.get(`/api/house/${houseId}/members`))
        .json()
        .map((m: { username: string }) => m.username),
    ).toEqual(['dora']);

    // Nothing personal is left in the row that keeps the records' author.
    const row = await t.testDb.db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', dan.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: 'Former member',
      email: '',
      phone_num: null,
      profile_img: null,
      house_id: null,
    });
    expect(row.subject).not.toBe('dan');
    expect(row.deleted_at).not.toBeNull();

    // The same sign-in may start over with a new profile, even with the same username.
    expect((await dan.client.post('/api/users/', profile('dan'))).statusCode).toBe(200);
  });

  it('deletes the house when its last member deletes their account', async () => {
    const { houseId, people } = await household(['lastone']);
    await people[0]!.client.post('/api/event/', event(houseId, 'Gone'));
    expect((await people[0]!.client.delete('/api/users/me')).statusCode).toBe(200);
    expect(await rowCount('houses', 'house_id', houseId)).toBe(0);
    expect(await rowCount('events', 'house_id', houseId)).toBe(0);
  });

  it('works for someone without a house, and needs a profile', async () => {
    const c = t.as('houseless');
    await c.post('/api/users/', profile('houseless'));
    expect((await c.delete('/api/users/me')).statusCode).toBe(200);
    const again = await c.delete('/api/users/me');
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('profile_required');
  });
});

describe('GET /api/users/me/export', () => {
  it("gives the caller's profile and reminders, nobody else's", async () => {
    const { people } = await household(['exme', 'exother']);
    await people[0]!.client.post('/api/reminder/', reminder('Mine'));
    await people[1]!.client.post('/api/reminder/', reminder('Theirs'));
    const res = await people[0]!.client.get('/api/users/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="hearth-me-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const doc = res.json();
    expect(doc).toMatchObject({
      format: 'hearth.user',
      version: 1,
      profile: { username: 'exme', email: 'exme@example.test' },
    });
    expect(doc.reminders).toEqual([
      expect.objectContaining({
        title: 'Mine',
        remind_time: '2030-06-01T07:00:00.000Z',
        time_zone: 'Europe/Berlin',
      }),
    ]);
    expect((await t.as('noprofile').get('/api/users/me/export')).statusCode).toBe(404);
  });
});
