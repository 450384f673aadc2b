/**
 * Grocery suggestions beside the plain list read, in one run, for a house with 5,000 past items (ticked,
 * then cleared from the list: the house's history) and 40 items on its list now. Prints the answer times
 * (median, 90th percentile) of GET /api/grocery-list/, GET /api/grocery-suggestion/?q=... and
 * GET /api/grocery-suggestion/again measured side by side, each as a multiple of the list read's (the goal:
 * at most 2x), and SQL queries per request.
 * Two houses: one whose 5,000 purchases repeat about 700 names (as households shop), and one whose 5,000
 * purchases are all different names (the most the name memory can hold per purchase).
 *
 *   node --conditions=@hearth/source --import tsx bench/grocery-suggestions.ts
 *   (or: npm run bench:grocery-suggestions)
 */

import type { Identity } from '../apps/server/src/core/identity.js';
import type { LivePublisher } from '../apps/server/src/core/live.js';
import { Membership } from '../apps/server/src/core/membership.js';
import { GroceriesRepository } from '../apps/server/src/modules/groceries/repository.js';
import { GroceriesService } from '../apps/server/src/modules/groceries/service.js';
import { call as apiCall, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';

const PORT = PORTS.grocerySuggestions;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const PAST_ITEMS = 5000;
const ON_LIST = 40;

// Without kept answers: this bench measures the SQL path (bench:speed measures kept answers).
const bench = await startBenchApp({ port: PORT, name: 'grocery-suggestions', responseCache: false });
const { db, base, issuer } = bench;

// Filling goes through the module's own service (the same rules as the API, without 10,000 HTTP round trips).
const quiet: LivePublisher = { publish: async () => undefined, publishToUser: async () => undefined };
const service = new GroceriesService(new GroceriesRepository(db), new Membership(db), quiet);

const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(base, token, method, path, body);

const FOODS = [
  'apples',
  'bananas',
  'bread',
  'butter',
  'carrots',
  'cheese',
  'chicken',
  'coffee',
  'eggs',
  'flour',
  'garlic',
  'milk',
  'onions',
  'pasta',
  'pears',
  'peppers',
  'potatoes',
  'rice',
  'salmon',
  'tea',
  'tomatoes',
  'yogurt',
  'oats',
  'honey',
  'lemons',
  'spinach',
  'peas',
  'beans',
  'mince',
  'juice',
];
const KINDS = [
  'organic',
  'fresh',
  'smoked',
  'sliced',
  'frozen',
  'spicy',
  'mild',
  'large',
  'mini',
  'whole',
  'brand a',
  'brand b',
  'brand c',
  'extra',
  'light',
  'sweet',
  'red',
  'green',
  'dried',
  'baby',
  'greek',
  'italian',
  'local',
  'value',
  'premium',
  'family',
  'snack',
  'party',
];

const SHOPS = ['', 'the market', 'the corner shop', 'the farm', 'the deli', 'the bakery', 'the butcher'];

/** The n-th of many different, realistic names: "organic apples", "smoked salmon from the deli". */
function nameOf(n: number): string {
  const food = FOODS[n % FOODS.length]!;
  const kind = KINDS[Math.floor(n / FOODS.length) % KINDS.length]!;
  const round = Math.floor(n / (FOODS.length * KINDS.length));
  return round === 0 ? `${kind} ${food}` : `${kind} ${food} from ${SHOPS[round % SHOPS.length]}`;
}

/**
 * A house whose history is PAST_ITEMS purchases (added, ticked, cleared) of names picked by `pick`, and
 * with ON_LIST items on its list now; returns its token.
 */
async function houseWith(subject: string, pick: (i: number) => string): Promise<string> {
  const token = await issuer.mint(subject, { expiresIn: '2h' });
  await call(token, 'POST', '/api/users/', {
    username: subject,
    first_name: 'Bench',
    last_name: 'Mark',
    email: `${subject}@example.test`,
  });
  await call(token, 'POST', '/api/house/', { house_name: `${subject}'s house` });
  const identity: Identity = { issuer: issuer.url, subject, email: null, claims: {} };
  const list = await service.createList(identity, { grocery_list_name: 'Weekly shop' });
  for (let i = 0; i < PAST_ITEMS; i++) {
    const item = await service.addItem(identity, {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: pick(i),
      ...(i % 4 === 0 ? { quantity: `${1 + (i % 3)} kg` } : {}),
    });
    await service.updateItem(identity, item.grocery_item_id, { completed: true });
    if (i % 200 === 199) await service.clearDone(identity, list.grocery_list_id);
  }
  await service.clearDone(identity, list.grocery_list_id);
  for (let i = 0; i < ON_LIST; i++) {
    await service.addItem(identity, {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: pick(i * 7),
    });
  }
  return token;
}

/**
 * Every route's answer time, side by side: one request at a time, the routes taking turns (list, then each
 * suggestion route, REQUESTS times over), so a busy moment on the shared machine slows them alike instead of
 * skewing one route's figure. Every answer is read and checked.
 */
async function sideBySide(paths: readonly string[], headers: Record<string, string>) {
  const times = paths.map(() => [] as number[]);
  for (let turn = 0; turn < REQUESTS; turn++) {
    for (let k = 0; k < paths.length; k++) {
      // Each turn starts at another route, so none always follows the same one.
      const i = (turn + k) % paths.length;
      const started = performance.now();
      const res = await fetch(`${base}${paths[i]}`, { headers });
      if (!res.ok) throw new Error(`${paths[i]}: ${res.status}`);
      await res.arrayBuffer();
      times[i]!.push(performance.now() - started);
    }
  }
  return times.map((list) => {
    const sorted = [...list].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    return { median: at(0.5), p90: at(0.9) };
  });
}

async function queriesFor(path: string, token: string) {
  const before = bench.queries();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as unknown[];
  return { queries: bench.queries() - before, answers: body.length };
}

try {
  const started = performance.now();
  // Zipf-like: a few names bought every week, a long tail bought once or twice (about 700 names in all).
  const repeating = await houseWith('suggest-repeat', (i) =>
    nameOf(Math.floor(800 * (i / PAST_ITEMS) ** 2.2 + ((i * 37) % 7))),
  );
  const distinct = await houseWith('suggest-distinct', (i) => nameOf(i));
  const filled = ((performance.now() - started) / 1000).toFixed(0);
  const names = async (subject: string) =>
    (
      await db
        .selectFrom('grocery_names')
        .innerJoin('users', 'users.house_id', 'grocery_names.house_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.subject', '=', subject)
        .executeTakeFirstOrThrow()
    ).n;
  const purchases = async (subject: string) =>
    (
      await db
        .selectFrom('grocery_purchases')
        .innerJoin('users', 'users.house_id', 'grocery_purchases.house_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('users.subject', '=', subject)
        .executeTakeFirstOrThrow()
    ).n;

  const plain = { 'accept-encoding': 'identity' };
  const routes = {
    list: '/api/grocery-list/',
    typingOne: '/api/grocery-suggestion/?q=p',
    typingTwo: '/api/grocery-suggestion/?q=sm',
    typingWord: '/api/grocery-suggestion/?q=potatoes',
    again: '/api/grocery-suggestion/again',
  } as const;
  const houses = { repeating, distinct } as const;

  for (const [houseName, token] of Object.entries(houses)) {
    const headers = { authorization: `Bearer ${token}`, ...plain };
    for (const path of Object.values(routes)) {
      for (let i = 0; i < 200; i++) await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
    }
    const entries = Object.entries(routes) as [keyof typeof routes, string][];
    const measured = await sideBySide(
      entries.map(([, path]) => path),
      headers,
    );
    const list = measured[0]!;
    const subject = houseName === 'repeating' ? 'suggest-repeat' : 'suggest-distinct';
    console.log(
      `\nhouse "${houseName}": ${await purchases(subject)} past purchases of ${await names(subject)} names, ${ON_LIST} items on the list now`,
    );
    console.log(
      `${REQUESTS} answers per route, one request at a time, routes taking turns (filled in ${filled} s)`,
    );
    let worst = 0;
    for (const [index, [name, path]] of entries.entries()) {
      const { median, p90 } = measured[index]!;
      const slower = median / list.median;
      if (name !== 'list') worst = Math.max(worst, slower);
      const { queries: q, answers } = await queriesFor(path, token);
      console.log(
        `  GET ${path.padEnd(40)} median ${median.toFixed(2)} ms, p90 ${p90.toFixed(2)} ms   x${slower.toFixed(2)} the list read   ${q} SQL queries, ${answers} answers`,
      );
    }
    console.log(
      `  slowest suggestion answer: x${worst.toFixed(2)} the list read's median (goal: at most x2)`,
    );
    if (worst > 2) process.exitCode = 1;
  }
  if (process.exitCode === 1) console.error('\nFAIL: a suggestion answer took more than twice the list read');
} finally {
  await bench.close();
}
