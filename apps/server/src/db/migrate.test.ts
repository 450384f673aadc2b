import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { migrateToLatest, migrationNames } from './migrate.js';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.drop());

describe('migrations', () => {
  it('apply every migration once, in order, and nothing on a second run', async () => {
    const engine = testDb.database.engine;
    expect(await migrateToLatest(testDb.db, engine)).toEqual(await migrationNames());
    expect(await migrateToLatest(testDb.db, engine)).toEqual([]);
    // The schema is really there: every table answers.
    for (const table of [
      'users',
      'houses',
      'events',
      'grocery_lists',
      'grocery_items',
      'reminders',
    ] as const) {
      await expect(testDb.db.selectFrom(table).selectAll().limit(1).execute()).resolves.toEqual([]);
    }
  });
});
