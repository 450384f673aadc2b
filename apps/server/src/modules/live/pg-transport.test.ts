import type { LiveChange } from '@hearth/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { LiveBus, type LiveEvent } from './live-bus.js';
import { PgTransport } from './pg-transport.js';

const log = Fastify({ logger: false }).log;
const change = (id: number): LiveChange => ({
  kind: 'groceries',
  entity: 'grocery_list',
  action: 'created',
  id,
});

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'PostgreSQL LISTEN/NOTIFY transport (runs only with TEST_DATABASE_URL)',
  () => {
    let testDb: TestDb;
    let one: LiveBus;
    let two: LiveBus;
    let twoTransport: PgTransport;

    beforeAll(async () => {
      testDb = await createTestDb();
      // The version counters' table.
      await migrateToLatest(testDb.db, 'postgres');
      const url = process.env.TEST_DATABASE_URL!;
      one = new LiveBus(new PgTransport({ connectionString: url, db: testDb.db, log }), log);
      twoTransport = new PgTransport({
        connectionString: url,
        db: testDb.db,
        log,
        retryMinMs: 50,
        pingMs: 200,
      });
      two = new LiveBus(twoTransport, log);
      await one.start();
      await two.start();
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await testDb?.drop();
    });

    it('names its channel after the schema, so test runs and deployments on one database stay apart', () => {
      expect(twoTransport.channelName).toMatch(/^hearth_live_hearth_test_[0-9a-f]{12}$/);
    });

    it("delivers one instance's message to the other, and ignores malformed notifications", async () => {
      const got: LiveEvent[] = [];
      const sub = two.subscribe(
        { userId: 1, houseId: 5 },
        { change: (e) => got.push(e), resync: () => undefined },
      );
      await sql`select pg_notify(${twoTransport.channelName}, ${'not json'})`.execute(testDb.db);
      await sql`select pg_notify(${twoTransport.channelName}, ${JSON.stringify({ house_id: 5, change: { kind: 'nope' } })})`.execute(
        testDb.db,
      );
      await one.publish(5, change(1));
      await one.publish(6, change(2));
      await one.publishToUser(1, change(3));
      await until(() => got.length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      expect(got.map((e) => e.change.id)).toEqual([1, 3]);
      sub.unsubscribe();
    });

    it('reconnects after its listening connection is killed, tells streams to resync, and delivers again', async () => {
      let resyncs = 0;
      const got: number[] = [];
      const sub = two.subscribe(
        { userId: 1, houseId: 5 },
        { change: (e) => got.push(e.change.id), resync: () => resyncs++ },
      );
      // Kill the listening backend the way a network failure or a database restart would.
      const pid = twoTransport.listenerPid;
      expect(pid).toBeTypeOf('number');
      await sql`select pg_terminate_backend(${pid})`.execute(testDb.db);
      await until(() => resyncs === 1);
      expect(twoTransport.listenerPid).not.toBe(pid);
      await one.publish(5, change(10));
      await until(() => got.includes(10));
      sub.unsubscribe();
    });

    it('raises the version counters in the statement that sends the message', async () => {
      const version = async (key: string) =>
        (
          await testDb.db
            .selectFrom('cache_versions')
            .select('version')
            .where('scope_key', '=', key)
            .executeTakeFirst()
        )?.version ?? 0;
      const before = await version('h:77');
      const heard: number[] = [];
      const sub = two.subscribe(
        { userId: 9, houseId: 77 },
        { change: (e) => heard.push(e.change.id), resync: () => undefined },
      );
      await twoTransport.send({ house_id: 77, change: change(20) }, ['h:77', 'u:9']);
      await until(() => heard.includes(20));
      expect(await version('h:77')).toBe(before + 1);
      expect(await version('u:9')).toBeGreaterThan(0);
      // A statement that fails (here: a message over NOTIFY's 8000 bytes) raises nothing: both or neither.
      const tooLong = { ...change(21), entity: 'x'.repeat(9000) };
      await expect(twoTransport.send({ house_id: 77, change: tooLong }, ['h:77'])).rejects.toThrow(
        /too long/,
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).not.toContain(21);
      expect(await version('h:77')).toBe(before + 1);
      sub.unsubscribe();
    });
  },
);
