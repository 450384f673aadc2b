import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDb, type TestDb, testEngine } from '../test/test-db.js';
import { DbLimitStore, limitKey } from './limits.js';

describe(`DbLimitStore (${testEngine})`, () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
    await migrateToLatest(testDb.db, testDb.database.engine);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('shares one count between instances, exactly, under concurrent hits', async () => {
    const a = new DbLimitStore(testDb.db);
    const b = new DbLimitStore(testDb.db);
    const limit = { max: 25, windowMs: 60_000 };
    const key = limitKey('test', 'shared');
    const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).hit(key, limit)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(hits.filter((h) => !h.allowed)).toHaveLength(5);
    await a.reset(key);
    expect((await b.hit(key, limit)).count).toBe(1);
  });

  it('starts a new window once the old one ends, and prunes finished windows', async () => {
    let now = 1_000_000;
    const store = new DbLimitStore(testDb.db, () => now);
    const limit = { max: 1, windowMs: 1000 };
    expect((await store.hit('k1', limit)).allowed).toBe(true);
    expect((await store.hit('k1', limit)).allowed).toBe(false);
    await store.hit('k2', limit);
    now += 120_000;
    const fresh = await store.hit('k1', limit);
    expect(fresh).toMatchObject({ allowed: true, count: 1, resetInMs: 1000 });
    const rows = await testDb.db
      .selectFrom('rate_limits')
      .select('limit_key')
      .where('limit_key', 'in', ['k1', 'k2'])
      .execute();
    expect(rows.map((r) => r.limit_key)).toEqual(['k1']);
  });
});
