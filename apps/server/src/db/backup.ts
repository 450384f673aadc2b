import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { AppConfig } from '../config.js';
import { createDb } from './create-db.js';
import { migrateToLatest } from './migrate.js';
import { SQLite, type SQLiteDatabase } from './sqlite-driver.js';

/*
 * Operators' copies of the whole database. SQLite: the online backup API, so the copy is consistent
 * while the server keeps writing. PostgreSQL: pg_dump's custom format (one snapshot), restored with
 * pg_restore. Restoring always goes into an empty database and then brings the schema up to date, so a
 * backup taken by an older Hearth restores into a newer one.
 */

const run = promisify(execFile);

export type Database = AppConfig['database'];

export interface PgScope {
  /** PostgreSQL only: copy just this schema (tests keep one schema per run in a shared database). */
  pgSchema?: string;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The most pages better-sqlite3 lets one backup step copy: in effect, all of them. */
const ALL_PAGES = 0x7fffffff;

/** Writes a consistent copy of the database to `file` (which must not exist yet). */
export async function backupDatabase(database: Database, file: string, scope: PgScope = {}): Promise<void> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists; choose a new file name.`);
  mkdirSync(dirname(target), { recursive: true });
  if (database.engine === 'postgres') {
    const args = ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`];
    if (scope.pgSchema) args.push(`--schema=${scope.pgSchema}`);
    await run('pg_dump', [...args, `--dbname=${database.url}`]);
    return;
  }
  const path = sqlitePathOf(database);
  if (!existsSync(path)) throw new BackupError(`There is no database at ${path}.`);
  const source = new SQLite(path, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Every page in each step: a step is one read snapshot (in WAL mode writers carry on meanwhile). A write
    // between two steps makes SQLite start the copy over; a step sized to the pages left before that write
    // then fell short of the grown file, so busy writers could keep a backup going round for ever.
    await source.backup(target, { progress: () => ALL_PAGES });
  } catch (err) {
    rmSync(target, { force: true });
    throw err;
  } finally {
    source.close();
  }
}

/** Restores a backup made by `backupDatabase` into an empty database, then runs any newer migrations. */
export async function restoreDatabase(
  database: Database,
  file: string,
  scope: PgScope = {},
): Promise<string[]> {
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  if (database.engine === 'postgres') {
    await requireEmptyPostgres(database, scope);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${database.url}`,
      source,
    ]);
  } else {
    const path = sqlitePathOf(database);
    if (existsSync(path) && statSync(path).size > 0) {
      throw new BackupError(`${path} already holds a database; restore into an empty one (a new path).`);
    }
    checkSqliteBackup(source);
    mkdirSync(dirname(path), { recursive: true });
    const backup = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await backup.backup(path);
    } finally {
      backup.close();
    }
  }
  const db = createDb(database, scope.pgSchema ? { pgSchema: scope.pgSchema } : {});
  try {
    return await migrateToLatest(db, database.engine);
  } finally {
    await db.destroy();
  }
}

function sqlitePathOf(database: Database): string {
  if (!database.sqlitePath || database.sqlitePath === ':memory:') {
    throw new BackupError('DATABASE_URL must name a SQLite file (file:<path>) or a PostgreSQL database.');
  }
  return database.sqlitePath;
}

/** A readable SQLite file that a Hearth made (it has the migrations' bookkeeping table) and is intact. */
function checkSqliteBackup(file: string): void {
  let db: SQLiteDatabase;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    throw new BackupError(`${file} is not a SQLite database.`);
  }
  try {
    const hearth = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hearth) throw new BackupError(`${file} is not a Hearth backup.`);
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${file} is damaged: ${String(check)}`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} is not a SQLite database.`);
  } finally {
    db.close();
  }
}

async function requireEmptyPostgres(database: Database, scope: PgScope): Promise<void> {
  const db = createDb(database);
  try {
    const { rows } = await sql<{ n: string | number }>`
      select count(*) as n from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')
        and (${scope.pgSchema ?? null}::text is null or table_schema = ${scope.pgSchema ?? null})`.execute(
      db,
    );
    if (Number(rows[0]?.n ?? 0) > 0) {
      throw new BackupError('The target database already has tables; restore into an empty database.');
    }
  } finally {
    await db.destroy();
  }
}
