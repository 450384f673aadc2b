/**
 * Whether a big house holds the server: a house of 100,000 expenses (inserted straight into the tables)
 * and 1,000 payments, then `/healthz` asked every ~20 ms while, one after the other, the house's CSV
 * export, its JSON export and a Splitwise import of the largest file the API takes (2 MB) run. Prints
 * each operation's time and the latency of `/healthz` meanwhile (p50, p99, max), and whether the worst
 * stays under 100 ms. On SQLite (a file), and on PostgreSQL when TEST_DATABASE_URL is set (or --pg with
 * the local server; --pg-only for PostgreSQL alone), in a database of its own.
 *
 *   node --conditions=@hearth/source --import tsx bench/big-house.ts     (or: npm run bench:big-house)
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_CSV_MAX } from '@hearth/contract';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb, type Db } from '../apps/server/src/db/create-db.js';
import { StandInIssuer } from '../apps/server/src/test/stand-in-issuer.js';
import { call } from './support/app.js';
import { PORTS } from './support/ports.js';
import { scratchDatabase } from './support/scratch-database.js';

const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 100_000);
const PAYMENTS = 1_000;
const BATCH = 1_000;
const SAMPLE_EVERY_MS = 20;
const LIMIT_MS = 100;
const PORT = PORTS.bigHouse;

interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

/** Asks /healthz every SAMPLE_EVERY_MS until stopped; the latencies seen. */
function sampleHealthz(base: string) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`);
        await res.arrayBuffer();
      } catch {
        // A kept-alive socket the server closed as it was reused: asked again, the wait counts.
        await (await fetch(`${base}/healthz`)).arrayBuffer();
      }
      const took = performance.now() - started;
      times.push(took);
      await sleep(Math.max(0, SAMPLE_EVERY_MS - took));
    }
  })();
  return async (): Promise<Latency> => {
    running = false;
    await loop;
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { samples: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
  };
}

/** Runs `work` while sampling /healthz; its time, its result and the latencies. */
async function during<T>(base: string, work: () => Promise<T>) {
  const stop = sampleHealthz(base);
  // A few samples before the work starts, so the first one is not a cold start.
  await sleep(100);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  return { ms, result, latency: await stop() };
}

/** Reads an answer's body to its end, counting bytes (without keeping it, so the client costs little). */
async function drain(res: Response): Promise<number> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return bytes;
}

/** A house of two people in EUR with EXPENSES expenses (equal halves) and PAYMENTS payments. */
async function seed(db: Db, base: string, issuer: StandInIssuer, prefix: string) {
  const token = await issuer.mint(`${prefix}a`, { expiresIn: '2h' });
  const other = await issuer.mint(`${prefix}b`, { expiresIn: '2h' });
  const profile = (who: string) => ({
    username: `${prefix}${who}`,
    first_name: who === 'a' ? 'Ana' : 'Ben',
    last_name: 'Bench',
    email: `${prefix}${who}@example.test`,
  });
  await call(base, token, 'POST', '/api/users/', profile('a'));
  const house = await call<{ house_id: number; house_code: string }>(base, token, 'POST', '/api/house/', {
    house_name: 'Big house',
  });
  await call(base, other, 'POST', '/api/users/', profile('b'));
  await call(base, other, 'PUT', `/api/house/${house.house_code}`);
  await call(base, token, 'PUT', `/api/house/${house.house_id}/currency`, { currency: 'EUR' });
  const [a, b] = (
    await db
      .selectFrom('users')
      .select('user_id')
      .where('house_id', '=', house.house_id)
      .orderBy('user_id')
      .execute()
  ).map((u) => u.user_id) as [number, number];
  const now = new Date().toISOString();
  for (let start = 0; start < EXPENSES; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, EXPENSES - start) }, (_, i) => {
      const n = start + i;
      return {
        house_id: house.house_id,
        title: `Expense ${n}`,
        amount_minor: 200 + (n % 5_000) * 2,
        currency: 'EUR',
        paid_by: n % 2 === 0 ? a : b,
        spent_on: `${2016 + (n % 10)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
        category: 'groceries',
        note: null,
        receipt_img: null,
        split_mode: 'equal',
        recurring_id: null,
        created_by: a,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto('expenses').values(rows).execute();
  }
  // Each expense split in equal halves (amounts are even).
  for (const [position, user] of [a, b].entries()) {
    await db
      .insertInto('expense_parts')
      .columns(['expense_id', 'house_id', 'user_id', 'position', 'value', 'amount_minor'])
      .expression((eb) =>
        eb
          .selectFrom('expenses')
          .select((s) => [
            'expense_id',
            'house_id',
            s.val(user).as('user_id'),
            s.val(position).as('position'),
            s.val(0).as('value'),
            s(s.ref('amount_minor'), '/', 2).as('amount_minor'),
          ])
          .where('house_id', '=', house.house_id),
      )
      .execute();
  }
  const payments = Array.from({ length: PAYMENTS }, (_, n) => ({
    house_id: house.house_id,
    from_user_id: n % 2 === 0 ? a : b,
    to_user_id: n % 2 === 0 ? b : a,
    amount_minor: 100 + n,
    currency: 'EUR',
    paid_on: `2020-06-${String((n % 28) + 1).padStart(2, '0')}`,
    created_by: a,
    created_at: now,
  }));
  await db.insertInto('payments').values(payments).execute();
  return { token, houseId: house.house_id };
}

/** A Splitwise file of about IMPORT_CSV_MAX characters for two people named as in the big house. */
function splitwiseFile(): { csv: string; rows: number } {
  const lines = ['Date,Description,Category,Cost,Currency,Ana Bench,Ben Bench'];
  let size = lines[0]!.length + 1;
  let rows = 0;
  for (;;) {
    const cents = 200 + (rows % 5_000) * 2;
    const half = (cents / 200).toFixed(2);
    const line = `2024-${String((rows % 12) + 1).padStart(2, '0')}-01,Imported ${rows},Groceries,${(cents / 100).toFixed(2)},EUR,${half},-${half}`;
    if (size + line.length + 1 > IMPORT_CSV_MAX - 100) break;
    lines.push(line);
    size += line.length + 1;
    rows++;
  }
  return { csv: `${lines.join('\n')}\n`, rows };
}

async function run(engine: 'sqlite' | 'postgres', databaseUrl: string) {
  const base = `http://127.0.0.1:${PORT}`;
  const issuer = await StandInIssuer.start(`${base}/api`);
  const config = loadConfig({
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    OIDC_ISSUER: issuer.url,
    OIDC_AUDIENCE: issuer.defaultAudience,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT: 'off',
  });
  const db = createDb(config.database);
  const app = await buildApp({ config, db, logger: false });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  try {
    const seeding = performance.now();
    const { token, houseId } = await seed(db, base, issuer, `big${engine}`);
    const seeded = (performance.now() - seeding) / 1000;
    const auth = { authorization: `Bearer ${token}` };
    const file = splitwiseFile();
    // Made before sampling starts: the client shares this process, so its own work would count.
    const importBody = JSON.stringify({ csv: file.csv });
    const results = [
      // The machine's own noise: the same sampling with nothing else running.
      { name: 'nothing (baseline)', ...(await during(base, async () => sleep(2_000).then(() => 0))) },
      {
        name: `CSV export (${EXPENSES.toLocaleString('en')} expenses)`,
        ...(await during(base, async () =>
          drain(await fetch(`${base}/api/expense/export.csv`, { headers: auth })),
        )),
      },
      {
        name: 'house JSON export',
        ...(await during(base, async () =>
          drain(await fetch(`${base}/api/house/${houseId}/export`, { headers: auth })),
        )),
      },
      {
        name: `Splitwise import (${(file.csv.length / 1e6).toFixed(1)} MB, ${file.rows.toLocaleString('en')} rows)`,
        // Into the big house itself (last, so the exports above saw only the seeded rows).
        ...(await during(base, async () =>
          drain(
            await fetch(`${base}/api/expense/import`, {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: importBody,
            }),
          ),
        )),
      },
    ];
    console.log(
      `${engine}: seeded ${EXPENSES.toLocaleString('en')} expenses and ${PAYMENTS} payments in ${seeded.toFixed(1)} s`,
    );
    let worst = 0;
    for (const r of results) {
      if (r !== results[0]) worst = Math.max(worst, r.latency.max);
      const { samples, p50, p99, max } = r.latency;
      console.log(
        `  ${r.name.padEnd(44)} ${(r.ms / 1000).toFixed(1).padStart(5)} s, ${(Number(r.result) / 1e6).toFixed(1).padStart(5)} MB | /healthz ${String(samples).padStart(4)} samples: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
      );
    }
    const verdict = worst < LIMIT_MS ? 'under' : 'NOT under';
    console.log(`  worst /healthz ${worst.toFixed(1)} ms: ${verdict} ${LIMIT_MS} ms`);
    if (worst >= LIMIT_MS) process.exitCode = 1;
  } finally {
    await app.close();
    await db.destroy();
    await issuer.close();
  }
}

console.log(
  `Hearth big-house bench: /healthz every ~${SAMPLE_EVERY_MS} ms during each operation; port ${PORT}; ${new Date().toISOString()}`,
);
const dir = mkdtempSync(join(tmpdir(), 'hearth-bench-big-house-'));
try {
  // --pg-only: PostgreSQL alone.
  if (!process.argv.includes('--pg-only')) await run('sqlite', `file:${join(dir, 'hearth.db')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const adminUrl =
  process.env.TEST_DATABASE_URL ??
  (process.argv.some((a) => a.startsWith('--pg')) ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
if (adminUrl) {
  const scratch = await scratchDatabase(adminUrl, 'hearth_big_house');
  try {
    await run('postgres', scratch.url);
  } finally {
    await scratch.drop();
  }
} else {
  console.log('postgres: skipped (set TEST_DATABASE_URL, or pass --pg for the local server)');
}
