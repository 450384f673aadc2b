import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, immediateReads, preparedReads } from './create-db.js';
import { migrateToLatest } from './migrate.js';

/*
 * Reads run at once on the SQLite connection (the polled reads' version check): they may run only while
 * no transaction or streamed read holds the connection, and the generation they are kept under changes
 * with every change committed through this connection or any other one on the same file.
 */
const dir = mkdtempSync(join(tmpdir(), 'hearth-immediate-'));
const file = join(dir, 'hearth.db');
const database = { engine: 'sqlite' as const, url: `file:${file}`, sqlitePath: file };
let db: Db;
let other: Db;

beforeAll(async () => {
  db = createDb(database);
  await migrateToLatest(db, 'sqlite');
  // Another connection on the same file, as another process (a second server, a CLI) would have.
  other = createDb(database);
});
afterAll(async () => {
  await db.destroy();
  await other.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const version = (key: string) =>
  db.insertInto('cache_versions').values({ scope_key: key, version: 1 }).execute();

describe('immediate reads on SQLite', () => {
  it('are offered on SQLite, and named prepared reads on PostgreSQL', async () => {
    expect(immediateReads(db)).not.toBeNull();
    expect(preparedReads(db)).toBeNull();
    // No connection is made until a query runs.
    const postgres = createDb({
      engine: 'postgres',
      url: 'postgres://nobody@127.0.0.1:1/none',
      sqlitePath: null,
    });
    expect(immediateReads(postgres)).toBeNull();
    expect(preparedReads(postgres)).not.toBeNull();
    await postgres.destroy();
  });

  it('take reads only', () => {
    expect(() => immediateReads(db)!.prepare("insert into cache_versions values ('w', 1)")).toThrow(
      /not a read/,
    );
  });

  it('wait while a transaction holds the connection, and see only committed rows', async () => {
    const reads = immediateReads(db)!;
    const read = reads.prepare("select version from cache_versions where scope_key = 'tx'");
    expect(reads.free()).toBe(true);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('cache_versions').values({ scope_key: 'tx', version: 1 }).execute();
      // Between two of Kysely's awaits: a read now would see the uncommitted row.
      expect(reads.free()).toBe(false);
    });
    expect(reads.free()).toBe(true);
    expect(read.get()).toEqual({ version: 1 });
  });

  it('wait while a streamed read is open, and go on once it is finished or given up', async () => {
    const reads = immediateReads(db)!;
    await version('stream-1');
    await version('stream-2');
    for await (const _row of db.selectFrom('cache_versions').selectAll().stream()) {
      expect(reads.free()).toBe(false);
    }
    expect(reads.free()).toBe(true);
    for await (const _row of db.selectFrom('cache_versions').selectAll().stream()) {
      expect(reads.free()).toBe(false);
      break;
    }
    expect(reads.free()).toBe(true);
  });

  it('keep one generation while nothing is written, and a new one after any write, from any connection', async () => {
    const reads = immediateReads(db)!;
    const first = reads.generation();
    await db.selectFrom('users').selectAll().execute();
    expect(reads.generation()).toBe(first);

    await version('own-connection');
    const afterOwn = reads.generation();
    expect(afterOwn).not.toBe(first);
    expect(reads.generation()).toBe(afterOwn);

    await other.insertInto('cache_versions').values({ scope_key: 'other-connection', version: 1 }).execute();
    const afterOther = reads.generation();
    expect(afterOther).not.toBe(afterOwn);
    expect(reads.generation()).toBe(afterOther);

    // An update counts as an insert does.
    await sql`update cache_versions set version = version + 1 where scope_key = 'own-connection'`.execute(db);
    expect(reads.generation()).not.toBe(afterOther);
  });
});
