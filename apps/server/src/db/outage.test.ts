import { randomBytes } from 'node:crypto';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { StandInIssuer } from '../test/stand-in-issuer.js';
import { profile, TEST_AUDIENCE, TEST_PUBLIC_URL } from '../test/test-app.js';
import { testEngine } from '../test/test-db.js';
import { createDb, type Db } from './create-db.js';

/**
 * A TCP relay in front of PostgreSQL that can "lose" the database: every connection through it is cut and
 * new ones are refused until it comes back. Only this test's connections go through it.
 */
class DatabaseRelay {
  private readonly sockets = new Set<Socket>();
  private down = false;
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: URL): Promise<DatabaseRelay> {
    let relay: DatabaseRelay | null = null;
    const server = createServer((client) => {
      if (!relay || relay.down) {
        client.destroy();
        return;
      }
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        relay.sockets.add(s);
        s.on('close', () => relay?.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    relay = new DatabaseRelay(server, (server.address() as AddressInfo).port);
    return relay;
  }

  cut() {
    this.down = true;
    for (const s of this.sockets) s.destroy();
  }

  restore() {
    this.down = false;
  }

  close() {
    this.cut();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(testEngine !== 'postgres')('PostgreSQL outage (503, then recovery without a restart)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `hearth_test_${randomBytes(6).toString('hex')}`;
  let relay: DatabaseRelay;
  let issuer: StandInIssuer;
  let db: Db;
  let app: App;
  let baseUrl = '';
  let token = '';

  const admin = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    relay = await DatabaseRelay.start(new URL(adminUrl));
    const relayed = new URL(adminUrl);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    const database = { engine: 'postgres' as const, url: relayed.href, sqlitePath: null };
    db = createDb(database, { pgSchema: schema, applicationName: schema });
    issuer = await StandInIssuer.start(TEST_AUDIENCE);
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      OIDC_ISSUER: issuer.url,
      LOG_LEVEL: 'silent',
      // The load below writes far faster than any person.
      API_RATE_LIMIT: 'off',
    });
    app = await buildApp({ config: { ...config, database }, db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    token = await issuer.mint('olga');
    const created = await app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { authorization: `Bearer ${token}` },
      payload: profile('olga'),
    });
    expect(created.statusCode).toBe(200);
    const house = await app.inject({
      method: 'POST',
      url: '/api/house/',
      headers: { authorization: `Bearer ${token}` },
      payload: { house_name: 'Outage house' },
    });
    expect(house.statusCode).toBe(201);
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy().catch(() => undefined);
    await relay?.close();
    await issuer?.close();
    await admin(`drop schema if exists ${schema} cascade`);
  });

  const request = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** Reads and writes from `workers` loops until stopped; returns every status seen. */
  function load(workers: number) {
    const statuses: number[] = [];
    const bodies: string[] = [];
    let running = true;
    const loops = Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; running; i++) {
        const res =
          i % 2 === 0
            ? await request('GET', '/api/grocery-list/')
            : await request('POST', '/api/grocery-list/', { grocery_list_name: `w${w}-${i}` });
        statuses.push(res.statusCode);
        if (res.statusCode >= 500) bodies.push(`${res.statusCode} ${res.headers['retry-after']} ${res.body}`);
      }
    });
    return {
      statuses,
      bodies,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  it('answers 503 database_unavailable while its backends are terminated under load, then recovers', async () => {
    const work = load(6);
    await sleep(300);
    // Only this test's connections: they carry the schema's name.
    let terminated = 0;
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      const rows = await admin<{ ok: boolean }>(
        'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name like $1 and pid <> pg_backend_pid()',
        [`${schema}%`],
      );
      terminated += rows.length;
      await sleep(50);
    }
    await sleep(500);
    await work.stop();
    expect(terminated).toBeGreaterThan(0);
    const fivexx = work.statuses.filter((s) => s >= 500);
    console.info(
      `outage under load: ${terminated} backends terminated, ${work.statuses.length} requests, ` +
        `${fivexx.length} answered 503, ${work.statuses.filter((s) => s === 500).length} answered 500`,
    );
    expect(
      fivexx.every((s) => s === 503),
      work.bodies.join('\n'),
    ).toBe(true);
    for (const body of work.bodies) {
      expect(body).toMatch(/^503 5 \{"error":\{"code":"database_unavailable",/);
    }
    // Recovery by itself: the next requests succeed.
    const after = await request('GET', '/api/grocery-list/');
    expect(after.statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('says 503 on /readyz and the API while the database is away, and resyncs live streams after', async () => {
    // A live stream, read as the browser does.
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      httpGet(`${baseUrl}/api/live`, { headers: { authorization: `Bearer ${token}` } }, resolve).on(
        'error',
        reject,
      );
    });
    expect(res.statusCode).toBe(200);
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
    });
    await sleep(200);
    expect(text).toContain('event: ready');

    relay.cut();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    for (const [method, url] of [
      ['GET', '/api/grocery-list/'],
      ['POST', '/api/grocery-list/'],
    ] as const) {
      const refused = await request(method, url, method === 'POST' ? { grocery_list_name: 'x' } : undefined);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().error.code).toBe('database_unavailable');
    }
    await sleep(1000);

    relay.restore();
    const deadline = Date.now() + 15_000;
    let back = false;
    while (!back && Date.now() < deadline) {
      back = (await app.inject({ url: '/readyz' })).statusCode === 200;
      if (!back) await sleep(200);
    }
    expect(back).toBe(true);
    expect((await request('GET', '/api/grocery-list/')).statusCode).toBe(200);
    // The listening connection came back and told the stream it may have missed changes.
    while (!text.includes('event: resync') && Date.now() < deadline) await sleep(100);
    expect(text).toContain('event: resync');
    // And changes flow again. One made before the listening connection is back (its retries back off) or
    // whose NOTIFY meets a connection the outage broke reaches the stream as a resync instead, so make
    // changes until one arrives as itself.
    const flowing = Date.now() + 15_000;
    let delivered = false;
    for (let n = 1; !delivered && Date.now() < flowing; n++) {
      const after = await request('POST', '/api/grocery-list/', {
        grocery_list_name: `After the outage ${n}`,
      });
      expect(after.statusCode, after.body).toBe(201);
      const created = `"entity":"grocery_list","action":"created","id":${after.json().grocery_list_id}`;
      const wait = Date.now() + 2000;
      while (!text.includes(created) && Date.now() < wait) await sleep(100);
      delivered = text.includes(created);
    }
    expect(delivered, text).toBe(true);
    res.destroy();
  }, 45_000);
});
