import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housemateOf, memberOfNewHouse, profile, startTestApp, type TestApp } from '../../test/test-app.js';
import { GroceriesRepository } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Client = ReturnType<TestApp['as']>;

async function housemate(host: { house: { house_code: string } }, subject: string): Promise<Client> {
  return (await housemateOf(t, subject, host.house.house_code)).client;
}

async function newList(c: Client, name: string) {
  const res = await c.post('/api/grocery-list/', { grocery_list_name: name });
  expect(res.statusCode).toBe(201);
  return res.json() as { grocery_list_id: number; grocery_list_name: string };
}

async function newItem(c: Client, listId: number, name: string) {
  const res = await c.post('/api/grocery-item/', { grocery_list_id: listId, grocery_item_name: name });
  expect(res.statusCode).toBe(201);
  return res.json() as { grocery_item_id: number };
}

describe('grocery lists', () => {
  it('creates a list with a trimmed name and no items', async () => {
    const { client } = await memberOfNewHouse(t, 'gl-create');
    const res = await client.post('/api/grocery-list/', { grocery_list_name: '  Weekly shop  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      grocery_list_id: expect.any(Number),
      grocery_list_name: 'Weekly shop',
      items: [],
    });
  });

  it.each([
    [{ grocery_list_name: '   ' }],
    [{ grocery_list_name: '' }],
    [{}],
    [{ grocery_list_name: 'x'.repeat(81) }],
    [{ grocery_list_name: ' \n\t ' }],
  ])('refuses %j naming grocery_list_name, creating nothing', async (body) => {
    const { client } = await memberOfNewHouse(t, `gl-bad-${Math.random().toString(36).slice(2, 8)}`);
    const res = await client.post('/api/grocery-list/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'grocery_list_name' });
    expect((await client.get('/api/grocery-list/')).json()).toEqual([]);
  });

  it('accepts 80 characters after trimming', async () => {
    const { client } = await memberOfNewHouse(t, 'gl-long');
    const res = await client.post('/api/grocery-list/', { grocery_list_name: 'y'.repeat(80) });
    expect(res.statusCode).toBe(201);
  });

  it('lists the house lists, oldest first, each with its items in order, for every member', async () => {
    const host = await memberOfNewHouse(t, 'gl-host');
    const mate = await housemate(host, 'gl-mate');
    const a = await newList(host.client, 'Market');
    const b = await newList(mate, 'Hardware');
    const milk = await newItem(host.client, a.grocery_list_id, 'Milk');
    const eggs = await newItem(mate, a.grocery_list_id, '  Eggs ');
    const nails = await newItem(mate, b.grocery_list_id, 'Nails');

    const expected = [
      {
        grocery_list_id: a.grocery_list_id,
        grocery_list_name: 'Market',
        items: [
          {
            grocery_item_id: milk.grocery_item_id,
            grocery_item_name: 'Milk',
            grocery_list_id: a.grocery_list_id,
            completed: false,
            quantity: null,
            category: 'dairy',
          },
          {
            grocery_item_id: eggs.grocery_item_id,
            grocery_item_name: 'Eggs',
            grocery_list_id: a.grocery_list_id,
            completed: false,
            quantity: null,
            category: 'dairy',
          },
        ],
      },
      {
        grocery_list_id: b.grocery_list_id,
        grocery_list_name: 'Hardware',
        items: [
          {
            grocery_item_id: nails.grocery_item_id,
            grocery_item_name: 'Nails',
            grocery_list_id: b.grocery_list_id,
            completed: false,
            quantity: null,
            category: 'other',
          },
        ],
      },
    ];
    expect((await host.client.get('/api/grocery-list/')).json()).toEqual(expected);
    expect((await mate.get('/api/grocery-list/')).json()).toEqual(expected);
  });

  it('reads all lists with their items in two queries, however many lists there are', async () => {
    const { client, house } = await memberOfNewHouse(t, 'gl-queries');
    let queries = 0;
    const counted = new GroceriesRepository(
      t.testDb.db.withPlugin({
        transformQuery: (args) => {
          queries++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    );
    const countFor = async () => {
      queries = 0;
      const lists = await counted.listsWithItems(house.house_id);
      return { queries, lists: lists.length };
    };
    const first = await newList(client, 'List 0');
    await newItem(client, first.grocery_list_id, 'Item');
    expect(await countFor()).toEqual({ queries: 2, lists: 1 });
    for (let i = 1; i < 12; i++) {
      const list = await newList(client, `List ${i}`);
      await newItem(client, list.grocery_list_id, 'Item');
    }
    expect(await countFor()).toEqual({ queries: 2, lists: 12 });
  });

  it('never shows another house its lists', async () => {
    const a = await memberOfNewHouse(t, 'gl-iso-a');
    const b = await memberOfNewHouse(t, 'gl-iso-b');
    await newList(a.client, 'Only A');
    expect((await b.client.get('/api/grocery-list/')).json()).toEqual([]);
  });

  it('answers 403 house_required without a house, 403 profile_required without a profile, 401 without a token', async () => {
    const c = t.as('gl-homeless');
    expect((await c.get('/api/grocery-list/')).json().error.code).toBe('profile_required');
    await c.post('/api/users/', profile('gl-homeless'));
    for (const res of [
      await c.get('/api/grocery-list/'),
      await c.post('/api/grocery-list/', { grocery_list_name: 'Nope' }),
      await c.post('/api/grocery-item/', { grocery_list_id: 1, grocery_item_name: 'Nope' }),
      await c.patch('/api/grocery-item/1', { completed: true }),
      await c.delete('/api/grocery-item/1'),
      await c.delete('/api/grocery-list/1'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('house_required');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/grocery-list/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('deletes a list and, with it, its items', async () => {
    const { client } = await memberOfNewHouse(t, 'gl-delete');
    const keep = await newList(client, 'Keep');
    const gone = await newList(client, 'Gone');
    const kept = await newItem(client, keep.grocery_list_id, 'Bread');
    const orphan = await newItem(client, gone.grocery_list_id, 'Butter');
    await newItem(client, gone.grocery_list_id, 'Jam');

    const res = await client.delete(`/api/grocery-list/${gone.grocery_list_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const lists = (await client.get('/api/grocery-list/')).json();
    expect(lists.map((l: { grocery_list_id: number }) => l.grocery_list_id)).toEqual([keep.grocery_list_id]);
    // The items are gone from the table, not just hidden.
    const left = await t.testDb.db
      .selectFrom('grocery_items')
      .select('grocery_item_id')
      .where('grocery_list_id', '=', gone.grocery_list_id)
      .execute();
    expect(left).toEqual([]);
    expect(
      (await client.patch(`/api/grocery-item/${orphan.grocery_item_id}`, { completed: true })).statusCode,
    ).toBe(404);
    expect(
      (await client.patch(`/api/grocery-item/${kept.grocery_item_id}`, { completed: true })).statusCode,
    ).toBe(200);
    expect((await client.delete(`/api/grocery-list/${gone.grocery_list_id}`)).statusCode).toBe(404);
  });

  it('deletes a house with its lists and items', async () => {
    const { client, house } = await memberOfNewHouse(t, 'gl-house-gone');
    const list = await newList(client, 'Doomed');
    await newItem(client, list.grocery_list_id, 'Tea');
    await t.testDb.db
      .updateTable('users')
      .set({ house_id: null })
      .where('house_id', '=', house.house_id)
      .execute();
    await t.testDb.db.deleteFrom('houses').where('house_id', '=', house.house_id).execute();
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from grocery_items where grocery_list_id = ${list.grocery_list_id}`.execute(
      t.testDb.db,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe('grocery items', () => {
  it('adds an item with a trimmed name, not completed', async () => {
    const { client } = await memberOfNewHouse(t, 'gi-add');
    const list = await newList(client, 'Shop');
    const res = await client.post('/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: '\tApples  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      grocery_item_id: expect.any(Number),
      grocery_item_name: 'Apples',
      grocery_list_id: list.grocery_list_id,
      completed: false,
      quantity: null,
      category: 'produce',
    });
  });

  it.each([
    [{ grocery_item_name: '  ' }, 'grocery_item_name'],
    [{ grocery_item_name: 'z'.repeat(121) }, 'grocery_item_name'],
    [{}, 'grocery_item_name'],
    [{ grocery_item_name: 'Pears', grocery_list_id: 'abc' }, 'grocery_list_id'],
    [{ grocery_item_name: 'Pears', grocery_list_id: 0 }, 'grocery_list_id'],
  ])('refuses %j naming %s, adding nothing', async (body, field) => {
    const { client } = await memberOfNewHouse(t, `gi-bad-${Math.random().toString(36).slice(2, 8)}`);
    const list = await newList(client, 'Shop');
    const res = await client.post('/api/grocery-item/', { grocery_list_id: list.grocery_list_id, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect((await client.get('/api/grocery-list/')).json()[0].items).toEqual([]);
  });

  it('needs a list: a missing one is 404', async () => {
    const { client } = await memberOfNewHouse(t, 'gi-nolist');
    const missing = await client.post('/api/grocery-item/', { grocery_item_name: 'Salt' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('grocery_list_id');
    const unknown = await client.post('/api/grocery-item/', {
      grocery_list_id: 999999,
      grocery_item_name: 'Salt',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('toggles completed both ways and returns the item', async () => {
    const { client } = await memberOfNewHouse(t, 'gi-toggle');
    const list = await newList(client, 'Shop');
    const item = await newItem(client, list.grocery_list_id, 'Rice');
    const on = await client.patch(`/api/grocery-item/${item.grocery_item_id}`, { completed: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({
      grocery_item_id: item.grocery_item_id,
      grocery_item_name: 'Rice',
      grocery_list_id: list.grocery_list_id,
      completed: true,
      quantity: null,
      category: 'pantry',
    });
    expect((await client.get('/api/grocery-list/')).json()[0].items[0].completed).toBe(true);
    const off = await client.patch(`/api/grocery-item/${item.grocery_item_id}`, { completed: false });
    expect(off.json().completed).toBe(false);
    expect((await client.get('/api/grocery-list/')).json()[0].items[0].completed).toBe(false);
    const bad = await client.patch(`/api/grocery-item/${item.grocery_item_id}`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('completed');
  });

  it('removes an item', async () => {
    const { client } = await memberOfNewHouse(t, 'gi-remove');
    const list = await newList(client, 'Shop');
    const a = await newItem(client, list.grocery_list_id, 'Oil');
    const b = await newItem(client, list.grocery_list_id, 'Vinegar');
    const res = await client.delete(`/api/grocery-item/${a.grocery_item_id}`);
    expect(res.statusCode).toBe(200);
    const items = (await client.get('/api/grocery-list/')).json()[0].items;
    expect(items.map((i: { grocery_item_id: number }) => i.grocery_item_id)).toEqual([b.grocery_item_id]);
    expect((await client.delete(`/api/grocery-item/${a.grocery_item_id}`)).statusCode).toBe(404);
  });

  it('lets every housemate add, tick and remove on any list of the house', async () => {
    const host = await memberOfNewHouse(t, 'gi-share-host');
    const mate = await housemate(host, 'gi-share-mate');
    const list = await newList(host.client, 'Shared');
    const item = await newItem(mate, list.grocery_list_id, 'Coffee');
    expect(
      (await host.client.patch(`/api/grocery-item/${item.grocery_item_id}`, { completed: true })).statusCode,
    ).toBe(200);
    expect((await mate.delete(`/api/grocery-item/${item.grocery_item_id}`)).statusCode).toBe(200);
    expect((await mate.delete(`/api/grocery-list/${list.grocery_list_id}`)).statusCode).toBe(200);
  });
});

describe('other houses', () => {
  it('answers 404 for every id of another house and changes nothing', async () => {
    const owner = await memberOfNewHouse(t, 'gx-owner');
    const stranger = await memberOfNewHouse(t, 'gx-stranger');
    const list = await newList(owner.client, 'Private');
    const item = await newItem(owner.client, list.grocery_list_id, 'Secret sauce');
    const before = (await owner.client.get('/api/grocery-list/')).json();

    const attempts = [
      await stranger.client.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'Sneaky',
      }),
      await stranger.client.patch(`/api/grocery-item/${item.grocery_item_id}`, { completed: true }),
      await stranger.client.delete(`/api/grocery-item/${item.grocery_item_id}`),
      await stranger.client.delete(`/api/grocery-list/${list.grocery_list_id}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await owner.client.get('/api/grocery-list/')).json()).toEqual(before);
    expect((await stranger.client.get('/api/grocery-list/')).json()).toEqual([]);
  });

  it('answers 404 alike for ids that do not exist at all', async () => {
    const { client } = await memberOfNewHouse(t, 'gx-ghost');
    expect((await client.patch('/api/grocery-item/2147483647', { completed: true })).statusCode).toBe(404);
    expect((await client.delete('/api/grocery-item/2147483647')).statusCode).toBe(404);
    expect((await client.delete('/api/grocery-list/2147483647')).statusCode).toBe(404);
    expect((await client.delete('/api/grocery-list/abc')).statusCode).toBe(400);
  });
});
