import type { LiveChange } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_HOUSE_EVENTS } from '../../core/house-events.js';
import { Membership } from '../../core/membership.js';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { GroceriesRepository, GroceriesService } from '../groceries/index.js';
import { MealsRepository } from './repository.js';
import { MealsService } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Client = ReturnType<TestApp['as']>;
let n = 0;
const unique = (s: string) => `${s}-${++n}`;

async function house(name: string) {
  const host = await memberOfNewHouse(t, unique(name));
  const mate = await housemateOf(t, unique(`${name}-mate`), host.house.house_code);
  return { ...host, mate };
}

async function recipe(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/recipe/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { recipe_id: number; title: string };
}

async function meal(c: Client, body: Record<string, unknown>) {
  const res = await c.post('/api/meal/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { meal_id: number };
}

async function list(c: Client, name = 'Weekly') {
  const res = await c.post('/api/grocery-list/', { grocery_list_name: name });
  expect(res.statusCode).toBe(201);
  return (res.json() as { grocery_list_id: number }).grocery_list_id;
}

async function items(c: Client, listId: number) {
  const lists = (await c.get('/api/grocery-list/')).json() as Array<{
    grocery_list_id: number;
    items: Array<{
      grocery_item_id: number;
      grocery_item_name: string;
      quantity: string | null;
      category: string;
    }>;
  }>;
  return lists.find((l) => l.grocery_list_id === listId)?.items ?? [];
}

const carbonara = {
  title: 'Carbonara',
  servings: 2,
  ingredients: [
    { text: '200 g spaghetti' },
    { text: '2 eggs' },
    { text: '1/2 tsp salt' },
    { text: '1 ½ tbsp olive oil' },
    { text: '100 g guanciale, diced' },
  ],
  steps: ['Boil the pasta.', 'Mix.'],
  tags: ['pasta', 'quick'],
  prep_minutes: 10,
  cook_minutes: 15,
};

describe('recipes', () => {
  it('reads each ingredient from its text and finds recipes by title, tag and ingredient', async () => {
    const { client } = await house('rec');
    const made = await recipe(client, carbonara);
    expect(made).toMatchObject({
      title: 'Carbonara',
      servings: 2,
      steps: ['Boil the pasta.', 'Mix.'],
      tags: ['pasta', 'quick'],
      image: null,
      created_by: expect.any(Number),
    });
    expect((made as unknown as { ingredients: unknown[] }).ingredients).toEqual([
      { text: '200 g spaghetti', quantity: 200, unit: 'g', name: 'spaghetti', note: null },
      { text: '2 eggs', quantity: 2, unit: null, name: 'eggs', note: null },
      { text: '1/2 tsp salt', quantity: 0.5, unit: 'tsp', name: 'salt', note: null },
      { text: '1 ½ tbsp olive oil', quantity: 1.5, unit: 'tbsp', name: 'olive oil', note: null },
      { text: '100 g guanciale, diced', quantity: 100, unit: 'g', name: 'guanciale', note: 'diced' },
    ]);
    await recipe(client, { title: 'Salad', servings: 1, ingredients: [{ text: '1 lettuce' }] });
    const titles = async (q: string) =>
      ((await client.get(`/api/recipe/?q=${encodeURIComponent(q)}`)).json() as Array<{ title: string }>).map(
        (r) => r.title,
      );
    expect(await titles('carb')).toEqual(['Carbonara']);
    expect(await titles('QUICK')).toEqual(['Carbonara']);
    expect(await titles('lettuce')).toEqual(['Salad']);
    expect(await titles('')).toEqual(['Carbonara', 'Salad']);
    expect(await titles('100%')).toEqual([]);
  });

  it('keeps what the sender gave explicitly over what the text says', async () => {
    const { client } = await house('rec-explicit');
    const made = (
      await client.post('/api/recipe/', {
        title: 'Soup',
        servings: 4,
        ingredients: [{ text: 'a pinch of salt', quantity: null, unit: null, name: 'salt', note: 'a pinch' }],
      })
    ).json();
    expect(made.ingredients).toEqual([
      { text: 'a pinch of salt', quantity: null, unit: null, name: 'salt', note: 'a pinch' },
    ]);
  });

  it.each([
    [{ ...carbonara, servings: 0 }, 'servings'],
    [{ ...carbonara, servings: 101 }, 'servings'],
    [{ ...carbonara, title: '   ' }, 'title'],
    [{ ...carbonara, ingredients: [{ text: ' ' }] }, 'ingredients'],
    [{ ...carbonara, source_url: 'javascript:alert(1)' }, 'source_url'],
    [{ ...carbonara, image: 'data:image/png;base64,AAAA' }, 'image'],
  ])('refuses %j naming the field, creating nothing', async (body, field) => {
    const { client } = await house('rec-bad');
    const res = await client.post('/api/recipe/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toMatch(new RegExp(`^/?${field}`));
    expect((await client.get('/api/recipe/')).json()).toEqual([]);
  });

  it('updates and deletes; another house gets 404 for every id and changes nothing', async () => {
    const a = await house('rec-a');
    const b = await house('rec-b');
    const made = await recipe(a.client, carbonara);
    const path = `/api/recipe/${made.recipe_id}`;
    expect((await b.client.get(path)).statusCode).toBe(404);
    expect((await b.client.put(path, { ...carbonara, title: 'Stolen' })).statusCode).toBe(404);
    expect((await b.client.delete(path)).statusCode).toBe(404);
    expect((await a.client.get(path)).json().title).toBe('Carbonara');
    const put = await a.mate.client.put(path, { ...carbonara, title: 'Carbonara romana', servings: 3 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Carbonara romana', servings: 3 });
    expect((await a.client.delete(path)).statusCode).toBe(200);
    expect((await a.client.get(path)).statusCode).toBe(404);
  });
});

describe('the plan', () => {
  it('plans meals of recipes or titles, in day and slot order, and moves one', async () => {
    const { client, mate, user } = await house('plan');
    const r = await recipe(client, carbonara);
    const dinner = await meal(client, {
      date: '2026-12-01',
      slot: 'dinner',
      recipe_id: r.recipe_id,
      servings: 4,
      cook_id: mate.user.user_id,
    });
    await meal(client, {
      date: '2026-12-01',
      slot: 'breakfast',
      title: 'Porridge',
      servings: 2,
      note: 'oats',
    });
    await meal(client, { date: '2026-12-03', slot: 'lunch', title: 'Leftovers', servings: 1 });
    const week = (await client.get('/api/meal/?from=2026-12-01&to=2026-12-07')).json();
    expect(week).toEqual([
      {
        meal_id: expect.any(Number),
        date: '2026-12-01',
        slot: 'breakfast',
        recipe_id: null,
        title: 'Porridge',
        servings: 2,
        cook_id: null,
        note: 'oats',
      },
      {
        meal_id: dinner.meal_id,
        date: '2026-12-01',
        slot: 'dinner',
        recipe_id: r.recipe_id,
        title: 'Carbonara',
        servings: 4,
        cook_id: mate.user.user_id,
        note: null,
      },
      {
        meal_id: expect.any(Number),
        date: '2026-12-03',
        slot: 'lunch',
        recipe_id: null,
        title: 'Leftovers',
        servings: 1,
        cook_id: null,
        note: null,
      },
    ]);
    const moved = await client.put(`/api/meal/${dinner.meal_id}`, {
      date: '2026-12-02',
      slot: 'dinner',
      recipe_id: r.recipe_id,
      servings: 4,
      cook_id: user.user_id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ date: '2026-12-02', cook_id: user.user_id, title: 'Carbonara' });
    // A recipe's title follows the recipe; the meal keeps it when the recipe goes.
    await client.put(`/api/recipe/${r.recipe_id}`, { ...carbonara, title: 'Pasta' });
    expect((await client.get('/api/meal/?from=2026-12-02&to=2026-12-02')).json()[0].title).toBe('Pasta');
    await client.delete(`/api/recipe/${r.recipe_id}`);
    expect((await client.get('/api/meal/?from=2026-12-02&to=2026-12-02')).json()[0]).toMatchObject({
      recipe_id: null,
      title: 'Carbonara',
    });
    expect((await client.delete(`/api/meal/${dinner.meal_id}`)).statusCode).toBe(200);
  });

  it.each([
    [{ date: '2026-12-01', slot: 'dinner', title: 'x', servings: 0 }, 'servings'],
    [{ date: '2026-12-01', slot: 'elevenses', title: 'x', servings: 2 }, 'slot'],
    [{ date: '2026-02-30', slot: 'dinner', title: 'x', servings: 2 }, 'date'],
    [{ date: 'tomorrow', slot: 'dinner', title: 'x', servings: 2 }, 'date'],
    [{ date: '2026-12-01', slot: 'dinner', servings: 2 }, 'title'],
    [{ date: '2026-12-01', slot: 'dinner', title: 'x', servings: 2, cook_id: 999999 }, 'cook_id'],
  ])('refuses %j naming the field, planning nothing', async (body, field) => {
    const { client } = await house('plan-bad');
    const res = await client.post('/api/meal/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toMatch(new RegExp(`^/?${field}`));
    expect((await client.get('/api/meal/?from=2026-01-01&to=2026-02-28')).json()).toEqual([]);
    expect((await client.get('/api/meal/?from=2026-12-01&to=2026-12-31')).json()).toEqual([]);
  });

  it('refuses a bad range naming the field', async () => {
    const { client } = await house('plan-range');
    for (const [q, field] of [
      ['from=2026-13-01&to=2026-12-07', 'from'],
      ['from=2026-12-07&to=2026-12-01', 'to'],
      ['from=2026-01-01&to=2026-12-31', 'to'],
    ] as const) {
      const res = await client.get(`/api/meal/?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it("404s another house's recipe and meal, and names a stranger as cook", async () => {
    const a = await house('plan-a');
    const b = await house('plan-b');
    const theirs = await recipe(b.client, carbonara);
    const res = await a.client.post('/api/meal/', {
      date: '2026-12-01',
      slot: 'dinner',
      recipe_id: theirs.recipe_id,
      servings: 2,
    });
    expect(res.statusCode).toBe(404);
    const mine = await meal(a.client, {
      date: '2026-12-01',
      slot: 'dinner',
      title: 'Pizza out',
      servings: 2,
    });
    expect(
      (
        await b.client.put(`/api/meal/${mine.meal_id}`, {
          date: '2026-12-01',
          slot: 'lunch',
          title: 'x',
          servings: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.client.delete(`/api/meal/${mine.meal_id}`)).statusCode).toBe(404);
    const stranger = await a.client.put(`/api/meal/${mine.meal_id}`, {
      date: '2026-12-01',
      slot: 'dinner',
      title: 'Pizza out',
      servings: 2,
      cook_id: b.user.user_id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.field).toBe('cook_id');
    expect((await a.client.get('/api/meal/?from=2026-12-01&to=2026-12-01')).json()).toMatchObject([
      { slot: 'dinner', cook_id: null },
    ]);
  });
});

describe('staples', () => {
  it('keeps the house list, one of each name, and 404s another house', async () => {
    const a = await house('staples-a');
    const b = await house('staples-b');
    const path = `/api/house/${a.house.house_id}/staples`;
    expect((await a.client.get(path)).json()).toEqual({ staples: [] });
    const put = await a.mate.client.put(path, { staples: ['Salt', ' olive oil ', 'salt', ''] });
    expect(put.json()).toEqual({ staples: ['Salt', 'olive oil'] });
    expect((await a.client.get(path)).json()).toEqual({ staples: ['Salt', 'olive oil'] });
    expect((await b.client.get(path)).statusCode).toBe(404);
    expect((await b.client.put(path, { staples: [] })).statusCode).toBe(404);
    expect((await a.client.get(path)).json()).toEqual({ staples: ['Salt', 'olive oil'] });
  });
});

describe('to the shopping list', () => {
  it('scales, sums exactly across meals, merges into an open item, skips staples and says which meals', async () => {
    const { client, mate, house: h } = await house('shop');
    const pasta = await recipe(client, carbonara);
    const cake = await recipe(client, {
      title: 'Cake',
      servings: 3,
      ingredients: [
        { text: '1/3 cup sugar' },
        { text: '1 egg' },
        { text: '0.5 kg flour' },
        { text: '1 TL Salz' },
      ],
    });
    await client.put(`/api/house/${h.house_id}/staples`, { staples: ['salt', 'Salz'] });
    const listId = await list(client);
    // Already on the list, unticked: eggs (pieces) and spaghetti in kg.
    await client.post('/api/grocery-item/', { grocery_list_id: listId, grocery_item_name: '6 eggs' });
    await client.post('/api/grocery-item/', { grocery_list_id: listId, grocery_item_name: 'spaghetti 1 kg' });
    await meal(client, { date: '2026-12-01', slot: 'dinner', recipe_id: pasta.recipe_id, servings: 4 });
    await meal(client, { date: '2026-12-02', slot: 'dinner', recipe_id: pasta.recipe_id, servings: 1 });
    await meal(client, { date: '2026-12-03', slot: 'snack', recipe_id: cake.recipe_id, servings: 6 });
    await meal(client, { date: '2026-12-03', slot: 'dinner', title: 'Pizza out', servings: 2 });
    await meal(client, { date: '2026-12-09', slot: 'dinner', recipe_id: pasta.recipe_id, servings: 2 });

    const res = await mate.client.post('/api/meal/to-groceries', {
      from: '2026-12-01',
      to: '2026-12-07',
      grocery_list_id: listId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const byName = (lines: Array<{ grocery_item_name: string }>) =>
      Object.fromEntries(lines.map((l) => [l.grocery_item_name, l]));
    // Carbonara for 4 + 1 (recipe for 2): 5/2 of it. Cake for 6 (recipe for 3): twice.
    expect(byName(body.added)).toEqual({
      'olive oil': {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'olive oil',
        quantity: 3.75,
        unit: 'tbsp',
        meals: ['Carbonara'],
      },
      guanciale: {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'guanciale',
        quantity: 250,
        unit: 'g',
        meals: ['Carbonara'],
      },
      sugar: {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'sugar',
        quantity: 2 / 3,
        unit: 'cup',
        meals: ['Cake'],
      },
      flour: {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'flour',
        quantity: 1,
        unit: 'kg',
        meals: ['Cake'],
      },
    });
    expect(byName(body.merged)).toEqual({
      eggs: {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'eggs',
        quantity: 7,
        unit: null,
        meals: ['Carbonara', 'Cake'],
      },
      spaghetti: {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'spaghetti',
        quantity: 500,
        unit: 'g',
        meals: ['Carbonara'],
      },
    });
    expect(body.skipped.sort()).toEqual(['Salz', 'salt']);

    const after = await items(client, listId);
    const q = Object.fromEntries(after.map((i) => [i.grocery_item_name, i.quantity]));
    expect(q).toEqual({
      eggs: '13',
      spaghetti: '1.5 kg',
      'olive oil': '3 3/4 tbsp',
      guanciale: '250 g',
      sugar: '2/3 cup',
      flour: '1 kg',
    });
    expect(after).toHaveLength(6);
    // Categorised like any item typed in.
    expect(after.find((i) => i.grocery_item_name === 'flour')?.category).not.toBe(undefined);

    // One undo takes the whole addition back.
    const undo = await client.post(`/api/meal/to-groceries/${body.addition_id}/undo`);
    expect(undo.statusCode).toBe(200);
    const restored = await items(client, listId);
    expect(Object.fromEntries(restored.map((i) => [i.grocery_item_name, i.quantity]))).toEqual({
      eggs: '6',
      spaghetti: '1 kg',
    });
    expect((await client.post(`/api/meal/to-groceries/${body.addition_id}/undo`)).statusCode).toBe(404);
  });

  it('sums 1/3 and 2/3 to exactly 1', async () => {
    const { client } = await house('shop-exact');
    const r1 = await recipe(client, { title: 'A', servings: 1, ingredients: [{ text: '1/3 cup milk' }] });
    const r2 = await recipe(client, { title: 'B', servings: 1, ingredients: [{ text: '2/3 cup milk' }] });
    await meal(client, { date: '2026-12-01', slot: 'lunch', recipe_id: r1.recipe_id, servings: 1 });
    await meal(client, { date: '2026-12-01', slot: 'dinner', recipe_id: r2.recipe_id, servings: 1 });
    const listId = await list(client);
    const body = (
      await client.post('/api/meal/to-groceries', {
        from: '2026-12-01',
        to: '2026-12-01',
        grocery_list_id: listId,
      })
    ).json();
    expect(body.added).toEqual([
      {
        grocery_item_id: expect.any(Number),
        grocery_item_name: 'milk',
        quantity: 1,
        unit: 'cup',
        meals: ['A', 'B'],
      },
    ]);
    expect((await items(client, listId))[0]?.quantity).toBe('1 cup');
  });

  it("404s another house's list and changes nothing on any error", async () => {
    const a = await house('shop-a');
    const b = await house('shop-b');
    const r = await recipe(a.client, carbonara);
    await meal(a.client, { date: '2026-12-01', slot: 'dinner', recipe_id: r.recipe_id, servings: 2 });
    const theirs = await list(b.client);
    const res = await a.client.post('/api/meal/to-groceries', {
      from: '2026-12-01',
      to: '2026-12-07',
      grocery_list_id: theirs,
    });
    expect(res.statusCode).toBe(404);
    expect(await items(b.client, theirs)).toEqual([]);
    const mine = await list(a.client);
    for (const [body, field] of [
      [{ from: '2026-12-01', to: '2026-11-01', grocery_list_id: mine }, 'to'],
      [{ from: 'soon', to: '2026-12-07', grocery_list_id: mine }, 'from'],
    ] as const) {
      const bad = await a.client.post('/api/meal/to-groceries', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe(field);
    }
    expect(await items(a.client, mine)).toEqual([]);
    const undo = await b.client.post('/api/meal/to-groceries/1/undo');
    expect(undo.statusCode).toBe(404);
  });

  it('publishes the list change and each plan change on the live stream', async () => {
    const { house: h, user } = await house('shop-live');
    const changes: Array<{ houseId: number; change: LiveChange }> = [];
    const live = {
      publish: async (houseId: number, change: LiveChange) => {
        changes.push({ houseId, change });
      },
      publishToUser: async () => {},
    };
    const db = t.testDb.db;
    const membership = new Membership(db);
    const service = new MealsService(
      new MealsRepository(db),
      new GroceriesService(new GroceriesRepository(db), membership, live, NO_HOUSE_EVENTS),
      membership,
      live,
    );
    const subject = await db
      .selectFrom('users')
      .select(['subject', 'issuer'])
      .where('user_id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    const identity = { issuer: subject.issuer, subject: subject.subject, email: null, claims: {} };
    const r = await service.createRecipe(identity, {
      title: 'Tea',
      servings: 1,
      ingredients: [{ text: '1 teabag' }],
    });
    await service.createMeal(identity, {
      date: '2026-12-01',
      slot: 'snack',
      recipe_id: r.recipe_id,
      servings: 2,
    });
    const listId = (
      await new GroceriesService(new GroceriesRepository(db), membership, live, NO_HOUSE_EVENTS).createList(
        identity,
        {
          grocery_list_name: 'L',
        },
      )
    ).grocery_list_id;
    changes.length = 0;
    await service.toGroceries(identity, { from: '2026-12-01', to: '2026-12-01', grocery_list_id: listId });
    expect(changes).toEqual([
      {
        houseId: h.house_id,
        change: {
          kind: 'groceries',
          entity: 'grocery_list',
          action: 'updated',
          id: listId,
          actor_id: user.user_id,
        },
      },
    ]);
  });
});
