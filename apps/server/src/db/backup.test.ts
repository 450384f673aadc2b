import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/test-app.js';
import { testEngine } from '../test/test-db.js';
import { BackupError, backupDatabase, restoreDatabase } from './backup.js';
import { createDb } from './create-db.js';

/*
 * A backup taken while 20 writers keep adding grocery items through the API restores into an empty
 * database with every write acknowledged before the backup began, and the restored Hearth serves them.
 */

const WRITERS = 20;
const dir = mkdtempSync(join(tmpdir(), 'hearth-backup-'));
const pgUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
let restoreDbName: string | null = null;

beforeAll(async () => {
  t = await startTestApp(testEngine === 'sqlite' ? { databaseUrl: `file:${join(dir, 'live.db')}` } : {});
});
afterAll(async () => {
  await t.close();
  if (pgUrl && restoreDbName) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${restoreDbName}`);
    await admin.end();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty database on this run's engine to restore into. */
async function emptyTarget(): Promise<AppConfig['database']> {
  if (testEngine === 'sqlite') {
    const path = join(dir, 'restored.db');
    return { engine: 'sqlite', url: `file:${path}`, sqlitePath: path };
  }
  restoreDbName = `hearth_restore_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${restoreDbName}`);
  await admin.end();
  const url = new URL(pgUrl!);
  url.pathname = `/${restoreDbName}`;
  return { engine: 'postgres', url: url.toString(), sqlitePath: null };
}

describe(`backup and restore (${testEngine})`, () => {
  it('keeps every acknowledged write while 20 writers run', async () => {
    const { house, members } = await t.factory.household(WRITERS);
    const owner = t.as(members[0]!.subject);
    const list = (await owner.post('/api/grocery-list/', { grocery_list_name: 'Busy list' })).json();
    expect(list.grocery_list_id).toBeTypeOf('number');

    const acknowledged: { id: number; name: string }[] = [];
    let stop = false;
    let failures = 0;
    const writers = members.map(async (member, w) => {
      const client = t.as(member.subject);
      for (let n = 0; !stop; n++) {
        const res = await client.post('/api/grocery-item/', {
          grocery_list_id: list.grocery_list_id,
          grocery_item_name: `Writer ${w} item ${n}`,
        });
        // What the server acknowledged, as it stored it.
        const item = res.json();
        if (res.statusCode === 201)
          acknowledged.push({ id: item.grocery_item_id, name: item.grocery_item_name });
        else failures += 1;
      }
    });

    const writesReach = async (n: number) => {
      while (acknowledged.length < n) {
        // A refused write says why at once, rather than as a stall until the test's timeout.
        if (failures > 0) {
          stop = true;
          throw new Error(`${failures} writes were refused while waiting for ${n} acknowledged writes`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await writesReach(3 * WRITERS);
    const file = join(dir, 'hearth.backup');
    const before = [...acknowledged];
    await backupDatabase(t.testDb.database, file, t.testDb.pgSchema ? { pgSchema: t.testDb.pgSchema } : {});
    const afterBackup = acknowledged.length;
    await writesReach(afterBackup + WRITERS);
    stop = true;
    await Promise.all(writers);

    expect(failures).toBe(0);
    expect(before.length).toBeGreaterThanOrEqual(3 * WRITERS);
    // The writers kept going while the copy was made.
    expect(acknowledged.length).toBeGreaterThan(afterBackup);

    // A backup never overwrites a file.
    await expect(backupDatabase(t.testDb.database, file)).rejects.toBeInstanceOf(BackupError);

    const target = await emptyTarget();
    const scope = t.testDb.pgSchema ? { pgSchema: t.testDb.pgSchema } : {};
    await restoreDatabase(target, file, scope);
    // Restoring again is refused: the database is not empty any more.
    await expect(restoreDatabase(target, file, scope)).rejects.toBeInstanceOf(BackupError);

    const restored = createDb(target, scope);
    const app = await buildApp({
      config: {
        ...loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, OIDC_ISSUER: t.issuer.url, LOG_LEVEL: 'silent' }),
        database: target,
      },
      db: restored,
      logger: false,
    });
    try {
      const rows = await restored
        .selectFrom('grocery_items')
        .select(['grocery_item_id', 'grocery_item_name'])
        .where('grocery_list_id', '=', list.grocery_list_id)
        .execute();
      const byId = new Map(rows.map((r) => [r.grocery_item_id, r.grocery_item_name]));
      const missing = before.filter((a) => byId.get(a.id) !== a.name);
      expect(missing).toEqual([]);
      // Whatever the copy holds beyond that was acknowledged too: nothing half-written.
      const acked = new Map(acknowledged.map((a) => [a.id, a.name]));
      expect(rows.filter((r) => acked.get(r.grocery_item_id) !== r.grocery_item_name)).toEqual([]);

      // The restored Hearth serves it: a member signs in and reads the list.
      const token = await t.issuer.mint(members[1]!.subject);
      const res = await app.inject({
        method: 'GET',
        url: '/api/grocery-list/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const items = res.json()[0].items as { grocery_item_id: number }[];
      expect(items.length).toBe(rows.length);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/api/house/${house.house_id}`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
      await restored.destroy();
    }
  });

  it.runIf(testEngine === 'sqlite')(
    'finishes while another connection grows the file between its steps',
    async () => {
      const path = join(dir, 'growing.db');
      const writer = new SQLite(path);
      writer.pragma('journal_mode = WAL');
      writer.exec('create table notes (body text)');
      const insert = writer.prepare('insert into notes (body) values (?)');
      const page = 'x'.repeat(4000);
      for (let i = 0; i < 200; i++) insert.run(page);
      // A new page or more before every step the copy takes (each step runs on its own turn of the loop).
      let growing = true;
      const grow = () => {
        if (!growing) return;
        for (let i = 0; i < 5; i++) insert.run(page);
        setImmediate(grow);
      };
      setImmediate(grow);
      try {
        const copy = join(dir, 'growing.backup');
        await backupDatabase({ engine: 'sqlite', url: `file:${path}`, sqlitePath: path }, copy);
        growing = false;
        const copied = new SQLite(copy, { readonly: true });
        const { n } = copied.prepare('select count(*) as n from notes').get() as { n: number };
        copied.close();
        expect(n).toBeGreaterThanOrEqual(200);
      } finally {
        growing = false;
        writer.close();
      }
    },
    10_000,
  );

  it('refuses what is not a Hearth backup', async () => {
    if (testEngine !== 'sqlite') return;
    const notBackup = join(dir, 'plain.db');
    const other = createDb({ engine: 'sqlite', url: `file:${notBackup}`, sqlitePath: notBackup });
    await other.destroy();
    const target = join(dir, 'nothing.db');
    await expect(
      restoreDatabase({ engine: 'sqlite', url: `file:${target}`, sqlitePath: target }, notBackup),
    ).rejects.toThrow(/not a Hearth backup/);
    await expect(
      restoreDatabase(
        { engine: 'sqlite', url: `file:${target}`, sqlitePath: target },
        join(dir, 'absent.db'),
      ),
    ).rejects.toThrow(/no backup/);
  });
});
