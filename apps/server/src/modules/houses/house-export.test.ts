import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF_1PX, PNG_1PX } from '../../test/images.js';
import { type ApiClient, profile, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';

/*
 * The house export as a document another Hearth imports: what it holds and never holds, and a round trip
 * (export -> import into a new Hearth -> export again) that gives the same document, on each engine pair
 * this run can reach.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PG_URL = process.env.TEST_DATABASE_URL;

async function person(app: TestApp, name: string, extra: Record<string, unknown> = {}) {
  const client = app.as(name);
  const res = await client.post('/api/users/', profile(name, extra));
  expect(res.statusCode, res.body).toBe(200);
  return { client, user_id: res.json().user_id as number };
}

async function newHouse(client: ApiClient, name: string) {
  const res = await client.post('/api/house/', { house_name: name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { house_id: number; house_code: string };
}

const ok = async (res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 201) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as Record<string, unknown>;
};

/** A house with a bit of everything: events, lists, tasks with history, an away period, a former member. */
async function furnishedHouse(app: TestApp, prefix: string) {
  const ana = await person(app, `${prefix}ana`, { profile_img: PNG_1PX });
  const ben = await person(app, `${prefix}ben`);
  const cal = await person(app, `${prefix}cal`);
  const house = await newHouse(ana.client, 'Oak Row');
  await ok(
    ana.client.patch(`/api/house/${house.house_id}`, { house_img: GIF_1PX, time_zone: 'Europe/Oslo' }),
    200,
  );
  for (const p of [ben, cal]) await ok(p.client.put(`/api/house/${house.house_code}`), 200);

  await ok(
    ana.client.post('/api/event/', {
      title: 'House meeting',
      description: 'Bring the bills',
      location: 'Kitchen',
      start_datetime: '2026-05-04T18:00:00.000Z',
      end_datetime: '2026-05-04T19:30:00.000Z',
      all_day: false,
      house_id: house.house_id,
    }),
  );
  await ok(
    cal.client.post('/api/event/', {
      title: 'Cal moves out',
      description: null,
      location: null,
      start_datetime: '2026-06-01T00:00:00.000Z',
      end_datetime: '2026-06-02T00:00:00.000Z',
      all_day: true,
      time_zone: 'Europe/Oslo',
      house_id: house.house_id,
    }),
  );
  // A house-wide outside calendar (exported) and one of Ben's own (never exported); straight into the
  // table, as their fetching is not what this file tests.
  const stamp = '2026-04-01T10:00:00.000Z';
  const calendar = (userId: number, name: string, shared: number) => ({
    house_id: house.house_id,
    user_id: userId,
    name,
    url: 'webcal://school.example.org/holidays.ics',
    color: '#3366cc',
    shared,
    next_fetch_at: '9999-01-01T00:00:00.000Z',
    created_at: stamp,
    updated_at: stamp,
  });
  await app.testDb.db
    .insertInto('external_calendars')
    .values([calendar(ana.user_id, 'School holidays', 1), calendar(ben.user_id, "Ben's gym", 0)])
    .execute();
  const list = await ok(ben.client.post('/api/grocery-list/', { grocery_list_name: 'Weekly shop' }));
  const oats = await ok(
    ben.client.post('/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: '2 kg Oats',
    }),
  );
  await ok(ben.client.patch(`/api/grocery-item/${oats.grocery_item_id}`, { category: 'bakery' }), 200);
  const milk = await ok(
    cal.client.post('/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: 'Milk',
    }),
  );
  await ok(ana.client.patch(`/api/grocery-item/${milk.grocery_item_id}`, { completed: true }), 200);
  await ok(ana.client.post('/api/grocery-list/', { grocery_list_name: 'Empty list' }));

  const task = await ok(
    ana.client.post('/api/task/', {
      title: 'Bins out',
      due_at: '2030-01-07T19:00:00.000Z',
      time_zone: 'Europe/Oslo',
      repeat: { every: 'weeks', interval: 1, weekdays: [1] },
      rotation: 'round_robin',
      pool: [ana.user_id, ben.user_id, cal.user_id],
    }),
  );
  await ok(ana.client.post(`/api/task/${task.task_id}/done`, {}), 200);
  await ok(ben.client.post('/api/away/', { starts_on: '2030-02-01', ends_on: '2030-02-10' }));
  await ok(ana.client.put(`/api/house/${house.house_id}/currency`, { currency: 'EUR' }), 200);
  await ok(
    ben.client.post('/api/expense/', {
      title: 'Weekly shop',
      amount_minor: 1000,
      paid_by: ben.user_id,
      spent_on: '2026-03-10',
      category: 'groceries',
      split: { mode: 'equal', parts: [ana, ben, cal].map((p) => ({ user_id: p.user_id, value: 0 })) },
    }),
  );
  await ok(
    ana.client.post('/api/payment/', {
      from: ana.user_id,
      to: ben.user_id,
      amount_minor: 333,
      paid_on: '2026-03-11',
    }),
  );

  const soup = await ok(
    ana.client.post('/api/recipe/', {
      title: 'Lentil soup',
      servings: 4,
      ingredients: [{ text: '200 g red lentils' }, { text: '1 ½ cups stock' }],
      steps: ['Simmer.'],
      tags: ['soup'],
      image: PNG_1PX,
      cook_minutes: 40,
    }),
  );
  await ok(
    ben.client.post('/api/meal/', {
      date: '2026-03-12',
      slot: 'dinner',
      recipe_id: soup.recipe_id,
      servings: 6,
      cook_id: ana.user_id,
    }),
  );
  await ok(
    cal.client.post('/api/meal/', { date: '2026-03-13', slot: 'lunch', title: 'Leftovers', servings: 2 }),
  );
  await ok(ana.client.put(`/api/house/${house.house_id}/staples`, { staples: ['salt', 'olive oil'] }), 200);

  // Personal things that must never travel with the house.
  await ok(
    ana.client.post('/api/reminder/', { title: 'Secret dentist', remind_time: '2030-06-01T07:00:00.000Z' }),
  );
  await ok(ben.client.get('/api/event/subscription'), 200);

  // Cal deletes their account: their records stay under "Former member".
  await ok(cal.client.delete('/api/users/me'), 200);
  return { house, ana, ben };
}

/** The document without the moment it was made. */
const comparable = (doc: Record<string, unknown>) => ({ ...doc, exported_at: undefined });

describe('GET /api/house/{house_id}/export', () => {
  it('gives the house as one versioned document naming people by their number in it', async () => {
    const { house, ana } = await furnishedHouse(t, 'x');
    const res = await ana.client.get(`/api/house/${house.house_id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="hearth-house-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const doc = res.json();
    expect(doc).toMatchObject({
      format: 'hearth.house',
      version: 1,
      house: { house_name: 'Oak Row', house_img: GIF_1PX, time_zone: 'Europe/Oslo' },
    });
    expect(doc.people).toEqual([
      {
        ref: 1,
        username: 'xana',
        first_name: 'Sam',
        last_name: 'Rivera',
        profile_img: PNG_1PX,
        member: true,
        former: false,
      },
      {
        ref: 2,
        username: 'xben',
        first_name: 'Sam',
        last_name: 'Rivera',
        profile_img: null,
        member: true,
        former: false,
      },
      {
        ref: 3,
        username: 'Former member',
        first_name: 'Former',
        last_name: 'member',
        profile_img: null,
        member: false,
        former: true,
      },
    ]);
    expect(
      doc.data.events.map((e: { title: string; created_by: number }) => [e.title, e.created_by]),
    ).toEqual([
      ['House meeting', 1],
      ['Cal moves out', 3],
    ]);
    expect(doc.data.events[1]).toMatchObject({
      all_day: true,
      start_date: '2026-06-01',
      time_zone: 'Europe/Oslo',
    });
    expect(doc.data.groceries).toEqual([
      expect.objectContaining({
        name: 'Weekly shop',
        created_by: 2,
        items: [
          expect.objectContaining({
            name: 'Oats',
            quantity: '2 kg',
            category: 'bakery',
            completed: false,
            created_by: 2,
          }),
          expect.objectContaining({
            name: 'Milk',
            quantity: null,
            category: 'dairy',
            completed: true,
            created_by: 3,
          }),
        ],
      }),
      expect.objectContaining({ name: 'Empty list', created_by: 1, items: [] }),
    ]);
    expect(doc.data.tasks.tasks).toEqual([
      expect.objectContaining({
        title: 'Bins out',
        pool: [1, 2, 3],
        repeat_weekdays: [1],
        history: [expect.objectContaining({ done_by: 1, skipped: false, prev_assignee: 1 })],
      }),
    ]);
    expect(doc.data.bills).toMatchObject({
      currency: 'EUR',
      recurring: [],
      expenses: [
        {
          title: 'Weekly shop',
          amount_minor: 1000,
          paid_by: 2,
          parts: [
            { person: 1, amount_minor: 334 },
            { person: 2, amount_minor: 333 },
            { person: 3, amount_minor: 333 },
          ],
        },
      ],
      payments: [{ from: 1, to: 2, amount_minor: 333, currency: 'EUR' }],
    });
    expect(doc.data.tasks.away_periods).toEqual([
      expect.objectContaining({ person: 2, starts_on: '2030-02-01', ends_on: '2030-02-10' }),
    ]);

    // Nothing personal: no reminders, no subscription secrets, no email addresses, no database ids.
    const text = res.body;
    expect(text).not.toContain('Secret dentist');
    expect(text).not.toContain('@example.test');
    expect(text).not.toMatch(
      /"(user_id|house_id|event_id|task_id|grocery_list_id|token_hash|subscription_id)"/,
    );
  });
});

describe('POST /api/house/{house_id}/import', () => {
  it('refuses a house that already has records (409), changing nothing', async () => {
    const { house, ana } = await furnishedHouse(t, 'full');
    const doc = (await ana.client.get(`/api/house/${house.house_id}/export`)).json();
    const res = await ana.client.post(`/api/house/${house.house_id}/import`, doc);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('house_not_empty');
    expect(comparable((await ana.client.get(`/api/house/${house.house_id}/export`)).json())).toEqual(
      comparable(doc),
    );
  });

  it('is for members only (404)', async () => {
    const { house, ana } = await furnishedHouse(t, 'priv');
    const doc = (await ana.client.get(`/api/house/${house.house_id}/export`)).json();
    const stranger = await person(t, 'importstranger');
    const theirs = await newHouse(stranger.client, 'Empty');
    expect((await stranger.client.post(`/api/house/${house.house_id}/import`, doc)).statusCode).toBe(404);
    expect((await ana.client.post(`/api/house/${theirs.house_id}/import`, doc)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown format', (d: Doc) => ({ ...d, format: 'other' }), 'format'],
    ['a newer version', (d: Doc) => ({ ...d, version: 2 }), 'version'],
    ['a bad zone', (d: Doc) => ({ ...d, house: { ...d.house, time_zone: 'Mars/Base' } }), 'house.time_zone'],
    [
      'a bad image',
      (d: Doc) => ({ ...d, house: { ...d.house, house_img: 'data:image/png;base64,AAAA' } }),
      'house.house_img',
    ],
    ['people out of order', (d: Doc) => ({ ...d, people: [...d.people].reverse() }), 'people[0].ref'],
    [
      'a record naming nobody',
      (d: Doc) => ({ ...d, data: { ...d.data, events: [{ ...d.data.events[0], created_by: 9 }] } }),
      'people',
    ],
    ['an unknown section', (d: Doc) => ({ ...d, data: { ...d.data, spaceships: [] } }), 'data'],
  ])('refuses %s with a 400 and adds nothing', async (_name, spoil, field) => {
    const { house, ana } = await furnishedHouse(t, `bad${Math.random().toString(36).slice(2, 7)}`);
    const doc = (await ana.client.get(`/api/house/${house.house_id}/export`)).json();
    const target = await person(t, `target${Math.random().toString(36).slice(2, 7)}`);
    const empty = await newHouse(target.client, 'Empty');
    const before = (await target.client.get(`/api/house/${empty.house_id}/export`)).json();
    const res = await target.client.post(`/api/house/${empty.house_id}/import`, spoil(doc));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.field ?? '').toContain(field);
    expect(comparable((await target.client.get(`/api/house/${empty.house_id}/export`)).json())).toEqual(
      comparable(before),
    );
  });
});

type Doc = { house: Record<string, unknown>; people: unknown[]; data: { events: Record<string, unknown>[] } };

// Each pair this run can reach: within this engine, and across engines when PostgreSQL is available.
const targets: [string, string][] = [[testEngine, testEngine === 'postgres' ? (PG_URL ?? '') : '']];
if (PG_URL)
  targets.push([testEngine === 'postgres' ? 'sqlite' : 'postgres', testEngine === 'postgres' ? '' : PG_URL]);

describe.each(targets)('export -> import into a new Hearth on %s -> export', (engine, databaseUrl) => {
  // Each engine pair gets its own people in the source Hearth.
  const p = engine.slice(0, 2);
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ databaseUrl });
  });
  afterAll(() => other.close());

  it('gives the same document again, images and authors kept', async () => {
    const { house, ana } = await furnishedHouse(t, `${p}rt`);
    const first = (await ana.client.get(`/api/house/${house.house_id}/export`)).json();

    // On the new Hearth, ana and ben sign up with the same usernames and move into an empty house.
    const ana2 = await person(other, `${p}rtana`);
    const ben2 = await person(other, `${p}rtben`);
    const fresh = await newHouse(ana2.client, 'Placeholder name');
    await ok(ben2.client.put(`/api/house/${fresh.house_code}`), 200);
    const imported = await ana2.client.post(`/api/house/${fresh.house_id}/import`, first);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      people: 1,
      sections: { events: 2, groceries: 2, tasks: 1, bills: 2, meals: 3, external_calendars: 1 },
    });

    const second = (await ben2.client.get(`/api/house/${fresh.house_id}/export`)).json();
    // The matched members bring their profile as it is on the new Hearth.
    second.people[0].profile_img = first.people[0].profile_img;
    expect(comparable(second)).toEqual(comparable(first));

    // The imported records work like any other: the house reads them, authors have names.
    const house2 = (await ana2.client.get(`/api/house/${fresh.house_id}`)).json();
    expect(house2).toMatchObject({ house_name: 'Oak Row', house_img: GIF_1PX, time_zone: 'Europe/Oslo' });
    const feed = (await ben2.client.get(`/api/event/house/${fresh.house_id}/calendar.ics`)).body;
    expect(feed).toContain(`X-HEARTH-USERNAME:${p}rtana`);
    expect(feed).toContain('X-HEARTH-USERNAME:Former member');
    const tasks = (await ben2.client.get('/api/task/')).json();
    expect(tasks).toHaveLength(1);
    // Importing twice is refused: the house has data now.
    expect((await ana2.client.post(`/api/house/${fresh.house_id}/import`, first)).statusCode).toBe(409);
  });

  it('keeps people who are not members here as non-members with their names', async () => {
    const { house, ana } = await furnishedHouse(t, `${p}nm`);
    const doc = (await ana.client.get(`/api/house/${house.house_id}/export`)).json();
    const alone = await person(other, `${p}nmsomeoneelse`);
    const fresh = await newHouse(alone.client, 'Alone');
    const res = await alone.client.post(`/api/house/${fresh.house_id}/import`, doc);
    expect(res.json()).toEqual({
      people: 3,
      sections: { events: 2, groceries: 2, tasks: 1, bills: 2, meals: 3, external_calendars: 1 },
    });
    const again = (await alone.client.get(`/api/house/${fresh.house_id}/export`)).json();
    expect(again.people.map((p: { username: string; member: boolean }) => [p.username, p.member])).toEqual([
      [`${p}nmsomeoneelse`, true],
      // Members first, then everyone else in the order the records name them.
      [`${p}nmben`, false],
      [`${p}nmana`, false],
      ['Former member', false],
    ]);
    expect(again.people[2].profile_img).toBe(PNG_1PX);
    expect((await alone.client.get(`/api/house/${fresh.house_id}/members`)).json()).toHaveLength(1);
  });
});
