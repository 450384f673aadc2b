/**
 * Fault test: the real server process is killed with SIGKILL while 20 writers write as fast as they can,
 * then started again on the same database; every write that was acknowledged (201) must be there. Three
 * rounds. Prints acknowledged / found / lost; the exit code is 1 if anything acknowledged was lost.
 *
 *   node --conditions=@hearth/source --import tsx bench/fault-kill.ts                 (SQLite file in a temp dir)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --conditions=@hearth/source --import tsx bench/fault-kill.ts               (a fresh PostgreSQL database)
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StandInIssuer } from '../apps/server/src/test/stand-in-issuer.js';
import { PORTS } from './support/ports.js';
import { scratchDatabase } from './support/scratch-database.js';

const PORT = Number(process.env.FAULT_PORT ?? PORTS.fault);
const WRITERS = 20;
const ROUNDS = 3;
const base = `http://127.0.0.1:${PORT}`;
const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL;

let databaseUrl: string;
let cleanUp: () => Promise<void>;
if (adminUrl) {
  const scratch = await scratchDatabase(adminUrl, 'hearth_fault');
  databaseUrl = scratch.url;
  cleanUp = scratch.drop;
} else {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-fault-'));
  databaseUrl = `file:${join(dir, 'hearth.db')}`;
  cleanUp = async () => rmSync(dir, { recursive: true, force: true });
}
const engine = adminUrl ? 'postgres' : 'sqlite';

const issuer = await StandInIssuer.start(`${base}/api`);

function startServer(): ChildProcess {
  return spawn(process.execPath, ['--conditions=@hearth/source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      OIDC_ISSUER: issuer.url,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitReady(deadlineMs = 60_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready');
}

async function call(subject: string, method: string, path: string, body?: unknown) {
  const token = await issuer.mint(subject);
  return fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const subjects = Array.from({ length: WRITERS }, (_, i) => `writer${i}`);
/** What each writer was told was saved: grocery list ids and reminder ids. */
const acknowledged = new Map(
  subjects.map((s) => [s, { lists: new Set<number>(), reminders: new Set<number>() }]),
);

let server = startServer();
await waitReady();
for (const subject of subjects) {
  const user = await call(subject, 'POST', '/api/users/', {
    username: subject,
    first_name: 'W',
    last_name: 'R',
    email: `${subject}@example.test`,
  });
  const house = await call(subject, 'POST', '/api/house/', { house_name: `${subject} house` });
  if (user.status !== 200 || house.status !== 201) throw new Error(`set-up failed for ${subject}`);
}

let totalAcknowledged = 0;
let totalLost = 0;
for (let round = 1; round <= ROUNDS; round++) {
  let stop = false;
  let unanswered = 0;
  const writers = subjects.map(async (subject, w) => {
    const mine = acknowledged.get(subject)!;
    for (let i = 0; !stop; i++) {
      try {
        if (i % 2 === 0) {
          const res = await call(subject, 'POST', '/api/grocery-list/', {
            grocery_list_name: `r${round} w${w} #${i}`,
          });
          if (res.status === 201)
            mine.lists.add(((await res.json()) as { grocery_list_id: number }).grocery_list_id);
        } else {
          const res = await call(subject, 'POST', '/api/reminder/', {
            title: `r${round} w${w} #${i}`,
            remind_time: '2030-01-01T09:00:00Z',
          });
          if (res.status === 201)
            mine.reminders.add(((await res.json()) as { reminder_id: number }).reminder_id);
        }
      } catch {
        // The process is gone: this write was never acknowledged.
        unanswered++;
        return;
      }
    }
  });
  await new Promise((r) => setTimeout(r, 1500 + round * 250));
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  stop = true;
  await Promise.all(writers);

  server = startServer();
  await waitReady();
  let acked = 0;
  let lost = 0;
  for (const subject of subjects) {
    const mine = acknowledged.get(subject)!;
    const lists = (await (await call(subject, 'GET', '/api/grocery-list/')).json()) as {
      grocery_list_id: number;
    }[];
    const reminders = (await (await call(subject, 'GET', '/api/reminder/')).json()) as {
      reminder_id: number;
    }[];
    const listIds = new Set(lists.map((l) => l.grocery_list_id));
    const reminderIds = new Set(reminders.map((r) => r.reminder_id));
    for (const id of mine.lists) if (!listIds.has(id)) lost++;
    for (const id of mine.reminders) if (!reminderIds.has(id)) lost++;
    acked += mine.lists.size + mine.reminders.size;
  }
  totalAcknowledged = acked;
  totalLost = lost;
  console.log(
    `${engine} round ${round}: killed -9 under ${WRITERS} writers (${unanswered} writes cut off); ` +
      `${acked} acknowledged writes so far, ${acked - lost} found after restart, ${lost} lost`,
  );
}

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await issuer.close();
await cleanUp();
console.log(
  `${engine}: ${totalAcknowledged} acknowledged writes, ${totalLost} lost after ${ROUNDS} kill -9 restarts`,
);
process.exit(totalLost === 0 ? 0 : 1);
