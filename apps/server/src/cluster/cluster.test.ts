import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationNames } from '../db/migrate.js';
import { freePort, type SpawnedServer, spawnServer } from '../test/spawned-server.js';
import { StandInIssuer } from '../test/stand-in-issuer.js';
import { type Caddy, type DatabaseRelay, haveCaddy, startCaddy, startDatabaseRelay } from './harness.js';

/*
 * Three Hearth processes on one PostgreSQL database behind Caddy, no containers, under 20 writers that
 * write through Caddy the whole time (each write with an Idempotency-Key, repeated with the same key after
 * a failure, as a client that wants its write to land does). In turn: the three start together on the
 * empty database, live sync across instances, kill -9 of one, a rolling restart, and the database going
 * away and coming back. The figures are printed.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const run = adminUrl && haveCaddy();
if (adminUrl && !run) console.warn('caddy is not installed: the cluster test is skipped');

const WRITERS = 20;

interface Outcome {
  phase: string;
  status: number; // 0: no answer (connection reset, refused)
  code?: string;
  retryAfter?: string | null;
}

describe.skipIf(!run)('a cluster of three behind Caddy (PostgreSQL, spawned servers)', () => {
  const name = `hearth_cluster_${randomBytes(5).toString('hex')}`;
  let issuer: StandInIssuer;
  let relay: DatabaseRelay;
  let caddy: Caddy;
  let ports: number[];
  const instances: SpawnedServer[] = [];
  let env: Record<string, string>;
  let direct: pg.Client;

  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  let phase = 'set-up';
  const outcomes: Outcome[] = [];
  /** Grocery list ids whose creation was answered 201, by writer. */
  const acknowledged = new Map<string, Set<number>>();
  let writing = false;
  let writers: Promise<void>[] = [];

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const target = new URL(adminUrl as string);
    const databaseUrl = new URL(adminUrl as string);
    databaseUrl.pathname = `/${name}`;
    direct = new pg.Client({ connectionString: databaseUrl.href });
    await direct.connect();
    relay = await startDatabaseRelay(await freePort(), {
      host: target.hostname,
      port: Number(target.port || 5432),
    });
    databaseUrl.host = `127.0.0.1:${relay.port}`;
    ports = [await freePort(), await freePort(), await freePort()];
    const caddyPort = await freePort();
    issuer = await StandInIssuer.start(`http://127.0.0.1:${caddyPort}/api`);
    env = {
      PUBLIC_URL: `http://127.0.0.1:${caddyPort}`,
      OIDC_ISSUER: issuer.url,
      DATABASE_URL: databaseUrl.href,
      // Caddy, on this machine, is the one proxy in front.
      TRUST_PROXY: '127.0.0.1',
      API_RATE_LIMIT: 'off',
      // Caddy checks /healthz every 500 ms: a stopping instance is out of its rotation before it closes.
      SHUTDOWN_DELAY: '1.5',
      LOG_LEVEL: 'warn',
    };
    caddy = await startCaddy(caddyPort, ports);
  }, 60_000);

  afterAll(async () => {
    writing = false;
    await Promise.allSettled(writers);
    for (const i of instances) i.process.kill('SIGKILL');
    await Promise.all(instances.map((i) => i.exited));
    await caddy?.stop();
    await relay?.close();
    await direct?.end();
    await issuer?.close();
    await admin(`drop database if exists ${name} with (force)`);
  }, 60_000);

  async function call(
    base: string,
    subject: string,
    method: string,
    path: string,
    body?: unknown,
    key?: string,
  ) {
    return fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await issuer.mint(subject)}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** One writer: creates grocery lists through Caddy until told to stop; a failed write is repeated. */
  async function writer(subject: string) {
    const mine = acknowledged.get(subject) as Set<number>;
    let n = 0;
    while (writing) {
      const key = randomUUID();
      const body = { grocery_list_name: `${subject} #${n++}` };
      for (let attempt = 0; attempt < 50 && writing; attempt++) {
        const at = phase;
        try {
          const res = await call(caddy.base, subject, 'POST', '/api/grocery-list/', body, key);
          const text = await res.text();
          if (res.status === 201) {
            outcomes.push({ phase: at, status: 201 });
            mine.add((JSON.parse(text) as { grocery_list_id: number }).grocery_list_id);
            break;
          }
          let code: string | undefined;
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
          } catch {
            code = undefined;
          }
          const retryAfter = res.headers.get('retry-after');
          outcomes.push({ phase: at, status: res.status, code, retryAfter });
          // The first try of this write was cut off mid-way (its instance killed, or the database gone):
          // its key is free once that try's claim lapses, and the answer says when to come back.
          if (res.status === 409 && code === 'idempotency_in_progress') {
            if (!retryAfter) break;
            await new Promise((r) => setTimeout(r, Number(retryAfter) * 1000));
            continue;
          }
        } catch {
          outcomes.push({ phase: at, status: 0 });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  const failuresIn = (p: string) => outcomes.filter((o) => o.phase === p && o.status !== 201);
  const countIn = (p: string) => outcomes.filter((o) => o.phase === p).length;
  /** Failed answers by status and code, e.g. {"502": 3, "409 idempotency_in_progress": 2}. */
  const breakdown = (list: Outcome[]) => {
    const out: Record<string, number> = {};
    for (const o of list) {
      const k = o.code ? `${o.status} ${o.code}` : String(o.status);
      out[k] = (out[k] ?? 0) + 1;
    }
    return JSON.stringify(out);
  };

  async function lost(): Promise<number> {
    const { rows } = await direct.query<{ grocery_list_id: number }>(
      'select grocery_list_id from grocery_lists',
    );
    const present = new Set(rows.map((r) => r.grocery_list_id));
    let missing = 0;
    for (const ids of acknowledged.values()) for (const id of ids) if (!present.has(id)) missing++;
    return missing;
  }

  const start = (i: number, logLevel = 'warn') =>
    spawnServer({ ...env, LOG_LEVEL: logLevel }, { port: ports[i] as number, readyWithinMs: 180_000 });

  /** Until Caddy's health check has seen the instance again. */
  const settle = () => new Promise((r) => setTimeout(r, 1500));

  it('runs, with three instances started together on the empty database migrating it once', async () => {
    const started = await Promise.all([0, 1, 2].map((i) => start(i, 'info')));
    instances.push(...started);
    const applied = started.map((s) =>
      s.lines
        .filter((l) => l.includes('"migrations applied"'))
        .flatMap((l) => (JSON.parse(l) as { migrations: string[] }).migrations),
    );
    const all = await migrationNames();
    console.log(
      `migrations applied by each instance: ${applied.map((a) => a.length).join(', ')} (of ${all.length})`,
    );
    expect(applied.flat().sort()).toEqual(all);
    expect(applied.filter((a) => a.length > 0)).toHaveLength(1);
    const { rows } = await direct.query('select name from kysely_migration');
    expect(rows).toHaveLength(all.length);

    // People and houses, through Caddy.
    for (let w = 0; w < WRITERS; w++) {
      const subject = `writer${w}`;
      acknowledged.set(subject, new Set());
      const user = await call(caddy.base, subject, 'POST', '/api/users/', {
        username: subject,
        first_name: 'W',
        last_name: String(w),
        email: `${subject}@example.test`,
      });
      expect(user.status).toBe(200);
      expect(
        (await call(caddy.base, subject, 'POST', '/api/house/', { house_name: `${subject} home` })).status,
      ).toBe(201);
    }
    writing = true;
    phase = 'steady';
    writers = [...acknowledged.keys()].map((s) => writer(s));
    await new Promise((r) => setTimeout(r, 2000));
    expect(countIn('steady')).toBeGreaterThan(0);
    expect(failuresIn('steady')).toEqual([]);
  }, 240_000);

  it('carries a change made through one instance to a stream held by another', async () => {
    phase = 'live';
    const subject = 'writer0';
    // The stream on the first instance, directly.
    const seen = new Map<string, number>();
    let buffer = '';
    const token = await issuer.mint(subject);
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${(instances[0] as SpawnedServer).base}/api/live`, {
        headers: { authorization: `Bearer ${token}` },
      });
      req.on('response', resolve).on('error', reject).end();
    });
    stream.setEncoding('utf8');
    let ready: () => void = () => {};
    const isReady = new Promise<void>((r) => {
      ready = r;
    });
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.includes('event: ready')) ready();
      for (const m of buffer.matchAll(/"id":(\d+)/g))
        if (!seen.has(m[1] as string)) seen.set(m[1] as string, performance.now());
    });
    await isReady;

    // Changes made on the other two, directly, while the 20 writers go on through Caddy.
    const latencies: number[] = [];
    for (let i = 0; i < 40; i++) {
      const other = instances[1 + (i % 2)] as SpawnedServer;
      const t0 = performance.now();
      const res = await call(other.base, subject, 'POST', '/api/grocery-list/', {
        grocery_list_name: `live ${i}`,
      });
      expect(res.status).toBe(201);
      const id = String(((await res.json()) as { grocery_list_id: number }).grocery_list_id);
      acknowledged.get(subject)?.add(Number(id));
      const deadline = performance.now() + 5000;
      while (!seen.has(id) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
      expect(seen.has(id)).toBe(true);
      latencies.push((seen.get(id) as number) - t0);
    }
    stream.destroy();
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      (latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] as number).toFixed(1);
    console.log(
      `live sync across instances (write on B or C to event on A's stream), 40 changes: p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
    );
  }, 60_000);

  it('loses no acknowledged write when one instance is killed (-9), and the writers carry on', async () => {
    const victim = instances[1] as SpawnedServer;
    phase = 'kill';
    victim.process.kill('SIGKILL');
    await victim.exited;
    await new Promise((r) => setTimeout(r, 3000));
    phase = 'after-kill';
    await new Promise((r) => setTimeout(r, 2000));
    const carried = outcomes.filter((o) => o.phase === 'after-kill' && o.status === 201).length;
    instances[1] = await start(1);
    await settle();
    phase = 'steady';
    const missing = await lost();
    const failed = [...failuresIn('kill'), ...failuresIn('after-kill')];
    console.log(
      `kill -9: ${failed.length} failed answers ${breakdown(failed)} (repeated with the same key), ${carried} writes acknowledged through the other two in the 2 s from 3 s after the kill; acknowledged writes lost: ${missing}`,
    );
    expect(missing).toBe(0);
    expect(carried).toBeGreaterThan(0);
    // Nothing but what a dead upstream gives (Caddy's 502 for the writes it was answering), and repeats
    // of those writes finding their key still claimed, told when to come back.
    expect(failed.filter((o) => ![502, 409].includes(o.status))).toEqual([]);
    expect(failed.filter((o) => o.status === 409 && !o.retryAfter)).toEqual([]);
  }, 120_000);

  it('serves every request during a rolling restart (SIGTERM one at a time, each back before the next)', async () => {
    phase = 'rolling';
    const stops: number[] = [];
    for (let i = 0; i < 3; i++) {
      const old = instances[i] as SpawnedServer;
      const t0 = Date.now();
      old.process.kill('SIGTERM');
      const { code } = await old.exited;
      stops.push(Date.now() - t0);
      expect(code).toBe(0);
      instances[i] = await start(i);
      await settle();
    }
    phase = 'steady';
    const failed = failuresIn('rolling');
    console.log(
      `rolling restart: ${countIn('rolling')} requests, ${failed.length} failed ${breakdown(failed)}; stops took ${stops.join(', ')} ms`,
    );
    expect(failed).toEqual([]);
    for (const ms of stops) expect(ms).toBeLessThan(10_000);
    expect(await lost()).toBe(0);
  }, 300_000);

  it('answers 503 database_unavailable with Retry-After while the database is away, and recovers by itself', async () => {
    phase = 'db-down';
    await relay.cut();
    await new Promise((r) => setTimeout(r, 4000));
    // Every instance says so itself, too.
    for (const s of instances) expect((await fetch(`${s.base}/readyz`)).status).toBe(503);
    await relay.restore();
    phase = 'db-back';
    const t0 = Date.now();
    for (const s of instances) {
      while (!(await fetch(`${s.base}/readyz`)).ok) {
        expect(Date.now() - t0).toBeLessThan(30_000);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const recoveredMs = Date.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    phase = 'steady';
    const down = outcomes.filter((o) => o.phase === 'db-down');
    const unavailable = down.filter((o) => o.status === 503);
    const during = [...down, ...outcomes.filter((o) => o.phase === 'db-back')];
    // A repeat of a write whose first try the outage cut off mid-way finds its key still claimed (the
    // claim could not be freed while the database was away) and is told when to try again.
    const held = during.filter((o) => o.status === 409 && o.code === 'idempotency_in_progress');
    const other = during.filter(
      (o) =>
        o.status !== 201 &&
        !(o.status === 503 && o.code === 'database_unavailable' && o.retryAfter) &&
        !held.includes(o),
    );
    const missing = await lost();
    console.log(
      `database away 4 s: ${down.length} answers, ${unavailable.length} were 503 database_unavailable with Retry-After, ${held.length} 409 idempotency_in_progress (repeats of cut-off writes), ${other.length} anything else ${breakdown(other)}; all instances ready ${recoveredMs} ms after it came back; acknowledged writes lost: ${missing}`,
    );
    expect(unavailable.length).toBeGreaterThan(0);
    expect(other).toEqual([]);
    expect(outcomes.filter((o) => o.phase === 'db-back' && o.status === 201).length).toBeGreaterThan(0);
    expect(missing).toBe(0);
  }, 120_000);

  it('ends with every acknowledged write stored once', async () => {
    writing = false;
    await Promise.all(writers);
    const acked = [...acknowledged.values()].reduce((n, s) => n + s.size, 0);
    const { rows } = await direct.query<{ n: string }>(
      "select count(*) as n from grocery_lists where grocery_list_name like 'writer%'",
    );
    // Every write cut off mid-way was repeated until it landed: none was left with its key claimed.
    const held = outcomes.filter((o) => o.status === 409 && o.code === 'idempotency_in_progress');
    console.log(
      `in all: ${outcomes.length} writes answered, ${acked} acknowledged, ${rows[0]?.n} stored, lost ${await lost()}; ${held.length} answers 409 idempotency_in_progress, all with Retry-After: ${held.every((o) => o.retryAfter)}`,
    );
    expect(await lost()).toBe(0);
    expect(held.filter((o) => !o.retryAfter)).toEqual([]);
    // A repeated write (same Idempotency-Key) is stored once: no more rows than acknowledged writes.
    const stored = Number(rows[0]?.n);
    // (At most one write per writer was still unanswered when they stopped.)
    expect(stored).toBeGreaterThanOrEqual(acked - 40);
    expect(stored).toBeLessThanOrEqual(acked - 40 + WRITERS);
  }, 60_000);
});
