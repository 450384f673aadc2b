/**
 * POST /api/meal/to-groceries beside /healthz, in one run: requests per second of each, their ratio, and
 * the SQL queries one request makes for a week of 21 meals and for 7 meals, over recipes of 15 ingredients
 * each (the count must not grow with the number of meals).
 *
 *   node --conditions=@hearth/source --import tsx bench/meals.ts     (or: npm run bench:meals)
 */

import { call as apiCall, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';

const PORT = PORTS.meals;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 4;
const ROUNDS = 3;
const INGREDIENTS = 15;
const RECIPES = 7;
const UNITS = ['g', 'kg', 'ml', 'l', 'tsp', 'tbsp', 'cup', '', 'cans'];

const bench = await startBenchApp({ port: PORT, name: 'meals', responseCache: false });
const { base, issuer } = bench;
const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(base, token, method, path, body);

/** A person in a house with RECIPES recipes of INGREDIENTS ingredients (some names shared) and `meals` meals. */
async function houseWith(subject: string, meals: number) {
  const token = await issuer.mint(subject, { expiresIn: '2h' });
  await call(token, 'POST', '/api/users/', {
    username: subject,
    first_name: 'Bench',
    last_name: 'Mark',
    email: `${subject}@example.test`,
  });
  const house = await call(token, 'POST', '/api/house/', { house_name: `${subject}'s house` });
  await call(token, 'PUT', `/api/house/${house.house_id}/staples`, { staples: ['salt', 'pepper'] });
  const recipes: number[] = [];
  for (let r = 0; r < RECIPES; r++) {
    const ingredients = Array.from({ length: INGREDIENTS }, (_, i) => {
      // A third of the names are in every recipe, so sums across meals happen.
      const name = i < 5 ? `shared thing ${i}` : i === 14 ? 'salt' : `thing ${r}-${i}`;
      const unit = UNITS[(r + i) % UNITS.length];
      return { text: `${1 + ((r + i) % 3)}/${2 + (i % 2)} ${unit} ${name}`.replace('  ', ' ') };
    });
    const recipe = await call(token, 'POST', '/api/recipe/', {
      title: `Recipe ${r + 1}`,
      servings: 4,
      ingredients,
    });
    recipes.push(recipe.recipe_id as number);
  }
  const slots = ['breakfast', 'lunch', 'dinner'];
  for (let m = 0; m < meals; m++) {
    const day = String(1 + Math.floor(m / 3)).padStart(2, '0');
    await call(token, 'POST', '/api/meal/', {
      date: `2030-03-${day}`,
      slot: slots[m % 3],
      recipe_id: recipes[m % RECIPES],
      servings: 2 + (m % 5),
    });
  }
  const list = await call(token, 'POST', '/api/grocery-list/', { grocery_list_name: 'Bench list' });
  return { token, listId: list.grocery_list_id as number };
}

async function measure(name: string, send: () => Promise<Response>) {
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const res = await send();
      if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return REQUESTS / ((performance.now() - started) / 1000);
}

const toGroceries = (house: { token: string; listId: number }) =>
  fetch(`${base}/api/meal/to-groceries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${house.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: '2030-03-01', to: '2030-03-07', grocery_list_id: house.listId }),
  });

/** Queries of one request: the first onto an empty list (all added), the second (all merged). */
async function queriesPerRequest(house: { token: string; listId: number }) {
  const counts: number[] = [];
  let lines = 0;
  for (let i = 0; i < 2; i++) {
    const before = bench.queries();
    const res = await toGroceries(house);
    const body = (await res.json()) as { added: unknown[]; merged: unknown[] };
    counts.push(bench.queries() - before);
    lines = body.added.length + body.merged.length;
  }
  return { added: counts[0], merged: counts[1], lines };
}

try {
  const week = await houseWith('meals21', 21);
  const few = await houseWith('meals7', 7);
  const q21 = await queriesPerRequest(week);
  const q7 = await queriesPerRequest(few);

  for (let i = 0; i < 50; i++) await (await fetch(`${base}/healthz`)).arrayBuffer();
  const best = { healthz: 0, meals: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    best.healthz = Math.max(best.healthz, await measure('healthz', () => fetch(`${base}/healthz`)));
    best.meals = Math.max(best.meals, await measure('to-groceries', () => toGroceries(week)));
  }

  const fmt = (n: number) => n.toFixed(0).padStart(7);
  console.log(
    `Hearth meals bench: best of ${ROUNDS} rounds of ${REQUESTS} requests per route, ${CONCURRENCY} at a time; SQLite file; port ${PORT}`,
  );
  console.log(
    `a week of 21 meals over ${RECIPES} recipes of ${INGREDIENTS} ingredients each (${q21.lines} lines on the list)`,
  );
  console.log('');
  console.log(`GET /healthz                         ${fmt(best.healthz)} req/s`);
  console.log(
    `POST /api/meal/to-groceries (21)     ${fmt(best.meals)} req/s   ratio ${(best.meals / best.healthz).toFixed(3)}`,
  );
  console.log('');
  console.log(
    'SQL queries per POST /api/meal/to-groceries (onto an empty list / merged into the items it made):',
  );
  console.log(`  21 meals: ${q21.added} / ${q21.merged}`);
  console.log(`   7 meals: ${q7.added} / ${q7.merged}`);
  if (q21.added !== q7.added || q21.merged !== q7.merged) {
    console.error('FAIL: the number of queries grows with the number of meals');
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}
