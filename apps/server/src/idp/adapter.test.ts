import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.js';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { KyselyAdapter, PayloadPruner } from './adapter.js';

let testDb: TestDb;
let pruner: PayloadPruner;
const adapter = (model: string) => new KyselyAdapter(model, testDb.db, pruner);

beforeAll(async () => {
  testDb = await createTestDb();
  await migrateToLatest(testDb.db, testDb.database.engine);
  pruner = new PayloadPruner(testDb.db, (err) => {
    throw err;
  });
});

afterAll(async () => {
  await pruner?.settle();
  await testDb?.drop();
});

describe('KyselyAdapter (oidc-provider storage in idp_payloads)', () => {
  it('stores, finds and replaces a payload by model and id', async () => {
    const sessions = adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await adapter('Grant').find('s1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await sessions.findByUid('nope')).toBeUndefined();
  });

  it('finds device codes by user code', async () => {
    const codes = adapter('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g0' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
  });

  it('marks a payload consumed', async () => {
    const codes = adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    const found = await codes.find('c1');
    expect(found?.consumed).toEqual(expect.any(Number));
    expect(Math.abs(Number(found?.consumed) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('ignores expired payloads and prunes them', async () => {
    const interactions = adapter('Interaction');
    await interactions.upsert('old', { uid: 'x' }, 60);
    await testDb.db
      .updateTable('idp_payloads')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', 'old')
      .execute();
    expect(await interactions.find('old')).toBeUndefined();
    expect(await pruner.prune()).toBeGreaterThanOrEqual(1);
    const left = await testDb.db.selectFrom('idp_payloads').select('id').where('id', '=', 'old').execute();
    expect(left).toEqual([]);
  });

  it('keeps payloads without an expiry', async () => {
    const clients = adapter('Client');
    await clients.upsert('forever', { client_id: 'forever' });
    expect(await clients.find('forever')).toEqual({ client_id: 'forever' });
  });

  it('destroys one payload, and revokes every payload of a grant in one model', async () => {
    const refresh = adapter('RefreshToken');
    const codes = adapter('AuthorizationCode');
    await refresh.upsert('r1', { grantId: 'g2' }, 60);
    await refresh.upsert('r2', { grantId: 'g2' }, 60);
    await refresh.upsert('r3', { grantId: 'other' }, 60);
    await codes.upsert('c2', { grantId: 'g2' }, 60);

    await refresh.revokeByGrantId('g2');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeUndefined();
    expect(await refresh.find('r3')).toBeDefined();
    expect(await codes.find('c2')).toBeDefined();

    await refresh.destroy('r3');
    expect(await refresh.find('r3')).toBeUndefined();
  });
});
