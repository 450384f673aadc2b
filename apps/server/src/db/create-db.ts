import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { SQLite, type SQLiteDatabase } from './sqlite-driver.js';
import type { Database } from './tables.js';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** PostgreSQL only: the schema to work in (tests give each run its own). */
  pgSchema?: string;
  /** PostgreSQL only: told when an idle pooled connection dies (the pool drops it and opens another). */
  onPoolError?: (err: Error) => void;
  /** PostgreSQL only: how the connections name themselves to the server (pg_stat_activity). */
  applicationName?: string;
}

/** How Hearth's pooled connections show up in pg_stat_activity. */
export const PG_APPLICATION_NAME = 'hearth';

export function createDb(database: AppConfig['database'], options: DbOptions = {}): Db {
  if (database.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 10,
      application_name: options.applicationName ?? PG_APPLICATION_NAME,
      // A request waits at most this long for a connection (a busy pool, an unanswered connect), then
      // gets a 503; a refused connection fails at once.
      connectionTimeoutMillis: 15_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // Without a listener, a connection the server drops (restart, pg_terminate_backend) is an unhandled
    // 'error' event that ends the process: idle ones report through the pool, checked-out ones through
    // themselves (between two queries). The pool discards a broken client either way.
    const report = (err: Error) => options.onPoolError?.(err);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const path = database.sqlitePath ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a small read.
 * The same SQL text gets the same better-sqlite3 statement back (least recently used ones are dropped).
 * Streaming gets a statement of its own: a statement that is being iterated cannot run anything else.
 */
export function withStatementCache(sqlite: SQLiteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(text: string): SqliteStatement {
      let statement = cache.get(text);
      if (statement) {
        // Most recently used last, so the first key is the one to drop.
        cache.delete(text);
      } else {
        const prepared = sqlite.prepare(text);
        statement = {
          reader: prepared.reader,
          all: (parameters) => prepared.all(...parameters),
          run: (parameters) => prepared.run(...parameters),
          iterate: (parameters) => sqlite.prepare(text).iterate(...parameters),
        };
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}
