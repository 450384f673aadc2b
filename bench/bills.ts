/**
 * GET /api/balance/ beside /healthz, in one run, for a house with 50,000 expenses (three or four people on
 * each) and 2,000 payments: requests per second of each, their ratio, the time of one balance request, and
 * the SQL queries it makes, also for a house of 500 expenses (the count must not grow with the expenses:
 * balances are SQL aggregates, never every row loaded).
 *
 *   node --conditions=@hearth/source --import tsx bench/bills.ts     (or: npm run bench:bills)
 */

import { call as apiCall, startBenchApp } from './support/app.js';
import { PORTS } from './support/ports.js';

const PORT = PORTS.bills;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = 4;
const ROUNDS = 3;
const MEMBERS = 6;
const BATCH = 500;

// Without kept answers: this bench measures the SQL path (bench:speed measures kept answers).
const bench = await startBenchApp({ port: PORT, name: 'bills', responseCache: false });
const { db, base, issuer } = bench;

const call = (token: string, method: string, path: string, body?: unknown) =>
  apiCall(base, token, method, path, body);

/**
 * A house of MEMBERS people in EUR with `expenses` expenses (inserted straight into the tables, with the
 * portions an equal split makes) and `payments` payments; returns the first member's token.
 */
async function houseWith(prefix: string, expenses: number, payments: number): Promise<string> {
  const token = await issuer.mint(`${prefix}0`, { expiresIn: '2h' });
  const profile = (n: number) => ({
    username: `${prefix}${n}`,
    first_name: `Person${n}`,
    last_name: 'Bench',
    email: `${prefix}${n}@example.test`,
  });
  await call(token, 'POST', '/api/users/', profile(0));
  const house = await call(token, 'POST', '/api/house/', { house_name: `${prefix}'s house` });
  const houseId = house.house_id as number;
  for (let n = 1; n < MEMBERS; n++) {
    const other = await issuer.mint(`${prefix}${n}`, { expiresIn: '2h' });
    await call(other, 'POST', '/api/users/', profile(n));
    await call(other, 'PUT', `/api/house/${house.house_code}`);
  }
  await call(token, 'PUT', `/api/house/${houseId}/currency`, { currency: 'EUR' });
  const members = (
    await db
      .selectFrom('users')
      .select('user_id')
      .where('house_id', '=', houseId)
      .orderBy('user_id')
      .execute()
  ).map((u) => u.user_id);
  const now = new Date().toISOString();
  for (let start = 0; start < expenses; start += BATCH) {
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: Math.min(BATCH, expenses - start) }, (_, i) => {
        const n = start + i;
        const day = String((n % 28) + 1).padStart(2, '0');
        const month = String((Math.floor(n / 28) % 12) + 1).padStart(2, '0');
        return {
          house_id: houseId,
          title: `Expense ${n}`,
          amount_minor: 100 + ((n * 7919) % 20_000),
          currency: 'EUR',
          paid_by: members[n % MEMBERS] as number,
          spent_on: `${2020 + (Math.floor(n / 336) % 6)}-${month}-${day}`,
          category: ['groceries', 'rent', 'utilities', 'household', 'other'][n % 5] as string,
          note: null,
          receipt_img: null,
          split_mode: 'equal',
          recurring_id: null,
          created_by: members[0] as number,
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await trx
        .insertInto('expenses')
        .values(rows)
        .returning(['expense_id', 'amount_minor'])
        .execute();
      const parts = ids.flatMap(({ expense_id, amount_minor }, i) => {
        // Three or four people share each expense, equally, leftover cents to the first listed.
        const n = start + i;
        const sharers = members.filter((_, m) => (m + n) % MEMBERS < (n % 2 === 0 ? 3 : 4));
        const amount = Number(amount_minor);
        const each = Math.floor(amount / sharers.length);
        const left = amount - each * sharers.length;
        return sharers.map((user_id, position) => ({
          expense_id,
          house_id: houseId,
          user_id,
          position,
          value: 0,
          amount_minor: each + (position < left ? 1 : 0),
        }));
      });
      for (let p = 0; p < parts.length; p += BATCH) {
        await trx
          .insertInto('expense_parts')
          .values(parts.slice(p, p + BATCH))
          .execute();
      }
    });
  }
  for (let start = 0; start < payments; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, payments - start) }, (_, i) => {
      const n = start + i;
      return {
        house_id: houseId,
        from_user_id: members[n % MEMBERS] as number,
        to_user_id: members[(n + 1) % MEMBERS] as number,
        amount_minor: 500 + (n % 3000),
        currency: 'EUR',
        paid_on: '2025-06-01',
        created_by: members[0] as number,
        created_at: now,
      };
    });
    await db.insertInto('payments').values(rows).execute();
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

interface BalanceAnswer {
  members: { net_minor: number }[];
  settle: unknown[];
}

async function oneBalance(token: string) {
  const before = bench.queries();
  const started = performance.now();
  const res = await fetch(`${base}/api/balance/`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as BalanceAnswer;
  return { ms: performance.now() - started, queries: bench.queries() - before, body };
}

try {
  const seeding = performance.now();
  const big = await houseWith('billsbig', 50_000, 2_000);
  const small = await houseWith('billssmall', 500, 20);
  const seeded = (performance.now() - seeding) / 1000;
  const auth = { authorization: `Bearer ${big}` };

  for (const path of ['/healthz', '/api/balance/']) {
    for (let i = 0; i < 30; i++) await (await fetch(`${base}${path}`, { headers: auth })).arrayBuffer();
  }

  // Routes take turns, round after round, and each keeps its best round.
  const best = { healthz: 0, balance: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    best.healthz = Math.max(best.healthz, await measure('/healthz', {}));
    best.balance = Math.max(best.balance, await measure('/api/balance/', auth));
  }
  const bigOne = await oneBalance(big);
  const smallOne = await oneBalance(small);
  const netSum = bigOne.body.members.reduce((s, m) => s + m.net_minor, 0);

  const fmt = (n: number) => n.toFixed(0).padStart(7);
  console.log(
    `Hearth bills bench: best of ${ROUNDS} rounds of ${REQUESTS} requests per route, ${CONCURRENCY} at a time; SQLite file; port ${PORT}`,
  );
  console.log(
    `house: ${MEMBERS} members, 50,000 expenses (3-4 sharers each), 2,000 payments; seeded in ${seeded.toFixed(1)} s`,
  );
  console.log('');
  console.log(`GET /healthz                      ${fmt(best.healthz)} req/s`);
  console.log(
    `GET /api/balance/ (50,000 exp.)   ${fmt(best.balance)} req/s   ratio ${(best.balance / best.healthz).toFixed(4)}`,
  );
  console.log(
    `one GET /api/balance/: ${bigOne.ms.toFixed(1)} ms (50,000 expenses), ${smallOne.ms.toFixed(1)} ms (500)`,
  );
  console.log('');
  console.log('SQL queries per GET /api/balance/ (profile + currency + members + totals + names):');
  console.log(`  50,000 expenses: ${bigOne.queries}`);
  console.log(`     500 expenses: ${smallOne.queries}`);
  console.log(`nets add up to ${netSum}; suggested payments: ${bigOne.body.settle.length}`);
  if (bigOne.queries !== smallOne.queries) {
    console.error('FAIL: the number of queries grows with the number of expenses');
    process.exitCode = 1;
  }
  if (netSum !== 0) {
    console.error('FAIL: the nets do not add up to zero');
    process.exitCode = 1;
  }
} finally {
  await bench.close();
}
