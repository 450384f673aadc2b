import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { createDb, type Db } from '../db/create-db.js';

export interface TestDb {
  db: Db;
  database: AppConfig['database'];
  /** PostgreSQL: the run's own schema. */
  pgSchema?: string;
  /** Closes the connection and, on PostgreSQL, drops the run's schema. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: in-memory SQLite by default, or, when TEST_DATABASE_URL is
 * set, a new schema in that PostgreSQL database that is dropped afterwards, so runs never see each other.
 * `url` picks the engine for this one database ('' for SQLite in memory, `file:<path>` for a SQLite file),
 * e.g. to copy data between engines.
 */
export async function createTestDb(url = process.env.TEST_DATABASE_URL): Promise<TestDb> {
  if (!url || url.startsWith('file:')) {
    const sqlitePath = url ? url.slice('file:'.length) : ':memory:';
    const database = { engine: 'sqlite' as const, url: `file:${sqlitePath}`, sqlitePath };
    const db = createDb(database);
    return { db, database, drop: () => db.destroy() };
  }
  const schema = `hearth_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = { engine: 'postgres' as const, url, sqlitePath: null };
  // Connections carry the schema's name, so a test can find (and terminate) exactly its own.
  const db = createDb(database, { pgSchema: schema, applicationName: schema });
  return {
    db,
    database,
    pgSchema: schema,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
