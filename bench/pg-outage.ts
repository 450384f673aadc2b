/**
 * PostgreSQL faults with three server instances on one database (a fresh one, with TEST_DATABASE_URL):
 *
 * 1. Maintenance: for 5 s the database refuses sessions (ALLOW_CONNECTIONS false, every session ended)
 *    while 12 clients read and write through all three instances. Counts the answers by status (target:
 *    no 500, every failure a 503 database_unavailable with Retry-After) and the servers' error-level log
 *    lines in that window.
 * 2. Lost live changes: for 10 s one instance's pooled connections are terminated every 50 ms while 4
 *    writers add grocery lists through it; a stream of the house on each of the two other instances must
 *    hear of every acknowledged list, as its change or as a resync after it (target: 0 lost).
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --conditions=@hearth/source --import tsx bench/pg-outage.ts
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { StandInIssuer } from '../apps/server/src/test/stand-in-issuer.js';
import { PORTS } from './support/ports.js';
import { scratchDatabase } from './support/scratch-database.js';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl?.startsWith('postgres')) {
  console.error('bench:pg-outage needs TEST_DATABASE_URL=postgres://...');
  process.exit(2);
}
const names = ['a', 'b', 'c'] as const;
const ports = names.map((_, i) => PORTS.pgOutage + i);
const bases = ports.map((p) => `http://127.0.0.1:${p}`);
const serverEntry = fileURLToPath(new URL('../apps/server/src/server.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const scratch = await scratchDatabase(adminUrl, 'hearth_outage');
const databaseName = new URL(scratch.url).pathname.slice(1);
const appName = (i: number) => `${databaseName}_${names[i]}`;
// Every instance trusts the same stand-in issuer and audience, as one deployment behind a balancer.
const publicUrl = bases[0] as string;
const issuer = await StandInIssuer.start(`${publicUrl}/api`);

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Log lines at error level or above, and lines with a stack, per instance since the last reset. */
const logged = { errors: 0, stacks: 0, messages: new Map<string, number>() };
function startServer(i: number): ChildProcess {
  const url = new URL(scratch.url);
  // Names the instance's connections, so one instance's alone can be terminated.
  url.searchParams.set('application_name', appName(i));
  const child = spawn(process.execPath, ['--conditions=@hearth/source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(ports[i]),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: issuer.url,
      DATABASE_URL: url.href,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const error = /"level":(5\d|60)/.test(line);
      const stack = line.includes('"stack"');
      if (error) logged.errors++;
      if (stack) logged.stacks++;
      if (error || stack) {
        const key = `${error ? 'error' : 'warn'}: ${/"msg":"([^"]*)"/.exec(line)?.[1] ?? line.slice(0, 80)}`;
        logged.messages.set(key, (logged.messages.get(key) ?? 0) + 1);
      }
    }
  });
  return child;
}

async function waitReady(base: string, deadlineMs = 240_000) {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${base} did not become ready`);
}

const token = await issuer.mint('olga');
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
async function call(base: string, method: string, path: string, body?: unknown) {
  return fetch(`${base}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
}

const servers = names.map((_, i) => startServer(i));
try {
  await Promise.all(bases.map((b) => waitReady(b)));
  const user = await call(publicUrl, 'POST', '/api/users/', {
    username: 'olga',
    first_name: 'Olga',
    last_name: 'O',
    email: 'olga@example.test',
  });
  const house = await call(publicUrl, 'POST', '/api/house/', { house_name: 'Outage house' });
  if (user.status !== 200 || house.status !== 201) throw new Error('set-up failed');

  // 1. The database refuses sessions for 5 s under load through all three instances.
  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let loading = true;
  const clients = Array.from({ length: 12 }, async (_, c) => {
    const base = bases[c % 3] as string;
    for (let i = 0; loading; i++) {
      try {
        const res =
          i % 2 === 0
            ? await call(base, 'GET', '/api/grocery-list/')
            : await call(base, 'POST', '/api/grocery-list/', { grocery_list_name: `c${c} #${i}` });
        const text = await res.text();
        if (res.status === 503) {
          const ok = res.headers.get('retry-after') === '5' && text.includes('"database_unavailable"');
          count(ok ? '503 database_unavailable + Retry-After' : '503 other');
        } else count(String(res.status));
      } catch {
        count('no answer');
      }
    }
  });
  await sleep(300);
  logged.errors = 0;
  logged.stacks = 0;
  logged.messages.clear();
  await admin(`alter database ${databaseName} allow_connections false`);
  await admin(
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
  );
  statuses.clear();
  await sleep(5000);
  const refused = new Map(statuses);
  const refusedLog = { ...logged, messages: new Map(logged.messages) };
  loading = false;
  await Promise.all(clients);
  await admin(`alter database ${databaseName} allow_connections true`);
  await Promise.all(bases.map((b) => waitReady(b)));
  const total = [...refused.values()].reduce((a, b) => a + b, 0);
  console.log(`1. ALLOW_CONNECTIONS false for 5 s, 12 clients on 3 instances: ${total} answers`);
  for (const [key, n] of [...refused].sort()) console.log(`   ${key}: ${n}`);
  console.log(`   server log lines at error level: ${refusedLog.errors}, with a stack: ${refusedLog.stacks}`);
  for (const [message, n] of refusedLog.messages) console.log(`     ${n} x ${message}`);
  const fiveHundreds = refused.get('500') ?? 0;

  // 2. The sender's pooled connections are terminated while it writes; the others' streams must hear.
  const streams = [1, 2].map((i) => openStream(bases[i] as string));
  await Promise.all(streams.map((s) => s.ready));
  // The listening connections of b and c come back from part 1 with a backoff (and tell their streams to
  // resync then): start once a change made through a reaches both streams as itself.
  for (let n = 0; ; n++) {
    const res = await call(publicUrl, 'POST', '/api/grocery-list/', { grocery_list_name: `probe ${n}` });
    const { grocery_list_id } = (await res.json()) as { grocery_list_id: number };
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline && !streams.every((s) => s.changes.has(grocery_list_id))) await sleep(20);
    if (streams.every((s) => s.changes.has(grocery_list_id))) break;
  }
  const resyncsBefore = streams.map((s) => s.resyncs.length);
  const acknowledged: { id: number; at: number }[] = [];
  let writing = true;
  let refusedWrites = 0;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; writing; i++) {
      try {
        const res = await call(publicUrl, 'POST', '/api/grocery-list/', { grocery_list_name: `w${w} #${i}` });
        if (res.status === 201) {
          const { grocery_list_id } = (await res.json()) as { grocery_list_id: number };
          acknowledged.push({ id: grocery_list_id, at: Date.now() });
        } else {
          refusedWrites++;
          await res.text();
        }
      } catch {
        refusedWrites++;
      }
    }
  });
  let terminated = 0;
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const rows = await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${appName(0)}' and pid <> pg_backend_pid()`,
    );
    terminated += rows.length;
    await sleep(50);
  }
  writing = false;
  await Promise.all(writers);
  // Longer than a message is tried again for.
  await sleep(7000);
  console.log(
    `2. instance a's connections terminated every 50 ms for 10 s (${terminated} sessions ended) under 4 writers: ` +
      `${acknowledged.length} lists acknowledged, ${refusedWrites} writes refused`,
  );
  let lost = 0;
  streams.forEach((s, k) => {
    let asChange = 0;
    let byResync = 0;
    let missing = 0;
    for (const { id, at } of acknowledged) {
      if (s.changes.has(id)) asChange++;
      else if (s.resyncs.some((t) => t >= at)) byResync++;
      else missing++;
    }
    lost += missing;
    console.log(
      `   stream on instance ${names[k + 1]}: ${asChange} heard as their change, ${byResync} covered by a later ` +
        `resync, ${missing} lost (${s.resyncs.length - (resyncsBefore[k] ?? 0)} resyncs meanwhile)`,
    );
  });
  for (const s of streams) s.close();
  console.log(
    `500s while refusing sessions: ${fiveHundreds} (target 0); live changes lost: ${lost} (target 0)`,
  );
  process.exitCode = fiveHundreds === 0 && lost === 0 ? 0 : 1;
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))),
  );
  await issuer.close();
  await scratch.drop();
}

/** A live stream read as the browser does: the list ids it heard of, and when it was told to resync. */
function openStream(base: string) {
  const changes = new Set<number>();
  const resyncs: number[] = [];
  const controller = new AbortController();
  let heardReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (heardReady = resolve));
  void (async () => {
    const res = await fetch(`${base}/api/live`, { headers, signal: controller.signal });
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
      let end = text.indexOf('\n\n');
      while (end >= 0) {
        const event = text.slice(0, end);
        text = text.slice(end + 2);
        end = text.indexOf('\n\n');
        if (event.includes('event: ready')) heardReady();
        if (event.includes('event: resync')) resyncs.push(Date.now());
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (event.includes('event: change') && data) {
          const change = JSON.parse(data) as { entity: string; action: string; id: number };
          if (change.entity === 'grocery_list' && change.action === 'created') changes.add(change.id);
        }
      }
    }
  })().catch(() => undefined);
  return { ready, changes, resyncs, close: () => controller.abort() };
}
