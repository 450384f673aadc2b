import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseEngine } from '../config.js';
import { migrations } from './migrations/index.js';
import type { Database } from './tables.js';

/** A migration written once for both engines; `engine` picks the few column types that differ. */
export interface EngineMigration {
  up(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void>;
  down?(db: Kysely<unknown>, engine: DatabaseEngine): Promise<void>;
}

class StaticProvider implements MigrationProvider {
  constructor(private readonly engine: DatabaseEngine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(migrations)) {
      out[name] = {
        up: (db) => m.up(db, this.engine),
        ...(m.down ? { down: (db: Kysely<unknown>) => m.down!(db, this.engine) } : {}),
      };
    }
    return out;
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, engine: DatabaseEngine): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in any schema; name ours so parallel schemas stay apart.
  const schema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(engine),
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
