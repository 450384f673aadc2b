import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb, testEngine } from '../test/test-db.js';
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

  it('keeps the names databases already recorded, and finds only dated migration files', async () => {
    const names = await migrationNames();
    expect(names.slice(0, 4)).toEqual([
      '2026-11-22-001-foundation',
      '2026-11-22-010-events',
      '2026-11-22-020-groceries',
      '2026-11-22-030-reminders',
    ]);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+$/);
  });
});

describe.skipIf(testEngine !== 'postgres')('migrations beside other schemas (PostgreSQL)', () => {
  it('look for their tables in the current schema only, so other schemas coming and going do not matter', async () => {
    const other = await createTestDb();
    try {
      await migrateToLatest(testDb.db, 'postgres');
      await migrateToLatest(other.db, 'postgres');
      const tables = await testDb.db.introspection.getTables();
      expect(tables.length).toBeGreaterThan(5);
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([testDb.pgSchema]));
      expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
      const withInternal = await testDb.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(withInternal.map((t) => t.name)).toContain('kysely_migration');
      const users = tables.find((t) => t.name === 'users');
      const id = users?.columns.find((c) => c.name === 'user_id');
      expect(id).toMatchObject({ isAutoIncrementing: true, isNullable: false, hasDefaultValue: true });
    } finally {
      await other.drop();
    }
  });
});
