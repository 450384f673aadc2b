import { readdir } from 'node:fs/promises';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseEngine } from '../config.js';
import type { Database } from './tables.js';

/**
 * A migration written once for both engines; `engine` picks the few column types that differ. Each file
 * in `migrations/` default-exports one; its file name (without extension) is its name, and names sort in
 * the order they run, so a new file is picked up by being there.
 */
export interface EngineMigration {
  up(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void>;
  down?(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void>;
}

const MIGRATIONS_FOLDER = new URL('./migrations/', import.meta.url);
/**
 * `YYYY-MM-DD-NNN-name.ts` (compiled: `.js`): the date and number order them. Anything else in the
 * folder (a helper, a stale build output) is not a migration.
 */
const MIGRATION_FILE = /^\d{4}-\d{2}-\d{2}-\d{3}-[a-z0-9-]+\.(?:ts|js)$/;

/**
 * Finds the migration files and hands each one the engine it runs on. The files are imported from here
 * (not by Kysely's FileMigrationProvider) so that the test runner, which compiles TypeScript on the fly,
 * loads them as it loads every other source file.
 */
class EngineMigrationProvider implements MigrationProvider {
  constructor(private readonly engine: DatabaseEngine) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_FOLDER)).filter((f) => MIGRATION_FILE.test(f)).sort();
    const out: Record<string, Migration> = {};
    for (const file of files) {
      const loaded = (await import(new URL(file, MIGRATIONS_FOLDER).href)) as { default?: EngineMigration };
      const m = loaded.default;
      if (!m || typeof m.up !== 'function') throw new Error(`Migration ${file} has no default export.`);
      out[file.replace(/\.(?:ts|js)$/, '')] = {
        up: (db) => m.up(db, this.engine),
        ...(m.down ? { down: (db: Kysely<unknown>) => m.down!(db, this.engine) } : {}),
      };
    }
    return out;
  }
}

/** The names of every migration, in the order they run. */
export async function migrationNames(): Promise<string[]> {
  return Object.keys(await new EngineMigrationProvider('sqlite').getMigrations()).sort();
}

/**
 * Brings the schema up to date; throws with the failing migration's name. Several instances may start at
 * once on one database: on PostgreSQL the whole run (bookkeeping tables included) holds a session advisory
 * lock named after the schema, so one instance migrates and the others wait, then find nothing left to do.
 * On SQLite Kysely takes no lock and no transaction (it counts on one connection), but several processes
 * may open one file: the whole run is one IMMEDIATE transaction, which holds the file's write lock from
 * before the bookkeeping is read, so the others wait and then find nothing left to do.
 */
export async function migrateToLatest(db: Kysely<Database>, engine: DatabaseEngine): Promise<string[]> {
  if (engine !== 'postgres') {
    return db.connection().execute(async (connection) => {
      await beginImmediate(connection);
      try {
        const applied = await migrateWith(connection, engine, undefined);
        await sql`commit`.execute(connection);
        return applied;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }
  return db.connection().execute(async (connection) => {
    // Kysely looks for its bookkeeping tables in any schema; name ours so parallel schemas stay apart.
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(connection))
      .rows[0]?.schema;
    const key = `hearth-migrate:${schema ?? ''}`;
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await migrateWith(connection, engine, schema);
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/** The write lock waits out another process's migrations (busy_timeout each try), up to a minute. */
async function beginImmediate(connection: Kysely<Database>): Promise<void> {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      await sql`begin immediate`.execute(connection);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() > giveUpAt) throw error;
    }
  }
}

async function migrateWith(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  schema: string | undefined,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new EngineMigrationProvider(engine),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
