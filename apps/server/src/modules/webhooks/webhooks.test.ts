import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { Planner } from '../notifications/index.js';
import { WebhookDispatcher } from './dispatcher.js';
import { WebhooksRepository } from './repository.js';
import { DISABLE_AFTER_MS } from './retry.js';
import { type HookReceiver, startHookReceiver } from './test-receiver.js';

/*
 * Webhooks end to end: made through the API, announced by the services, sent by the dispatcher (driven
 * here with a chosen clock instead of the scheduler's loop) to a local receiver that checks every
 * signature with its own HMAC.
 */

let t: TestApp;
let receiver: HookReceiver;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOUND_ALLOW_LOOPBACK: 'true', NOTIFICATIONS_SCHEDULER: 'off' } });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await receiver?.close();
});

function dispatcher(allowLoopback = true) {
  return new WebhookDispatcher(new WebhooksRepository(t.testDb.db, t.testDb.database.engine), {
    outbound: { allowLoopback },
    log: t.app.log,
  });
}

const at = (ms: number) => () => new Date(Date.now() + ms);

/** A member of a new house with a webhook for `events` pointing at a fresh receiver. */
async function houseWithHook(events: string[]) {
  seq += 1;
  const member = await memberOfNewHouse(t, `wh${seq}`);
  receiver = await startHookReceiver();
  const res = await member.client.post('/api/webhook/', { url: receiver.url, events, description: 'Chat' });
  expect(res.statusCode, res.body).toBe(201);
  const hook = res.json();
  receiver.secret = hook.secret;
  return { ...member, hook };
}

function bodies() {
  return receiver.received.map((r) => JSON.parse(r.body));
}

describe('webhooks API', () => {
  it('makes a webhook and shows its secret once', async () => {
    const { client, user, hook } = await houseWithHook(['task.done', 'ping']);
    expect(hook).toEqual({
      webhook_id: expect.any(Number),
      url: receiver.url,
      events: ['task.done', 'ping'],
      description: 'Chat',
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      enabled: true,
      created_by: user.user_id,
      created_at: expect.any(String),
    });
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await client.get('/api/webhook/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        webhook_id: hook.webhook_id,
        url: receiver.url,
        events: ['task.done', 'ping'],
        description: 'Chat',
        enabled: true,
        created_by: user.user_id,
        created_at: hook.created_at,
        disabled_reason: null,
      },
    ]);
    expect(list.body).not.toContain('whsec_');
  });

  it('refuses bad input naming the field, and adds nothing', async () => {
    const { client } = await houseWithHook(['ping']);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://example.com/x', events: ['ping'] }, 'url'],
      [{ url: 'http://example.com/x', events: ['ping'] }, 'url'],
      [{ url: 'https://10.0.0.8/x', events: ['ping'] }, 'url'],
      [{ url: 'https://192.168.1.1/x', events: ['ping'] }, 'url'],
      [{ url: 'not a url', events: ['ping'] }, 'url'],
      [{ url: receiver.url, events: [] }, 'events'],
      [{ url: receiver.url, events: ['task.teleported'] }, 'events'],
      [{ url: receiver.url, events: ['ping'], description: 'x'.repeat(201) }, 'description'],
      [{ events: ['ping'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await client.post('/api/webhook/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.field, JSON.stringify(body)).toBe(field);
    }
    expect((await client.get('/api/webhook/')).json()).toHaveLength(1);
  });

  it("answers 404 for another house's webhook, for every route", async () => {
    const { hook } = await houseWithHook(['ping']);
    const other = await memberOfNewHouse(t, 'whstranger');
    const id = hook.webhook_id;
    expect((await other.client.put(`/api/webhook/${id}`, { enabled: false })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/webhook/${id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/webhook/${id}/test`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/webhook/${id}/deliveries`)).statusCode).toBe(404);
    expect((await other.client.get('/api/webhook/')).json()).toEqual([]);
  });

  it('lets any member change, switch off and delete it', async () => {
    const { client, house, hook } = await houseWithHook(['ping']);
    const { client: mate } = await (await import('../../test/test-app.js')).housemateOf(
      t,
      `whmate${seq}`,
      house.house_code,
    );
    const put = await mate.put(`/api/webhook/${hook.webhook_id}`, {
      events: ['grocery_item.created'],
      description: 'Shopping',
      enabled: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      events: ['grocery_item.created'],
      description: 'Shopping',
      enabled: false,
    });
    const bad = await mate.put(`/api/webhook/${hook.webhook_id}`, {
      url: 'https://127.0.0.1.nip.io.invalid/',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('url');
    expect((await client.delete(`/api/webhook/${hook.webhook_id}`)).statusCode).toBe(200);
    expect((await mate.get('/api/webhook/')).json()).toEqual([]);
  });
});

describe('delivery', () => {
  it('sends a signed announcement of a change, with the resource as the API answered it', async () => {
    const { client, user, house } = await houseWithHook(['grocery_list.created', 'grocery_list.deleted']);
    const made = await client.post('/api/grocery-list/', { grocery_list_name: 'Weekend' });
    expect(made.statusCode, made.body).toBe(201);
    expect(receiver.received).toHaveLength(0); // queued, not sent by the request
    await dispatcher().drain();
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first?.signatureValid).toBe(true);
    expect(first?.headers['webhook-id']).toMatch(/^msg_/);
    expect(first?.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(first?.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(first?.body ?? '')).toEqual({
      type: 'grocery_list.created',
      timestamp: expect.any(String),
      house_id: house.house_id,
      actor: { user_id: user.user_id, username: user.username },
      data: made.json(),
    });
    const listId = made.json().grocery_list_id;
    expect((await client.delete(`/api/grocery-list/${listId}`)).statusCode).toBe(200);
    await dispatcher().drain();
    expect(bodies()[1]).toMatchObject({ type: 'grocery_list.deleted', data: { grocery_list_id: listId } });
    // A tampered body no longer matches its signature (the receiver's check is real).
    const tampered = { ...first, body: `${first?.body} ` };
    const { verifyStandardSignature } = await import('./test-receiver.js');
    expect(verifyStandardSignature(receiver.secret, tampered.headers ?? {}, tampered.body)).toBe(false);
  });

  it('sends only the events asked for, and task changes as done and skipped', async () => {
    const { client, user } = await houseWithHook(['task.done', 'task.skipped']);
    const task = (
      await client.post('/api/task/', {
        title: 'Bins out',
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
        repeat: { every: 'days', interval: 7 },
        rotation: 'fixed',
        pool: [user.user_id],
        assignee_id: user.user_id,
      })
    ).json();
    expect(task.task_id, JSON.stringify(task)).toBeDefined();
    const done = await client.post(`/api/task/${task.task_id}/done`, {});
    expect(done.statusCode, done.body).toBe(200);
    const skipped = await client.post(`/api/task/${task.task_id}/skip`, {});
    expect(skipped.statusCode, skipped.body).toBe(200);
    await dispatcher().drain();
    expect(bodies().map((b) => b.type)).toEqual(['task.done', 'task.skipped']);
    expect(bodies()[0].data).toEqual(done.json());
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
  });

  it('announces expenses a recurring bill makes, with no person as the actor', async () => {
    const { client, user, house } = await houseWithHook(['expense.created']);
    expect((await client.put(`/api/house/${house.house_id}/currency`, { currency: 'EUR' })).statusCode).toBe(
      200,
    );
    const today = new Date().toISOString().slice(0, 10);
    const made = await client.post('/api/recurring-expense/', {
      title: 'Internet',
      amount_minor: 3000,
      paid_by: user.user_id,
      category: 'utilities',
      split: { mode: 'equal', parts: [{ user_id: user.user_id, value: 0 }] },
      repeat: { every: 'months', interval: 1, month_day: null },
      starts_on: today,
      ends_on: null,
    });
    expect(made.statusCode, made.body).toBe(201);
    await dispatcher().drain();
    expect(bodies()).toHaveLength(1);
    expect(bodies()[0]).toMatchObject({
      type: 'expense.created',
      actor: null,
      data: { title: 'Internet', amount_minor: 3000, spent_on: today },
    });
    expect(receiver.received[0]?.signatureValid).toBe(true);
  });

  it('retries a 5xx with the same webhook-id, and honours Retry-After on a 429', async () => {
    const { client, hook } = await houseWithHook(['ping']);
    receiver.answers.push({ status: 503 }, { status: 429, headers: { 'retry-after': '120' } });
    expect((await client.post(`/api/webhook/${hook.webhook_id}/test`)).statusCode).toBe(202);
    const d = dispatcher();
    await d.drain();
    let log = (await client.get(`/api/webhook/${hook.webhook_id}/deliveries`)).json();
    expect(log[0]).toMatchObject({ event: 'ping', status: 'pending', status_code: 503, attempts: 1 });
    // Not before its backoff (30 s).
    await d.drain(at(10_000));
    expect(receiver.received).toHaveLength(1);
    await d.drain(at(31_000));
    expect(receiver.received).toHaveLength(2);
    log = (await client.get(`/api/webhook/${hook.webhook_id}/deliveries`)).json();
    expect(log[0]).toMatchObject({ status: 'pending', status_code: 429, attempts: 2 });
    const wait = Date.parse(log[0].next_attempt_at) - Date.parse(log[0].last_attempt_at);
    expect(wait).toBe(120_000);
    await d.drain(at(31_000 + 100_000));
    expect(receiver.received).toHaveLength(2);
    await d.drain(at(31_000 + 121_000));
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);
    log = (await client.get(`/api/webhook/${hook.webhook_id}/deliveries`)).json();
    expect(log[0]).toMatchObject({
      status: 'delivered',
      status_code: 200,
      attempts: 3,
      next_attempt_at: null,
    });
    expect(log[0].delivery_id).toBe(receiver.received[0]?.headers['webhook-id']);
  });

  it('gives up at once on a 4xx other than 408 and 429', async () => {
    const { client, hook } = await houseWithHook(['ping']);
    receiver.answers.push({ status: 410 });
    await client.post(`/api/webhook/${hook.webhook_id}/test`);
    const d = dispatcher();
    await d.drain();
    await d.drain(at(3_600_000));
    expect(receiver.received).toHaveLength(1);
    const log = (await client.get(`/api/webhook/${hook.webhook_id}/deliveries`)).json();
    expect(log[0]).toMatchObject({ status: 'failed', status_code: 410, attempts: 1, next_attempt_at: null });
  });

  it('stops retrying a day after the change', async () => {
    const { client, hook } = await houseWithHook(['ping']);
    receiver.answers.push(...Array.from({ length: 100 }, () => ({ status: 500 })));
    await client.post(`/api/webhook/${hook.webhook_id}/test`);
    const d = dispatcher();
    for (let hour = 0; hour <= 26; hour++) await d.drain(at(hour * 3_600_000 + 1000));
    const log = (await client.get(`/api/webhook/${hook.webhook_id}/deliveries`)).json();
    expect(log[0].status).toBe('failed');
    const tries = receiver.received.length;
    await d.drain(at(30 * 3_600_000));
    expect(receiver.received).toHaveLength(tries);
    expect(tries).toBeGreaterThan(5);
  });

  it('switches off a webhook failing for 3 days and tells the house', async () => {
    const { client, hook, house } = await houseWithHook(['grocery_list.created']);
    const { housemateOf } = await import('../../test/test-app.js');
    const mate = await housemateOf(t, `whoff${seq}`, house.house_code);
    for (const c of [client, mate.client]) {
      const set = await c.put('/api/notification-settings/', { channels: { house: ['email'] } });
      expect(set.statusCode, set.body).toBe(200);
    }
    receiver.answers.push(...Array.from({ length: 200 }, () => ({ status: 500 })));
    await client.post('/api/grocery-list/', { grocery_list_name: 'One' });
    const d = dispatcher();
    await d.drain();
    await client.post('/api/grocery-list/', { grocery_list_name: 'Two' });
    // Two days on, still failing: still on.
    await d.drain(at(2 * 86_400_000));
    let listed = (await client.get('/api/webhook/')).json();
    expect(listed[0]).toMatchObject({ enabled: true, disabled_reason: null });
    const later = DISABLE_AFTER_MS + 60_000;
    await client.post('/api/grocery-list/', { grocery_list_name: 'Three' });
    await d.drain(at(later));
    listed = (await client.get('/api/webhook/')).json();
    expect(listed[0]).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // Nothing more is sent to it.
    const sent = receiver.received.length;
    await client.post('/api/grocery-list/', { grocery_list_name: 'Four' });
    await d.drain(at(later + 3_600_000));
    expect(receiver.received).toHaveLength(sent);
    // The house's members get a house-change notification about it.
    await new Planner(t.testDb.db, { engine: t.testDb.database.engine, emailEnabled: true }).run(
      new Date(Date.now() + later + 1000),
    );
    const planned = await t.testDb.db
      .selectFrom('notification_deliveries')
      .select(['user_id', 'kind', 'details'])
      .where('kind', '=', 'house')
      .execute();
    const members = await t.testDb.db
      .selectFrom('users')
      .select('user_id')
      .where('house_id', '=', house.house_id)
      .execute();
    const told = planned.filter((p) => JSON.parse(p.details).text === 'webhookDisabled');
    expect(told.map((p) => p.user_id).sort()).toEqual(members.map((m) => m.user_id).sort());
    expect(JSON.parse(told[0]?.details ?? '{}').name).toBe('Chat');
    // A member switches it on again: it starts afresh.
    const on = await client.put(`/api/webhook/${hook.webhook_id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('refuses, at delivery, an address the outbound guard does not allow', async () => {
    const { client, hook } = await houseWithHook(['ping']);
    await client.post(`/api/webhook/${hook.webhook_id}/test`);
    // A server that does not allow loopback: the stored http://127.0.0.1 URL is refused, not retried.
    await dispatcher(false).drain();
    expect(receiver.received).toHaveLength(0);
    const log = (await client.get(`/api/webhook/${hook.webhook_id}/deliveries`)).json();
    expect(log[0]).toMatchObject({ status: 'failed', status_code: null, attempts: 1 });
    expect(log[0].last_error).toMatch(/^refused/);
  });

  it('never sends personal things: reminders, away periods, member contact details', async () => {
    const { client, house } = await houseWithHook([...(await import('@hearth/contract')).HOUSE_EVENT_TYPES]);
    const reminder = await client.post('/api/reminder/', {
      title: 'Secret pills',
      remind_time: '2030-03-01T07:00:00Z',
      repeat_interval: null,
      time_zone: 'Europe/Berlin',
    });
    expect(reminder.statusCode, reminder.body).toBe(201);
    const away = await client.post('/api/away/', {
      starts_on: '2030-03-01',
      ends_on: '2030-03-04',
      note: 'Hospital',
    });
    expect([200, 201]).toContain(away.statusCode);
    const guest = t.as(`whguest${seq}`);
    const { profile } = await import('../../test/test-app.js');
    await guest.post('/api/users/', profile(`whguest${seq}`));
    expect((await guest.put(`/api/house/${house.house_code}`)).statusCode).toBe(200);
    await dispatcher().drain();
    expect(bodies().map((b) => b.type)).toEqual(['member.joined']);
    const all = receiver.received.map((r) => r.body).join('\n');
    expect(all).not.toContain('Secret pills');
    expect(all).not.toContain('Hospital');
    expect(all).not.toContain('@example.test');
    expect(all).not.toContain('555');
    expect(bodies()[0].data).toEqual({
      user_id: expect.any(Number),
      username: `whguest${seq}`,
      first_name: 'Sam',
      last_name: 'Rivera',
      joined_at: expect.any(String),
    });
  });
});
