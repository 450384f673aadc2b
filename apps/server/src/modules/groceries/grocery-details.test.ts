import { GROCERY_CATEGORIES, type LiveChange } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HOUSE_EVENTS } from '../../core/house-events.js';
import type { LivePublisher } from '../../core/live.js';
import { Membership } from '../../core/membership.js';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { GroceriesRepository } from './repository.js';
import { GroceriesService } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Client = ReturnType<TestApp['as']>;
interface Item {
  grocery_item_id: number;
  grocery_item_name: string;
  grocery_list_id: number;
  completed: boolean;
  quantity: string | null;
  category: string;
}

let houses = 0;
async function newHouse(prefix: string) {
  houses++;
  const host = await memberOfNewHouse(t, `${prefix}-${houses}`);
  const res = await host.client.post('/api/grocery-list/', { grocery_list_name: 'Shop' });
  return { ...host, listId: res.json().grocery_list_id as number };
}

async function add(c: Client, listId: number, body: Record<string, unknown> | string): Promise<Item> {
  const res = await c.post(
    '/api/grocery-item/',
    typeof body === 'string'
      ? { grocery_list_id: listId, grocery_item_name: body }
      : { grocery_list_id: listId, ...body },
  );
  expect(res.statusCode).toBe(201);
  return res.json();
}

const tick = (c: Client, id: number, completed = true) => c.patch(`/api/grocery-item/${id}`, { completed });

/** Adds the name and ticks it, `times` times over: the house bought it that often. */
async function buy(c: Client, listId: number, name: string, times = 1, quantity?: string) {
  for (let i = 0; i < times; i++) {
    const item = await add(c, listId, quantity === undefined ? name : { grocery_item_name: name, quantity });
    expect((await tick(c, item.grocery_item_id)).statusCode).toBe(200);
    // Purchases are ordered by their instant; keep them apart.
    await new Promise((r) => setTimeout(r, 3));
  }
}

const items = async (c: Client): Promise<Item[]> => (await c.get('/api/grocery-list/')).json()[0].items;

describe('quantities and categories on new items', () => {
  it('splits a quantity written before or after the name and files the item by the dictionary', async () => {
    const { client, listId } = await newHouse('gd-split');
    expect(await add(client, listId, '2 kg potatoes')).toMatchObject({
      grocery_item_name: 'potatoes',
      quantity: '2 kg',
      category: 'produce',
      completed: false,
    });
    expect(await add(client, listId, 'Potatoes 2kg')).toMatchObject({
      grocery_item_name: 'Potatoes',
      quantity: '2 kg',
      category: 'produce',
    });
    expect(await add(client, listId, 'eggs x6')).toMatchObject({ quantity: 'x6', category: 'dairy' });
    expect(await add(client, listId, 'Greek yogurt')).toMatchObject({ quantity: null, category: 'dairy' });
    expect(await add(client, listId, 'Frozen peas')).toMatchObject({ category: 'frozen' });
    expect(await add(client, listId, '3 cans of chopped tomatoes')).toMatchObject({
      grocery_item_name: 'chopped tomatoes',
      quantity: '3 cans',
      category: 'pantry',
    });
    expect(await add(client, listId, 'Bin bags')).toMatchObject({ category: 'household' });
    expect(await add(client, listId, 'Toothpaste')).toMatchObject({ category: 'personal_care' });
    expect(await add(client, listId, 'Tomato')).toMatchObject({ category: 'produce' });
    expect(await add(client, listId, 'Gadget thing')).toMatchObject({ category: 'other' });
    // The list read carries the same fields.
    expect((await items(client))[0]).toMatchObject({ quantity: '2 kg', category: 'produce' });
  });

  it('takes a quantity and category sent on their own as they are', async () => {
    const { client, listId } = await newHouse('gd-explicit');
    expect(
      await add(client, listId, { grocery_item_name: '2 kg potatoes', quantity: null, category: 'pantry' }),
    ).toMatchObject({ grocery_item_name: '2 kg potatoes', quantity: null, category: 'pantry' });
    expect(await add(client, listId, { grocery_item_name: 'Milk', quantity: '  2 l ' })).toMatchObject({
      quantity: '2 l',
      category: 'dairy',
    });
    expect(await add(client, listId, { grocery_item_name: 'Milk', quantity: '   ' })).toMatchObject({
      quantity: null,
    });
    expect(await add(client, listId, { grocery_item_name: 'Milk', quantity: 'x'.repeat(40) })).toMatchObject({
      quantity: 'x'.repeat(40),
    });
  });

  it.each([
    [{ grocery_item_name: 'Milk', quantity: 'x'.repeat(41) }, 'quantity'],
    [{ grocery_item_name: 'Milk', category: 'sweets' }, 'category'],
    [{ grocery_item_name: 'Milk', category: null }, 'category'],
    [{ grocery_item_name: 'Milk', category: 'Produce' }, 'category'],
  ])('refuses %j naming %s, adding nothing', async (body, field) => {
    const { client, listId } = await newHouse('gd-bad');
    const res = await client.post('/api/grocery-item/', { grocery_list_id: listId, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(await items(client)).toEqual([]);
  });
});

describe('changing an item', () => {
  it('changes name, quantity and category, each on its own or together', async () => {
    const { client, listId } = await newHouse('gd-patch');
    const item = await add(client, listId, '2 kg potatoes');
    const url = `/api/grocery-item/${item.grocery_item_id}`;
    expect((await client.patch(url, { quantity: '3 kg' })).json()).toMatchObject({
      grocery_item_name: 'potatoes',
      quantity: '3 kg',
      category: 'produce',
      completed: false,
    });
    expect((await client.patch(url, { grocery_item_name: '  Sweet potatoes ' })).json()).toMatchObject({
      grocery_item_name: 'Sweet potatoes',
      quantity: '3 kg',
    });
    expect((await client.patch(url, { quantity: '' })).json().quantity).toBeNull();
    expect((await client.patch(url, { quantity: null, category: 'other', completed: true })).json()).toEqual({
      grocery_item_id: item.grocery_item_id,
      grocery_item_name: 'Sweet potatoes',
      grocery_list_id: listId,
      completed: true,
      quantity: null,
      category: 'other',
    });
    expect((await items(client))[0]).toMatchObject({ category: 'other', completed: true });
  });

  it.each([
    [{ grocery_item_name: '   ' }, 'grocery_item_name'],
    [{ grocery_item_name: 'n'.repeat(121) }, 'grocery_item_name'],
    [{ quantity: 'q'.repeat(41) }, 'quantity'],
    [{ category: 'snacks' }, 'category'],
    [{ category: 'dairy', quantity: 'q'.repeat(41) }, 'quantity'],
    [{}, 'completed'],
  ])('refuses %j naming %s, changing nothing', async (body, field) => {
    const { client, listId } = await newHouse('gd-patch-bad');
    const item = await add(client, listId, 'Milk');
    const res = await client.patch(`/api/grocery-item/${item.grocery_item_id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(await items(client)).toEqual([item]);
  });

  it('learns a category for the house, under any spelling of the name, and only for that house', async () => {
    const a = await newHouse('gd-learn-a');
    const mate = (await housemateOf(t, `gd-learn-mate-${houses}`, a.house.house_code)).client;
    const b = await newHouse('gd-learn-b');
    const nails = await add(a.client, a.listId, 'Nails');
    expect(nails.category).toBe('other');
    await a.client.patch(`/api/grocery-item/${nails.grocery_item_id}`, { category: 'household' });
    expect((await add(mate, a.listId, 'nail')).category).toBe('household');
    expect((await add(a.client, a.listId, '20 NAILS')).category).toBe('household');
    expect((await add(b.client, b.listId, 'Nails')).category).toBe('other');

    // A choice beats the dictionary, and a later choice beats an earlier one.
    const milk = await add(a.client, a.listId, 'Milk');
    await a.client.patch(`/api/grocery-item/${milk.grocery_item_id}`, { category: 'drinks' });
    expect((await add(a.client, a.listId, 'milk')).category).toBe('drinks');
    await add(a.client, a.listId, { grocery_item_name: 'Milk', category: 'frozen' });
    expect((await add(a.client, a.listId, 'MILK')).category).toBe('frozen');
  });

  it('counts a tick as one purchase however often it is sent, and takes it back on untick', async () => {
    const { client, listId } = await newHouse('gd-count');
    const item = await add(client, listId, 'Bread');
    await tick(client, item.grocery_item_id);
    await tick(client, item.grocery_item_id);
    await Promise.all([tick(client, item.grocery_item_id), tick(client, item.grocery_item_id)]);
    const once = (await client.get('/api/grocery-suggestion/?q=bread')).json();
    expect(once[0]).toEqual({ name: 'Bread', category: 'bakery', quantity: null, times_bought: 1 });
    await tick(client, item.grocery_item_id, false);
    expect((await client.get('/api/grocery-suggestion/?q=bread')).json()[0].times_bought).toBe(0);
  });
});

describe('suggestions', () => {
  it('ranks the house by how often, then how recently, it bought, then the dictionary', async () => {
    const { client, listId } = await newHouse('gd-rank');
    await buy(client, listId, 'Pasta', 1);
    await buy(client, listId, 'Pears', 3, '1 kg');
    await buy(client, listId, 'Peanut butter', 2);
    await buy(client, listId, 'Peppers', 2);
    await add(client, listId, 'Pesto'); // added, never bought

    const res = await client.get('/api/grocery-suggestion/?q=p&limit=8');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((s: { name: string }) => s.name);
    // Pears 3; Peppers and Peanut butter 2 each, Peppers bought later; Pasta 1; Pesto never; then the dictionary.
    expect(names.slice(0, 5)).toEqual(['Pears', 'Peppers', 'Peanut butter', 'Pasta', 'Pesto']);
    expect(res.json()[0]).toEqual({ name: 'Pears', category: 'produce', quantity: '1 kg', times_bought: 3 });
    const dictionary = res.json().slice(5);
    expect(dictionary).toHaveLength(3);
    for (const s of dictionary) {
      expect(s.times_bought).toBe(0);
      expect(s.quantity).toBeNull();
      expect(s.name.toLowerCase()).toMatch(/(^| )p/);
      expect(names.filter((n: string) => n === s.name)).toHaveLength(1);
    }
  });

  it('finds a name by any word and spelling, and gives the usual quantity', async () => {
    const { client, listId } = await newHouse('gd-words');
    await buy(client, listId, 'Sweet potatoes', 2, '1 kg');
    await buy(client, listId, 'sweet potato', 1, '2 kg');
    const [first] = (await client.get('/api/grocery-suggestion/?q=POTATOES')).json();
    expect(first).toEqual({ name: 'sweet potato', category: 'produce', quantity: '1 kg', times_bought: 3 });
    expect((await client.get('/api/grocery-suggestion/?q=pot')).json()[0].name).toBe('sweet potato');
    // LIKE's wildcards are plain characters.
    expect((await client.get('/api/grocery-suggestion/?q=%25')).json()).toEqual([]);
    expect((await client.get('/api/grocery-suggestion/?q=_')).json()).toEqual([]);
  });

  it('answers from the dictionary for a house with no history, and the house top without q', async () => {
    const { client, listId } = await newHouse('gd-dict');
    const res = (await client.get('/api/grocery-suggestion/?q=bana')).json();
    expect(res).toEqual([{ name: 'Bananas', category: 'produce', quantity: null, times_bought: 0 }]);
    expect((await client.get('/api/grocery-suggestion/')).json()).toEqual([]);
    await buy(client, listId, 'Coffee', 2);
    expect((await client.get('/api/grocery-suggestion/')).json()).toEqual([
      { name: 'Coffee', category: 'drinks', quantity: null, times_bought: 2 },
    ]);
  });

  it('never shows another house its names', async () => {
    const a = await newHouse('gd-iso-a');
    const b = await newHouse('gd-iso-b');
    await buy(a.client, a.listId, 'Zorblax crackers', 2);
    expect((await b.client.get('/api/grocery-suggestion/?q=zorb')).json()).toEqual([]);
    expect((await b.client.get('/api/grocery-suggestion/again')).json()).toEqual([]);
  });

  it.each([
    ['/api/grocery-suggestion/?limit=0', 'limit'],
    ['/api/grocery-suggestion/?limit=51', 'limit'],
    ['/api/grocery-suggestion/?limit=abc', 'limit'],
    [`/api/grocery-suggestion/?q=${'q'.repeat(121)}`, 'q'],
    ['/api/grocery-suggestion/again?limit=0', 'limit'],
  ])('refuses %s naming %s', async (url, field) => {
    const { client } = await newHouse('gd-sbad');
    const res = await client.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
  });
});

describe('buy again and clear done', () => {
  it('lists the most bought names not on a list, and keeps the history when ticked items are cleared', async () => {
    const { client, listId } = await newHouse('gd-again');
    await buy(client, listId, 'Milk', 3, '2 l');
    await buy(client, listId, 'Bread', 2);
    await buy(client, listId, 'Eggs', 1, 'x6');
    const again = (await client.get('/api/grocery-suggestion/again')).json();
    expect(again).toEqual([
      { name: 'Milk', category: 'dairy', quantity: '2 l', times_bought: 3 },
      { name: 'Bread', category: 'bakery', quantity: null, times_bought: 2 },
      { name: 'Eggs', category: 'dairy', quantity: 'x6', times_bought: 1 },
    ]);
    // An unticked "bread" on a list leaves it out; ticked items do not.
    await add(client, listId, 'bread');
    expect(
      (await client.get('/api/grocery-suggestion/again?limit=5'))
        .json()
        .map((s: Item & { name: string }) => s.name),
    ).toEqual(['Milk', 'Eggs']);

    const before = await items(client);
    const cleared = await client.delete(`/api/grocery-list/${listId}/done`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ removed: before.filter((i) => i.completed).length });
    const left = await items(client);
    expect(left.map((i) => i.grocery_item_name)).toEqual(['bread']);
    expect((await client.get('/api/grocery-suggestion/again?limit=1')).json()[0]).toMatchObject({
      name: 'Milk',
      times_bought: 3,
    });
    expect((await client.delete(`/api/grocery-list/${listId}/done`)).json()).toEqual({ removed: 0 });
  });

  it('answers 404 for another house list, clearing nothing', async () => {
    const a = await newHouse('gd-clear-a');
    const b = await newHouse('gd-clear-b');
    await buy(a.client, a.listId, 'Tea', 1);
    expect((await b.client.delete(`/api/grocery-list/${a.listId}/done`)).statusCode).toBe(404);
    expect((await b.client.delete('/api/grocery-list/2147483647/done')).statusCode).toBe(404);
    expect(await items(a.client)).toHaveLength(1);
  });
});

describe('shop order', () => {
  it('starts in the default order, and a new order is the whole house’s', async () => {
    const host = await newHouse('gd-order');
    const mate = (await housemateOf(t, `gd-order-mate-${houses}`, host.house.house_code)).client;
    const url = `/api/house/${host.house.house_id}/grocery-category-order`;
    expect((await host.client.get(url)).json()).toEqual({ order: GROCERY_CATEGORIES });
    const order = ['dairy', 'bakery', ...GROCERY_CATEGORIES.filter((c) => c !== 'dairy' && c !== 'bakery')];
    const put = await mate.put(url, { order });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ order });
    expect((await host.client.get(url)).json()).toEqual({ order });
    const reversed = [...order].reverse();
    expect((await host.client.put(url, { order: reversed })).json()).toEqual({ order: reversed });
    expect((await mate.get(url)).json()).toEqual({ order: reversed });
  });

  it.each([
    [{ order: GROCERY_CATEGORIES.slice(1) }],
    [{ order: [...GROCERY_CATEGORIES, 'other'] }],
    [{ order: [...GROCERY_CATEGORIES.slice(1), 'produce '] }],
    [{ order: [...GROCERY_CATEGORIES.slice(1), 'sweets'] }],
    [{ order: [...GROCERY_CATEGORIES.slice(2), 'dairy', 'dairy'] }],
    [{ order: 'produce' }],
    [{ order: [1, 2] }],
    [{}],
  ])('refuses %j naming order, changing nothing', async (body) => {
    const host = await newHouse('gd-order-bad');
    const url = `/api/house/${host.house.house_id}/grocery-category-order`;
    const res = await host.client.put(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed' });
    expect(res.json().error.field).toMatch(/^order/);
    expect((await host.client.get(url)).json()).toEqual({ order: GROCERY_CATEGORIES });
  });

  it('answers 404 for another house, changing nothing', async () => {
    const a = await newHouse('gd-order-a');
    const b = await newHouse('gd-order-b');
    const url = `/api/house/${a.house.house_id}/grocery-category-order`;
    expect((await b.client.get(url)).statusCode).toBe(404);
    const put = await b.client.put(url, { order: [...GROCERY_CATEGORIES].reverse() });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.code).toBe('not_found');
    expect((await a.client.get(url)).json()).toEqual({ order: GROCERY_CATEGORIES });
    expect((await b.client.get('/api/house/2147483647/grocery-category-order')).statusCode).toBe(404);
  });
});

describe('other houses', () => {
  it('answers 404 for changing another house item in any way, and changes nothing', async () => {
    const a = await newHouse('gd-x-a');
    const b = await newHouse('gd-x-b');
    const item = await add(a.client, a.listId, 'Secret sauce');
    for (const body of [
      { grocery_item_name: 'Mine now' },
      { quantity: '9' },
      { category: 'dairy' },
      { completed: true },
    ]) {
      const res = await b.client.patch(`/api/grocery-item/${item.grocery_item_id}`, body);
      expect(res.statusCode).toBe(404);
    }
    expect(await items(a.client)).toEqual([item]);
    expect((await a.client.get('/api/grocery-suggestion/?q=secret')).json()[0].times_bought).toBe(0);
  });
});

describe('live changes', () => {
  it('tells the house what changed, after each change', async () => {
    const changes: Array<{ houseId: number; change: LiveChange }> = [];
    const recorder: LivePublisher = {
      publish: async (houseId, change) => {
        changes.push({ houseId, change });
      },
      publishToUser: async () => undefined,
    };
    const service = new GroceriesService(
      new GroceriesRepository(t.testDb.db),
      new Membership(t.testDb.db),
      recorder,
      NO_HOUSE_EVENTS,
    );
    const { house, user, listId, client } = await newHouse('gd-live');
    const { subject } = await t.testDb.db
      .selectFrom('users')
      .select('subject')
      .where('user_id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    const identity = { issuer: t.issuer.url, subject, email: null, claims: {} };
    const item = await service.addItem(identity, {
      grocery_list_id: listId,
      grocery_item_name: '2 kg potatoes',
    });
    await service.updateItem(identity, item.grocery_item_id, { category: 'pantry', completed: true });
    await service.clearDone(identity, listId);
    await service.setCategoryOrder(identity, house.house_id, { order: [...GROCERY_CATEGORIES].reverse() });
    const actor_id = user.user_id;
    expect(changes).toEqual([
      {
        houseId: house.house_id,
        change: {
          kind: 'groceries',
          entity: 'grocery_item',
          action: 'created',
          id: item.grocery_item_id,
          parent_id: listId,
          actor_id,
        },
      },
      {
        houseId: house.house_id,
        change: {
          kind: 'groceries',
          entity: 'grocery_item',
          action: 'updated',
          id: item.grocery_item_id,
          parent_id: listId,
          actor_id,
        },
      },
      {
        houseId: house.house_id,
        change: { kind: 'groceries', entity: 'grocery_list', action: 'updated', id: listId, actor_id },
      },
      {
        houseId: house.house_id,
        change: {
          kind: 'groceries',
          entity: 'grocery_category_order',
          action: 'updated',
          id: house.house_id,
          actor_id,
        },
      },
    ]);
    // A refused change tells nobody.
    await expect(service.updateItem(identity, item.grocery_item_id, {})).rejects.toThrow();
    expect(changes).toHaveLength(4);
    expect(await items(client)).toEqual([]);
  });
});

describe('house import', () => {
  it('files imported items as new ones are filed, so they count for buy again like any other', async () => {
    const source = await newHouse('gd-export');
    await add(source.client, source.listId, 'Milk');
    await add(source.client, source.listId, 'Nails');
    const doc = (await source.client.get(`/api/house/${source.house.house_id}/export`)).json();
    const target = await memberOfNewHouse(t, `gd-import-${houses}`);
    const res = await target.client.post(`/api/house/${target.house.house_id}/import`, doc);
    expect(res.statusCode, res.body).toBe(200);
    const imported = (await target.client.get('/api/grocery-list/')).json()[0].items as Item[];
    expect(imported.map((i) => [i.grocery_item_name, i.category, i.quantity])).toEqual([
      ['Milk', 'dairy', null],
      ['Nails', 'other', null],
    ]);
    // Bought on another list, milk is not offered again while the imported one is open.
    const list = (
      await target.client.post('/api/grocery-list/', { grocery_list_name: 'Corner shop' })
    ).json();
    await buy(target.client, list.grocery_list_id, 'milk');
    expect((await target.client.get('/api/grocery-suggestion/again')).json()).toEqual([]);
  });
});
