import { randomBytes } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { type ApiClient, memberOfNewHouse, startTestApp, type TestApp } from '../test/test-app.js';
import { testEngine } from '../test/test-db.js';
import { createDb } from './create-db.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Log lines the app writes, parsed. */
class LogLines extends Writable {
  readonly lines: { level: number; msg: string; err?: { stack?: string }; database?: { code?: string } }[] =
    [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

/*
 * A PostgreSQL that turns new sessions away (maintenance, a connection limit) or ends the ones it has:
 * every request is answered 503 database_unavailable with Retry-After, logged as a warning without a
 * stack, and the app carries on once the database takes sessions again. The database and the role are
 * this file's own, so nobody else's connections are touched.
 */
describe.skipIf(testEngine !== 'postgres')('PostgreSQL refusing or ending sessions (503, never 500)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `hearth_refuse_${randomBytes(5).toString('hex')}`;
  const log = new LogLines();
  let t: TestApp;
  let client: ApiClient;

  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };
  /** Ends every session on the scratch database (the app's pool and its live listener). */
  const terminateAll = () =>
    admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );

  beforeAll(async () => {
    // Not a superuser: a connection limit binds only ordinary roles.
    await admin(`create role ${name} login`);
    await admin(`create database ${name} owner ${name}`);
    const url = new URL(adminUrl);
    url.username = name;
    url.pathname = `/${name}`;
    t = await startTestApp({
      databaseUrl: url.href,
      env: { LOG_LEVEL: 'warn', API_RATE_LIMIT: 'off' },
      build: { logger: undefined, logStream: log },
    });
    client = (await memberOfNewHouse(t, 'maintenance')).client;
  });

  afterAll(async () => {
    await admin(`alter database ${name} allow_connections true connection limit -1`).catch(() => undefined);
    await t?.close();
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`drop role if exists ${name}`);
  });

  /** A read and a write while the database refuses: both 503 with Retry-After. */
  async function expectRefused() {
    const before = log.lines.length;
    for (const res of [
      await client.get('/api/grocery-list/'),
      await client.post('/api/grocery-list/', { grocery_list_name: 'During maintenance' }),
      await client.get('/api/users/me'),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error.code).toBe('database_unavailable');
    }
    const lines = log.lines.slice(before);
    const warned = lines.filter((l) => l.msg === 'database unavailable');
    expect(warned.length).toBeGreaterThanOrEqual(3);
    for (const line of warned) {
      expect(line.level).toBe(40);
      expect(line.err).toBeUndefined();
    }
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    return warned.map((l) => l.database?.code);
  }

  async function expectBack() {
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 201 && Date.now() < deadline) {
      status = (await client.post('/api/grocery-list/', { grocery_list_name: 'After maintenance' }))
        .statusCode;
      if (status !== 201) await sleep(100);
    }
    expect(status).toBe(201);
  }

  it('answers 503 while the database does not allow connections (55000 from connecting)', async () => {
    await admin(`alter database ${name} allow_connections false`);
    await terminateAll();
    try {
      expect(await expectRefused()).toContain('55000');
    } finally {
      await admin(`alter database ${name} allow_connections true`);
    }
    await expectBack();
  });

  it('answers 503 while the connection limit is reached (53300)', async () => {
    await admin(`alter database ${name} connection limit 0`);
    await terminateAll();
    try {
      expect(await expectRefused()).toContain('53300');
    } finally {
      await admin(`alter database ${name} connection limit -1`);
    }
    await expectBack();
  });

  it('counts a session ended under a running query as unavailable (57P01)', async () => {
    const running = sql`select pg_sleep(10)`.execute(t.testDb.db).then(
      () => null,
      (err: unknown) => err,
    );
    await sleep(300);
    const ended = await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query like 'select pg_sleep%'`,
    );
    expect(ended.length).toBe(1);
    const err = (await running) as { code?: string } | null;
    expect(err?.code).toBe('57P01');
    expect(isDatabaseUnavailable(err)).toBe(true);
    await expectBack();
  });
});

describe('a PostgreSQL that cannot be reached', () => {
  it('counts a refused connection as unavailable', async () => {
    // A port that was just free: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const db = createDb({
      engine: 'postgres',
      url: `postgres://nobody@127.0.0.1:${port}/none`,
      sqlitePath: null,
    });
    try {
      const err = await sql`select 1`.execute(db).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).not.toBeNull();
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
