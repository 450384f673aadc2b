/**
 * GET /api/grocery-list/ beside /healthz, in one run: requests per second of each, their ratio, and the SQL
 * queries one list request makes, for a house of 20 lists x 50 items and one of 5 lists x 50 items (the
 * count must not grow with the number of lists).
 *
 *   node --conditions=@hearth/source --import tsx bench/groceries.ts     (or: npm run bench:groceries)
 */

import { call as apiCall, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';

const PORT = PORTS.groceries;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = 8;
const ROUNDS = 3;
const ITEMS_PER_LIST = 50;

// Without kept answers: this bench measures the SQL path (bench:speed measures kept answers).
const bench = await startBenchApp({ port: PORT, name: 'groceries', responseCache: false });
const { db, base, issuer } = bench;

const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(base, token, method, path, body);

/** A person with a house holding `lists` lists of ITEMS_PER_LIST items, some ticked; returns their token. */
async function houseWith(subject: string, lists: number): Promise<string> {
  const token = await issuer.mint(subject, { expiresIn: '2h' });
  await call(token, 'POST', '/api/users/', {
    username: subject,
    first_name: 'Bench',
    last_name: 'Mark',
    email: `${subject}@example.test`,
  });
  const house = await call(token, 'POST', '/api/house/', { house_name: `${subject}'s house` });
  const now = new Date().toISOString();
  for (let l = 0; l < lists; l++) {
    const list = await db
      .insertInto('grocery_lists')
      .values({
        house_id: house.house_id as number,
        grocery_list_name: `List ${l + 1}`,
        created_by: null,
        created_at: now,
      })
      .returning('grocery_list_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('grocery_items')
      .values(
        Array.from({ length: ITEMS_PER_LIST }, (_, i) => ({
          grocery_list_id: list.grocery_list_id,
          grocery_item_name: `Item ${i + 1} of list ${l + 1}`,
          completed: i % 3 === 0 ? 1 : 0,
          created_by: null,
          created_at: now,
        })),
      )
      .execute();
  }
  return token;
}

/** REQUESTS requests, CONCURRENCY at a time; every answer is read and checked. */
async function measure(path: string, headers: Record<string, string>) {
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next++;
      const res = await fetch(`${base}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return REQUESTS / ((performance.now() - started) / 1000);
}

async function queriesPerRequest(token: string): Promise<{ queries: number; lists: number; items: number }> {
  const before = bench.queries();
  const res = await fetch(`${base}/api/grocery-list/`, { headers: { authorization: `Bearer ${token}` } });
  const lists = (await res.json()) as Array<{ items: unknown[] }>;
  return {
    queries: bench.queries() - before,
    lists: lists.length,
    items: lists.reduce((n, l) => n + l.items.length, 0),
  };
}

try {
  const big = await houseWith('bench20', 20);
  const small = await houseWith('bench5', 5);
  const auth = { authorization: `Bearer ${big}` };
  const plain = { 'accept-encoding': 'identity' };

  // Warm up the JIT, the statement caches and the key set.
  for (const path of ['/healthz', '/api/users/me', '/api/grocery-list/']) {
    for (let i = 0; i < 200; i++) await (await fetch(`${base}${path}`, { headers: auth })).arrayBuffer();
  }

  const sample = await fetch(`${base}/api/grocery-list/`, { headers: { ...auth, ...plain } });
  const bytes = (await sample.arrayBuffer()).byteLength;
  // Routes take turns, round after round, and each keeps its best round: a busy moment on the machine
  // then slows one round of every route instead of skewing one route's number.
  const routes = {
    healthz: ['/healthz', plain],
    me: ['/api/users/me', { ...auth, ...plain }],
    listsPlain: ['/api/grocery-list/', { ...auth, ...plain }],
    listsCompressed: ['/api/grocery-list/', { ...auth, 'accept-encoding': 'br, gzip' }],
  } as const;
  const best = { healthz: 0, me: 0, listsPlain: 0, listsCompressed: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, [path, headers]] of Object.entries(routes) as [
      keyof typeof routes,
      (typeof routes)[keyof typeof routes],
    ][]) {
      best[name] = Math.max(best[name], await measure(path, headers));
    }
  }
  const { healthz, me, listsPlain, listsCompressed } = best;
  const q20 = await queriesPerRequest(big);
  const q5 = await queriesPerRequest(small);

  const fmt = (n: number) => n.toFixed(0).padStart(7);
  console.log(
    `Hearth groceries bench: best of ${ROUNDS} rounds of ${REQUESTS} requests per route, ${CONCURRENCY} at a time; SQLite file; port ${PORT}`,
  );
  console.log(
    `house: 20 lists x ${ITEMS_PER_LIST} items; one answer is ${(bytes / 1024).toFixed(0)} KiB of JSON`,
  );
  console.log('');
  console.log(`GET /healthz                                  ${fmt(healthz)} req/s`);
  console.log(
    `GET /api/users/me (token check + 1 query)    ${fmt(me)} req/s   ratio ${(me / healthz).toFixed(3)}`,
  );
  console.log(
    `GET /api/grocery-list/ (uncompressed)         ${fmt(listsPlain)} req/s   ratio ${(listsPlain / healthz).toFixed(3)}`,
  );
  console.log(
    `GET /api/grocery-list/ (br, as browsers ask)  ${fmt(listsCompressed)} req/s   ratio ${(listsCompressed / healthz).toFixed(3)}`,
  );
  console.log('');
  console.log('SQL queries per GET /api/grocery-list/ (profile lookup + lists + items):');
  console.log(
    `  ${String(q20.lists).padStart(2)} lists, ${String(q20.items).padStart(4)} items: ${q20.queries}`,
  );
  console.log(
    `  ${String(q5.lists).padStart(2)} lists, ${String(q5.items).padStart(4)} items: ${q5.queries}`,
  );
  if (q20.queries !== q5.queries) {
    console.error('FAIL: the number of queries grows with the number of lists');
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}
