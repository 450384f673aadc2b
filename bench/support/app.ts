/**
 * What every in-process bench needs: the real app on a fresh SQLite file with the app's own set-up
 * (db/create-db.ts: pragmas and statement cache), a count of the SQL statements it runs, a stand-in
 * external issuer, and a small API client.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { DestinationStream } from 'pino';
import { type App, buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { sqliteDb } from '../../apps/server/src/db/create-db.js';
import type { Database } from '../../apps/server/src/db/tables.js';
import { StandInIssuer } from '../../apps/server/src/test/stand-in-issuer.js';

export interface BenchAppOptions {
  /** Each bench has its own (bench/support/ports.ts), so two can run at once. */
  port: number;
  /** Names the temporary folder. */
  name: string;
  /** Kept answers of polled reads (default on, as in production). */
  responseCache?: boolean;
  /** Where the app's logger writes at level info; without it the app logs nothing. */
  logStream?: DestinationStream;
  /** A database file made before (another instance on the same data); default: a new one. */
  file?: string;
  /** Another bench app's issuer (a second instance on the same data must trust the same one). */
  issuer?: StandInIssuer;
  /** Extra configuration variables. */
  env?: Record<string, string>;
  /**
   * Count the SQL statements (default true). Counting costs a little on every statement, so bench:speed,
   * which measures the app as deployed, turns it off (and queries() stays 0).
   */
  countQueries?: boolean;
}

export interface BenchApp {
  app: App;
  db: Kysely<Database>;
  /** The raw connection, for bulk set-up SQL. */
  sqlite: SQLite.Database;
  file: string;
  base: string;
  issuer: StandInIssuer;
  /** How many SQL statements the app has run so far. */
  queries(): number;
  /** A token valid for two hours. */
  token(subject: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBenchApp(options: BenchAppOptions): Promise<BenchApp> {
  const dir = options.file ? null : mkdtempSync(join(tmpdir(), `hearth-bench-${options.name}-`));
  const file = options.file ?? join(dir as string, 'hearth.db');
  const base = `http://127.0.0.1:${options.port}`;
  let queries = 0;
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = sqliteDb(
    sqlite,
    options.countQueries === false
      ? {}
      : {
          // Every statement the app runs passes here.
          log: (event) => {
            if (event.level === 'query') queries++;
          },
        },
  );
  // The audience is the first instance's: tokens minted once work on every instance.
  const issuer = options.issuer ?? (await StandInIssuer.start(`${base}/api`));
  const config = loadConfig({
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    OIDC_ISSUER: issuer.url,
    OIDC_AUDIENCE: issuer.defaultAudience,
    DATABASE_URL: `file:${file}`,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    API_RATE_LIMIT: 'off',
    ...options.env,
  });
  const app = await buildApp({
    config,
    db,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.responseCache === false ? { responseCache: false } : {}),
  });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  return {
    app,
    db,
    sqlite,
    file,
    base,
    issuer,
    queries: () => queries,
    token: (subject) => issuer.mint(subject, { expiresIn: '2h' }),
    async close() {
      await app.close();
      await db.destroy();
      if (!options.issuer) await issuer.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** fetch with a bearer token and JSON; throws on an answer that is not 2xx. */
export async function call<T = Record<string, unknown>>(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A profile and a house for `subject`, through the API; answers the token, user and house ids. */
export async function memberWithHouse(bench: BenchApp, subject: string, houseName = `${subject}'s house`) {
  const token = await bench.token(subject);
  const user = await call<{ user_id: number }>(bench.base, token, 'POST', '/api/users/', {
    username: subject,
    first_name: 'Bench',
    last_name: 'Mark',
    email: `${subject}@example.test`,
  });
  const house = await call<{ house_id: number; house_code: string }>(
    bench.base,
    token,
    'POST',
    '/api/house/',
    {
      house_name: houseName,
    },
  );
  return { token, userId: user.user_id, houseId: house.house_id, houseCode: house.house_code };
}
