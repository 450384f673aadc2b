import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfNewHouse, startTestApp, type TestApp } from '../test/test-app.js';
import { errorsPlugin } from './errors.js';
import { idempotencyPlugin } from './idempotency.js';

let t: TestApp;
let listId: number;
beforeAll(async () => {
  t = await startTestApp();
  await memberOfNewHouse(t, 'ana');
  await memberOfNewHouse(t, 'ben');
  const res = await t.as('ana').post('/api/grocery-list/', { grocery_list_name: 'Weekly shop' });
  listId = res.json<{ grocery_list_id: number }>().grocery_list_id;
});
afterAll(() => t.close());

/** A request signed as `subject` that carries an Idempotency-Key. */
async function send(
  subject: string,
  method: InjectOptions['method'],
  url: string,
  key: string,
  body?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${await t.issuer.mint(subject)}`, 'idempotency-key': key },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
}

async function itemNames(subject = 'ana') {
  const res = await t.as(subject).get('/api/grocery-list/');
  const lists = res.json<{ grocery_list_id: number; items: { grocery_item_name: string }[] }[]>();
  return lists.find((l) => l.grocery_list_id === listId)?.items.map((i) => i.grocery_item_name) ?? [];
}

describe('Idempotency-Key', () => {
  it('answers a repeated add with the first answer and adds the item once', async () => {
    const body = { grocery_list_id: listId, grocery_item_name: 'Oat milk' };
    const first = await send('ana', 'POST', '/api/grocery-item/', 'add-oat-milk', body);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();

    // The same body with its keys in another order is the same request.
    const again = await send('ana', 'POST', '/api/grocery-item/', 'add-oat-milk', {
      grocery_item_name: 'Oat milk',
      grocery_list_id: listId,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.json()).toEqual(first.json());
    expect((await itemNames()).filter((n) => n === 'Oat milk')).toHaveLength(1);
  });

  it('replays a tick and a removal without running them again', async () => {
    const added = await t
      .as('ana')
      .post('/api/grocery-item/', { grocery_list_id: listId, grocery_item_name: 'Rice' });
    const id = added.json<{ grocery_item_id: number }>().grocery_item_id;

    const tick = await send('ana', 'PATCH', `/api/grocery-item/${id}`, 'tick-rice', { completed: true });
    expect(tick.statusCode).toBe(200);
    // Someone unticks it meanwhile; the replayed tick must not tick it again.
    await t.as('ana').patch(`/api/grocery-item/${id}`, { completed: false });
    const replayedTick = await send('ana', 'PATCH', `/api/grocery-item/${id}`, 'tick-rice', {
      completed: true,
    });
    expect(replayedTick.json()).toEqual(tick.json());
    const lists = (await t.as('ana').get('/api/grocery-list/')).json<
      { items: { grocery_item_id: number; completed: boolean }[] }[]
    >();
    expect(lists.flatMap((l) => l.items).find((i) => i.grocery_item_id === id)?.completed).toBe(false);

    const removed = await send('ana', 'DELETE', `/api/grocery-item/${id}`, 'remove-rice');
    expect(removed.json()).toEqual({ ok: true });
    const removedAgain = await send('ana', 'DELETE', `/api/grocery-item/${id}`, 'remove-rice');
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.json()).toEqual({ ok: true });
  });

  it('refuses the key for a different body or route with 422 and changes nothing', async () => {
    await send('ana', 'POST', '/api/grocery-item/', 'add-bread', {
      grocery_list_id: listId,
      grocery_item_name: 'Bread',
    });
    const before = await itemNames();

    const otherBody = await send('ana', 'POST', '/api/grocery-item/', 'add-bread', {
      grocery_list_id: listId,
      grocery_item_name: 'Butter',
    });
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      error: {
        code: 'idempotency_key_reused',
        message: expect.stringMatching(/different request/),
        field: 'Idempotency-Key',
      },
    });

    const otherRoute = await send('ana', 'POST', '/api/grocery-list/', 'add-bread', {
      grocery_list_name: 'Bread',
    });
    expect(otherRoute.statusCode).toBe(422);
    expect(otherRoute.json().error.code).toBe('idempotency_key_reused');
    expect(await itemNames()).toEqual(before);
    expect((await t.as('ana').get('/api/grocery-list/')).json()).toHaveLength(1);
  });

  it('keeps keys apart per person', async () => {
    const ben = await send('ben', 'POST', '/api/grocery-list/', 'add-oat-milk', {
      grocery_list_name: 'Ben list',
    });
    expect(ben.statusCode).toBe(201);
    expect(ben.headers['idempotency-replayed']).toBeUndefined();
  });

  it('keeps a refused write as it was answered, and its repeat changes nothing', async () => {
    const blank = await send('ana', 'POST', '/api/grocery-item/', 'blank-name', {
      grocery_list_id: listId,
      grocery_item_name: '   ',
    });
    expect(blank.statusCode).toBe(400);
    const again = await send('ana', 'POST', '/api/grocery-item/', 'blank-name', {
      grocery_list_id: listId,
      grocery_item_name: '   ',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(blank.json());
    expect(again.headers['idempotency-replayed']).toBe('true');
  });

  it('answers a change to a deleted list with 404, the same on a repeat', async () => {
    const list = await t.as('ana').post('/api/grocery-list/', { grocery_list_name: 'Party' });
    const partyId = list.json<{ grocery_list_id: number }>().grocery_list_id;
    await t.as('ana').delete(`/api/grocery-list/${partyId}`);
    const body = { grocery_list_id: partyId, grocery_item_name: 'Balloons' };
    const first = await send('ana', 'POST', '/api/grocery-item/', 'late-balloons', body);
    expect(first.statusCode).toBe(404);
    const again = await send('ana', 'POST', '/api/grocery-item/', 'late-balloons', body);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(first.json());
  });

  it('runs the request again once its key has expired', async () => {
    const body = { grocery_list_id: listId, grocery_item_name: 'Eggs' };
    await send('ana', 'POST', '/api/grocery-item/', 'add-eggs', body);
    await t.testDb.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('idempotency_key', '=', 'add-eggs')
      .execute();
    const later = await send('ana', 'POST', '/api/grocery-item/', 'add-eggs', body);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotency-replayed']).toBeUndefined();
    expect((await itemNames()).filter((n) => n === 'Eggs')).toHaveLength(2);
  });

  it('answers a repeat that arrives while the first is still running with 409', async () => {
    const body = { grocery_list_id: listId, grocery_item_name: 'Tea' };
    const answers = await Promise.all([
      send('ana', 'POST', '/api/grocery-item/', 'add-tea', body),
      send('ana', 'POST', '/api/grocery-item/', 'add-tea', body),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    // Either the second waited for nothing (replayed) or found the first still running.
    expect(codes[0]).toBe(201);
    expect([201, 409]).toContain(codes[1]);
    const conflict = answers.find((a) => a.statusCode === 409);
    if (conflict) expect(conflict.json().error.code).toBe('idempotency_in_progress');
    expect((await itemNames()).filter((n) => n === 'Tea')).toHaveLength(1);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const res = await send('ana', 'POST', '/api/grocery-list/', 'x'.repeat(256), {
      grocery_list_name: 'Long key',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'Idempotency-Key' });
    expect((await t.as('ana').get('/api/grocery-list/')).json()).toHaveLength(1);
  });

  it('leaves reads and writes without a key as they were', async () => {
    const a = await t
      .as('ana')
      .post('/api/grocery-item/', { grocery_list_id: listId, grocery_item_name: 'Jam' });
    const b = await t
      .as('ana')
      .post('/api/grocery-item/', { grocery_list_id: listId, grocery_item_name: 'Jam' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/grocery-list/',
      headers: { authorization: `Bearer ${await t.issuer.mint('ana')}`, 'idempotency-key': 'read' },
    });
    expect(read.statusCode).toBe(200);
    const kept = await t.testDb.db.selectFrom('idempotency_keys').select('idempotency_key').execute();
    expect(kept.map((k) => k.idempotency_key)).not.toContain('read');
  });
});

/**
 * One instance as far as keys go: the plugin on the test's database with a short claim lease, and a write
 * that answers only when the test lets it.
 */
async function instance(leaseMs: number) {
  const app = Fastify({ logger: false });
  let answered = 0;
  const gates: (() => void)[] = [];
  app.decorateRequest('identity', null);
  app.addHook('onRequest', async (request) => {
    request.identity = { issuer: 'https://issuer.test', subject: 'cara', email: null, claims: {} };
  });
  await app.register(errorsPlugin);
  await app.register(idempotencyPlugin, { db: t.testDb.db, claimLeaseMs: leaseMs });
  app.post('/api/slow', async () => {
    await new Promise<void>((resolve) => gates.push(resolve));
    return { answered: ++answered };
  });
  await app.ready();
  const post = (key: string) =>
    app.inject({ method: 'POST', url: '/api/slow', headers: { 'idempotency-key': key }, payload: {} });
  /** Lets every write waiting so far answer. */
  const open = () => {
    for (const gate of gates.splice(0)) gate();
  };
  return { app, post, open, waiting: () => gates.length, answered: () => answered };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Idempotency-Key held by a request in flight', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('keeps the key while its request runs past the lease, and answers a repeat 409 with Retry-After', async () => {
    const one = await instance(300);
    apps.push(one.app);
    const first = one.post('long-run');
    await until(() => one.waiting() === 1);
    // Three leases later the claim is still held: its instance moved the lease on.
    await sleep(1000);
    const repeat = await one.post('long-run');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toMatchObject({ code: 'idempotency_in_progress', field: 'Idempotency-Key' });
    expect(Number(repeat.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    one.open();
    expect((await first).json()).toEqual({ answered: 1 });
    const replayed = await one.post('long-run');
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ answered: 1 });
    expect(one.answered()).toBe(1);
  });

  it('gives the key of an instance that stopped mid-request to a retry once the lease ends', async () => {
    const dying = await instance(400);
    const other = await instance(400);
    apps.push(other.app);
    const lost = dying.post('orphaned');
    await until(() => dying.waiting() === 1);
    // The instance goes away without answering (as under kill -9): nothing moves its lease on any more.
    await dying.app.close();

    const early = await other.post('orphaned');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('idempotency_in_progress');
    expect(early.headers['retry-after']).toBe('1');

    await sleep(500);
    const retry = other.post('orphaned');
    await until(() => other.waiting() === 1);
    other.open();
    const answer = await retry;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['idempotency-replayed']).toBeUndefined();
    expect(answer.json()).toEqual({ answered: 1 });

    // Had the lost request still finished, its answer would not replace the retry's.
    dying.open();
    await lost;
    const replayed = await other.post('orphaned');
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ answered: 1 });
  });

  it('tells a retry how long a claim that is no longer young may still hold the key', async () => {
    const one = await instance(10_000);
    apps.push(one.app);
    const now = Date.now();
    // A claim as a stopped instance leaves it: claimed 4 s ago, its lease running out in 6 s.
    await t.testDb.db
      .insertInto('idempotency_keys')
      .values({
        issuer: 'https://issuer.test',
        subject: 'cara',
        idempotency_key: 'left-behind',
        method: 'POST',
        url: '/api/slow',
        // The same request as the retry's (method, URL and an empty body).
        fingerprint: createHash('sha256').update('POST /api/slow\n{}').digest('hex'),
        status_code: null,
        content_type: null,
        response_body: null,
        created_at: new Date(now - 4000).toISOString(),
        expires_at: new Date(now + 6000).toISOString(),
      })
      .execute();
    const res = await one.post('left-behind');
    expect(res.statusCode).toBe(409);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(5);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(6);
  });
});
