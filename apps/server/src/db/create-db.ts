import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  CompiledQuery,
  Kysely,
  type KyselyConfig,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { markConnectionFailure } from '../lib/db-errors.js';
import { CurrentSchemaPostgresDialect } from './pg-introspector.js';
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
    markConnectFailures(pool);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    pools.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    prepared.set(db, {
      query: async (name, text, parameters) =>
        (await pool.query({ name, text, values: parameters as unknown[] })).rows,
    });
    return db;
  }
  const path = database.sqlitePath ?? ':memory:';
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return sqliteDb(sqlite);
}

/** A Db's connections right now: how many are open, idle, and how many queries wait for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const pools = new WeakMap<Db, () => PoolStats>();

/**
 * The connection pool of a Db made here. SQLite has one connection, busy while a transaction or a streamed
 * read holds it; Kysely queues the rest out of sight, so none are counted as waiting.
 */
export function poolStats(db: Db): PoolStats {
  const pool = pools.get(db);
  if (pool) return pool();
  const reads = immediateReads(db);
  if (!reads) return { total: 0, idle: 0, waiting: 0 };
  return { total: 1, idle: reads.free() ? 1 : 0, waiting: 0 };
}

/**
 * Marks every error the pool gives instead of a connection (refused, timed out, turned away by the server
 * whatever its code) as a connection failure, so a request that meets one is answered 503 (lib/db-errors.ts).
 * Kysely takes its connections with pool.connect(), and pool.query() takes its own through it as well.
 */
function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void,
  ) => void;
  const marked = (callback?: (...args: unknown[]) => void) => {
    if (callback) {
      connect((err, client, done) => callback(err && markConnectionFailure(err), client, done));
      return undefined;
    }
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((err, client) => (err ? reject(markConnectionFailure(err)) : resolve(client as pg.PoolClient))),
    );
  };
  pool.connect = marked as typeof pool.connect;
}

/** Reads sent to PostgreSQL as named prepared statements, on the Db's own pool. */
export interface PreparedReads {
  /**
   * Runs a read that PostgreSQL parses and plans once per connection (Kysely sends every query unnamed, to
   * be planned anew). Needs session-level connections, as the live stream's LISTEN already does.
   */
  query(name: string, text: string, parameters: readonly unknown[]): Promise<unknown[]>;
}

const prepared = new WeakMap<Db, PreparedReads>();

/** The prepared reads of a PostgreSQL Db made by createDb; null on SQLite. */
export function preparedReads(db: Db): PreparedReads | null {
  return prepared.get(db) ?? null;
}

/** Reads run at once on a Db's SQLite connection, without Kysely's asynchronous hand-over of it. */
export interface ImmediateReads {
  /** A read statement, prepared once. Run it only while free() is true. */
  prepare(text: string): SqliteReadStatement;
  /**
   * Whether a statement may run on the connection right now: false while a transaction or a streamed read
   * holds it between two of Kysely's awaits (a read then would see uncommitted rows, or fail).
   */
  free(): boolean;
  /**
   * A number that changes whenever a change may have been committed to the database since it was last
   * asked: through this connection (SQLite's total_changes() counts every row written on it, by Kysely or
   * not) or through any other, in this process or another one on the same file (PRAGMA data_version).
   * While it stays the same, a read gives the same rows as before. Ask only while free() is true.
   */
  generation(): number;
}

export interface SqliteReadStatement {
  get(...parameters: unknown[]): unknown;
}

const immediate = new WeakMap<Db, ImmediateReads>();

/**
 * A Db over one SQLite connection, with the statement cache, whose reads immediateReads can also run. A
 * `log` function hears those reads too, as Kysely's query events.
 */
export function sqliteDb(sqlite: SQLiteDatabase, config: Omit<KyselyConfig, 'dialect'> = {}): Db {
  let streams = 0;
  const db = new Kysely<Database>({
    ...config,
    dialect: new SqliteDialect({
      database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, (delta) => {
        streams += delta;
      }),
    }),
  });
  const log = typeof config.log === 'function' ? config.log : null;
  /** `pluck`: the first column's value instead of a row object. */
  const prepare = (text: string, { pluck = false } = {}): SqliteReadStatement => {
    const statement = sqlite.prepare(text);
    // A write here would pass unseen by Kysely's hand-over of the connection.
    if (!statement.readonly) throw new Error(`not a read: ${text}`);
    if (pluck) statement.pluck();
    if (!log) return statement;
    const compiled = CompiledQuery.raw(text);
    return {
      get(...parameters) {
        const started = performance.now();
        const row = statement.get(...parameters);
        const query = { ...compiled, parameters };
        void log({ level: 'query', query, queryDurationMillis: performance.now() - started });
        return row;
      },
    };
  };
  // Plain values (pluck), not rows: these two run on every polled read, and a row object costs a third more.
  const dataVersion = prepare('pragma data_version', { pluck: true });
  const totalChanges = prepare('select total_changes()', { pluck: true });
  let seenDataVersion = -1;
  let seenTotalChanges = -1;
  let generation = 0;
  immediate.set(db, {
    prepare,
    free: () => streams === 0 && sqlite.open && !sqlite.inTransaction,
    generation() {
      const dataVersionNow = dataVersion.get() as number;
      const totalChangesNow = totalChanges.get() as number;
      if (dataVersionNow !== seenDataVersion || totalChangesNow !== seenTotalChanges) {
        seenDataVersion = dataVersionNow;
        seenTotalChanges = totalChangesNow;
        generation++;
      }
      return generation;
    },
  });
  return db;
}

/**
 * The SQLite connection's immediate reads for a Db made by sqliteDb; null on PostgreSQL (whose reads
 * always wait for a pooled connection).
 */
export function immediateReads(db: Db): ImmediateReads | null {
  return immediate.get(db) ?? null;
}

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a small read.
 * The same SQL text gets the same better-sqlite3 statement back (least recently used ones are dropped).
 * Streaming gets a statement of its own: a statement that is being iterated cannot run anything else.
 */
export function withStatementCache(
  sqlite: SQLiteDatabase,
  size = STATEMENT_CACHE_SIZE,
  /** Told +1 when a streamed read starts and -1 when it ends. */
  onStream?: (delta: 1 | -1) => void,
): SqliteDatabase {
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
          iterate: (parameters) => streamed(sqlite.prepare(text).iterate(...parameters), onStream),
        };
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** Rows of a streamed read; `onStream` hears at once that it is open, and when it is finished or given up. */
function streamed(
  rows: IterableIterator<unknown>,
  onStream?: (delta: 1 | -1) => void,
): IterableIterator<unknown> {
  let open = true;
  onStream?.(1);
  const end = () => {
    if (open) onStream?.(-1);
    open = false;
  };
  const iterator: IterableIterator<unknown> = {
    [Symbol.iterator]: () => iterator,
    next() {
      try {
        const step = rows.next();
        if (step.done) end();
        return step;
      } catch (err) {
        end();
        throw err;
      }
    },
    return(value?: unknown) {
      end();
      return rows.return?.(value) ?? { done: true, value };
    },
  };
  return iterator;
}
