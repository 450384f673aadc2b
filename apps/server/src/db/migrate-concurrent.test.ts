import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrate, type ScratchDatabase, scratchDatabase } from '../test/spawned-server.js';
import { testEngine } from '../test/test-db.js';
import { migrationNames } from './migrate.js';

/*
 * Three processes migrating one empty database at the same moment (instances starting together): each
 * migration runs once, in one of them; the others wait and find nothing left to do, and none fails.
 */

let database: ScratchDatabase;
beforeAll(async () => {
  database = await scratchDatabase();
});
afterAll(() => database?.drop());

describe(`migrations started by three processes at once (${testEngine})`, () => {
  it('run once', async () => {
    const runs = await Promise.all(
      [1, 2, 3].map(() => runMigrate({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' })),
    );
    for (const run of runs) expect(run, run.output).toMatchObject({ code: 0 });
    const applied = runs.map((run) => {
      const line = run.output.split('\n').find((l) => l.startsWith('Applied: ') || l.includes('up to date'));
      expect(line, run.output).toBeDefined();
      return line?.startsWith('Applied: ') ? line.slice('Applied: '.length).split(', ') : [];
    });
    const all = await migrationNames();
    expect(applied.flat().sort()).toEqual(all);
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
  }, 300_000);
});
