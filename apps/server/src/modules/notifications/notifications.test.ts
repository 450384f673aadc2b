import type { PushPayload } from '@hearth/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.js';
import type { LiveHub } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import {
  type ApiClient,
  housemateOf,
  memberOfNewHouse,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { NotificationsRepository } from './repository.js';
import { Scheduler } from './scheduler.js';
import { NotificationsService } from './service.js';
import { type MailSink, mailText, type PushSink, startMailSink, startPushSink } from './test-receivers.js';

let t: TestApp;
let mail: MailSink;
let push: PushSink;
let scheduler: Scheduler;
/** Another instance's notifications service: its own instance id, so its own claims. */
let newInstance: () => NotificationsService;
// Only Date is faked: timers, sockets and the SMTP server run as usual.
vi.useFakeTimers({ toFake: ['Date'] });
const clock = () => new Date();
const setNow = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(async () => {
  [mail, push] = await Promise.all([startMailSink(), startPushSink()]);
  const env = {
    SMTP_URL: mail.url,
    MAIL_FROM: 'Hearth <hearth@hearth.test>',
    OUTBOUND_ALLOW_LOOPBACK: 'true',
    NOTIFICATIONS_SCHEDULER: 'off',
    API_RATE_LIMIT: 'off',
  };
  t = await startTestApp({ env });
  // The app runs no scheduler here: the test drives one on the same database with its own clock.
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, ...env });
  newInstance = () =>
    new NotificationsService(
      new NotificationsRepository(t.testDb.db, t.testDb.database.engine),
      null as unknown as Membership,
      null as unknown as LiveHub,
      {
        config: config.notifications,
        outbound: config.outbound,
        publicUrl: config.publicUrl,
        log: t.app.log,
        clock,
      },
    );
  scheduler = new Scheduler(newInstance(), t.app.log);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([mail?.close(), push?.close()]);
  vi.useRealTimers();
});

async function tickAt(iso: string) {
  setNow(iso);
  await scheduler.tick(clock);
}

async function deliveries(userId: number) {
  return t.testDb.db
    .selectFrom('notification_deliveries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('delivery_id')
    .execute();
}

describe(`notification settings API (${testEngine})`, () => {
  let ana: ApiClient;
  beforeEach(async () => {
    ana = (await memberOfNewHouse(t, `ana-${Math.random().toString(36).slice(2, 8)}`)).client;
  });

  it('starts with the defaults; email is on because SMTP is configured', async () => {
    const res = await ana.get('/api/notification-settings/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      time_zone: 'UTC',
      channels: { reminders: ['push', 'email'], tasks: ['push', 'email'], bills: ['email'], house: [] },
      quiet_hours: null,
      digest_time: null,
      email_enabled: true,
    });
  });

  it('saves choices (partial updates keep the rest; email_enabled is read-only)', async () => {
    const res = await ana.put('/api/notification-settings/', {
      time_zone: 'europe/berlin',
      channels: { bills: ['email', 'push', 'push'], house: ['email'] },
      quiet_hours: { start: '22:00', end: '07:00' },
      digest_time: '06:30',
      email_enabled: false,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      time_zone: 'Europe/Berlin',
      channels: {
        reminders: ['push', 'email'],
        tasks: ['push', 'email'],
        bills: ['push', 'email'],
        house: ['email'],
      },
      quiet_hours: { start: '22:00', end: '07:00' },
      digest_time: '06:30',
      email_enabled: true,
    };
    expect(res.json()).toEqual(expected);
    expect((await ana.get('/api/notification-settings/')).json()).toEqual(expected);
    const cleared = await ana.put('/api/notification-settings/', { quiet_hours: null, digest_time: null });
    expect(cleared.json()).toMatchObject({
      quiet_hours: null,
      digest_time: null,
      time_zone: 'Europe/Berlin',
    });
  });

  it.each([
    [{ colour: 'red' }, 'colour'],
    [{ channels: { reminders: ['push'], gossip: ['email'] } }, 'channels.gossip'],
    [{ quiet_hours: { start: '22:00', end: '07:00', days: 3 } }, 'quiet_hours.days'],
    [{ channels: { reminders: ['pigeon'] } }, 'channels.reminders[0]'],
    [{ channels: { reminders: ['push', 'email', 'push', 'email', 'push'] } }, 'channels.reminders'],
    [{ quiet_hours: { start: '25:00', end: '07:00' } }, 'quiet_hours.start'],
    [{ quiet_hours: { start: '22:00', end: '7:00' } }, 'quiet_hours.end'],
    [{ quiet_hours: { start: '22:00', end: '22:00' } }, 'quiet_hours.end'],
    [{ digest_time: '6pm' }, 'digest_time'],
    [{ time_zone: 'Mars/Olympus' }, 'time_zone'],
    [{ time_zone: '+01:00' }, 'time_zone'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field) => {
    const before = (await ana.get('/api/notification-settings/')).json();
    const res = await ana.put('/api/notification-settings/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect((await ana.get('/api/notification-settings/')).json()).toEqual(before);
  });

  it('needs a signed-in person with a profile', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notification-settings/' })).statusCode).toBe(401);
    expect((await t.as('nobody-yet').get('/api/notification-settings/')).statusCode).toBe(403);
  });
});

describe(`push devices API (${testEngine})`, () => {
  it('gives the VAPID public key, the same on every call', async () => {
    const { client } = await memberOfNewHouse(t, 'keyholder');
    const a = (await client.get('/api/push/public-key')).json();
    expect(Buffer.from(a.public_key, 'base64url')).toHaveLength(65);
    expect((await client.get('/api/push/public-key')).json()).toEqual(a);
  });

  it('adds, lists and removes your own devices; another person’s device is a 404', async () => {
    const ana = await memberOfNewHouse(t, 'dev-ana');
    const ben = await memberOfNewHouse(t, 'dev-ben');
    const device = push.device();
    const added = await ana.client.post('/api/push-subscription/', {
      endpoint: device.endpoint,
      expirationTime: null,
      keys: device.keys,
      device_label: '  Ana’s phone  ',
    });
    expect(added.statusCode).toBe(201);
    const sub = added.json();
    expect(sub).toMatchObject({ device_label: 'Ana’s phone' });
    expect(Object.keys(sub).sort()).toEqual(['created_at', 'device_label', 'push_subscription_id']);
    expect((await ana.client.get('/api/push-subscription/')).json()).toEqual([sub]);
    expect((await ben.client.get('/api/push-subscription/')).json()).toEqual([]);

    const stolen = await ben.client.delete(`/api/push-subscription/${sub.push_subscription_id}`);
    expect(stolen.statusCode).toBe(404);
    expect((await ana.client.get('/api/push-subscription/')).json()).toHaveLength(1);

    // The same endpoint again updates the device instead of adding one.
    const again = await ana.client.post('/api/push-subscription/', {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(again.json()).toMatchObject({
      push_subscription_id: sub.push_subscription_id,
      device_label: 'This device',
    });
    expect((await ana.client.get('/api/push-subscription/')).json()).toHaveLength(1);

    expect((await ana.client.delete(`/api/push-subscription/${sub.push_subscription_id}`)).statusCode).toBe(
      200,
    );
    expect((await ana.client.get('/api/push-subscription/')).json()).toEqual([]);
    expect((await ana.client.delete(`/api/push-subscription/${sub.push_subscription_id}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps an endpoint with the person who registered it: another person posting it is a 409', async () => {
    const alice = await memberOfNewHouse(t, 'own-alice');
    const carol = await memberOfNewHouse(t, 'own-carol');
    const device = push.device();
    const added = await alice.client.post('/api/push-subscription/', {
      endpoint: device.endpoint,
      keys: device.keys,
      device_label: 'Alice’s phone',
    });
    expect(added.statusCode).toBe(201);
    const before = (await alice.client.get('/api/push-subscription/')).json();

    // Carol knows the endpoint but not the subscription's secret: her own keys.
    const carolKeys = push.device().keys;
    const taken = await carol.client.post('/api/push-subscription/', {
      endpoint: device.endpoint,
      keys: carolKeys,
      device_label: 'Mine now',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'push_endpoint_taken', field: 'endpoint' });
    expect(taken.json().error.message).toMatch(/endpoint/);
    expect((await alice.client.get('/api/push-subscription/')).json()).toEqual(before);
    expect((await carol.client.get('/api/push-subscription/')).json()).toEqual([]);

    // Alice's notifications still reach Alice's keys (the sink decrypts with them).
    await alice.client.post('/api/notification-settings/test');
    expect(device.received).toHaveLength(1);
    expect((await carol.client.post('/api/notification-settings/test')).json()).toMatchObject({
      push_sent: 0,
    });
    expect(device.received).toHaveLength(1);

    // The same browser (its own auth secret) signed in as Carol moves the device to her.
    const moved = await carol.client.post('/api/push-subscription/', {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(moved.statusCode).toBe(201);
    expect((await alice.client.get('/api/push-subscription/')).json()).toEqual([]);
    expect((await carol.client.get('/api/push-subscription/')).json()).toHaveLength(1);
  });

  it('renews a device the browser re-subscribed, proven by the old auth secret, without an access token', async () => {
    const ana = await memberOfNewHouse(t, 'renew-ana');
    const old = push.device();
    const added = await ana.client.post('/api/push-subscription/', {
      endpoint: old.endpoint,
      keys: old.keys,
      device_label: 'Ana’s phone',
    });
    const fresh = push.device();
    const renew = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/push-subscription/renew', payload: body });
    const body = {
      old_endpoint: old.endpoint,
      old_auth: old.keys.auth,
      endpoint: fresh.endpoint,
      keys: fresh.keys,
    };

    // A wrong secret, an unknown endpoint, or a new endpoint the guard refuses change nothing.
    const wrong = await renew({ ...body, old_auth: push.device().keys.auth });
    expect(wrong.statusCode).toBe(404);
    expect((await renew({ ...body, old_endpoint: fresh.endpoint })).statusCode).toBe(404);
    const refused = await renew({ ...body, endpoint: 'https://10.0.0.8/push' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_failed', field: 'endpoint' });
    expect((await renew({ ...body, extra: 1 })).json().error).toMatchObject({ field: 'extra' });
    await ana.client.post('/api/notification-settings/test');
    expect(old.received).toHaveLength(1);
    expect(fresh.received).toHaveLength(0);

    const res = await renew(body);
    expect(res.statusCode).toBe(200);
    // Same device (id, label, person); pushes now go to the new subscription only.
    expect((await ana.client.get('/api/push-subscription/')).json()).toEqual([added.json()]);
    await ana.client.post('/api/notification-settings/test');
    expect(fresh.received).toHaveLength(1);
    expect(old.received).toHaveLength(1);
    // The old secret no longer opens anything.
    expect((await renew(body)).statusCode).toBe(404);
  });

  it.each([
    [{ keys: { p256dh: 'AAAA', auth: 'x' } }, 'keys.p256dh'],
    [{ keys: { p256dh: 'P256', auth: Buffer.alloc(15).toString('base64url') } }, 'keys.auth'],
    [{ keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: 'A16' } }, 'keys.p256dh'],
    [{ endpoint: 'https://10.0.0.8/push' }, 'endpoint'],
    [{ endpoint: 'https://[fd00::1]/push' }, 'endpoint'],
    [{ endpoint: 'http://192.168.1.20/push' }, 'endpoint'],
    [{ endpoint: 'ftp://127.0.0.1/push' }, 'endpoint'],
    // IPv4-compatible loopback: refused even though this test server allows 127.0.0.1 and ::1.
    [{ endpoint: 'https://[::127.0.0.1]:45443/x' }, 'endpoint'],
    [{ endpoint: 'https://[64:ff9b::7f00:1]/x' }, 'endpoint'],
    [{ extra: true }, 'extra'],
    [{ keys: { p256dh: 'P256', auth: 'A16', more: 1 } }, 'keys.more'],
    [{ device_label: 'x'.repeat(81) }, 'device_label'],
  ])('refuses a subscription %j with a 400 naming %s', async (override, field) => {
    const { client } = await memberOfNewHouse(t, `bad-${field}-${Math.random().toString(36).slice(2, 6)}`);
    const device = push.device();
    const keys = { ...device.keys };
    const body: Record<string, unknown> = { endpoint: device.endpoint, keys, ...override };
    const k = body.keys as Record<string, unknown>;
    if (k.p256dh === 'P256') k.p256dh = device.keys.p256dh;
    if (k.auth === 'A16') k.auth = device.keys.auth;
    const res = await client.post('/api/push-subscription/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect((await client.get('/api/push-subscription/')).json()).toEqual([]);
  });
});

describe(`delivery (${testEngine})`, () => {
  it('sends a reminder by push (decrypted, with a Snooze action) and by email (with one-click unsubscribe)', async () => {
    const ana = await memberOfNewHouse(t, 'rem-ana');
    const device = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: device.endpoint, keys: device.keys });
    await tickAt('2030-03-01T12:00:00.000Z'); // sets the planner's watermark
    const created = await ana.client.post('/api/reminder/', {
      title: 'Water the plants',
      description: 'The balcony ones',
      remind_time: '2030-03-01T12:01:00.000Z',
      repeat_interval: 'Daily',
      time_zone: 'Europe/Berlin',
    });
    expect(created.statusCode).toBe(201);
    const mailsBefore = mail.mails.length;

    await tickAt('2030-03-01T12:00:50.000Z');
    expect(device.received).toHaveLength(0);

    await tickAt('2030-03-01T12:01:05.000Z');
    expect(device.received).toHaveLength(1);
    const payload = device.received[0] as PushPayload;
    expect(payload).toMatchObject({
      kind: 'reminders',
      title: 'Water the plants',
      body: 'The balcony ones',
      url: '/reminders',
      tag: `reminders-${created.json().reminder_id}`,
      actions: [{ action: 'snooze', title: 'Snooze 10 min' }],
      action_failed: { title: "Hearth couldn't do that", body: 'Open Hearth to do it there.' },
      due_at: '2030-03-01T12:01:00.000Z',
    });
    expect(payload.action_token).toBeTruthy();
    expect(device.headers[0]?.topic).toBe(`d${payload.delivery_id}`);
    expect(device.headers[0]?.authorization).toMatch(/^vapid t=.+, k=/);

    const sent = mail.mails.slice(mailsBefore);
    expect(sent).toHaveLength(1);
    const email = sent[0];
    expect(email?.to).toEqual(['rem-ana@example.test']);
    expect(email?.headers.get('subject')).toBe('Water the plants');
    expect(email?.headers.get('message-id')).toMatch(/^<delivery-\d+@hearth\.test>$/);
    expect(email?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(email?.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/hearth\.test\/api\/unsubscribe\?token=[\w.-]+>$/,
    );
    const body = mailText(email?.raw ?? '');
    expect(body).toContain('text/plain');
    expect(body).toContain('text/html');
    expect(body).toContain('The balcony ones');

    // Sent once: another run sends nothing more; the next day's occurrence is already planned.
    await tickAt('2030-03-01T12:01:30.000Z');
    expect(device.received).toHaveLength(1);
    const rows = await deliveries(ana.user.user_id);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'pending').map((r) => [r.channel, r.due_at])).toEqual([
      ['push', '2030-03-02T12:01:00.000Z'],
      ['email', '2030-03-02T12:01:00.000Z'],
    ]);
    await tickAt('2030-03-02T12:01:02.000Z');
    expect(device.received.map((p) => p.due_at)).toEqual([
      '2030-03-01T12:01:00.000Z',
      '2030-03-02T12:01:00.000Z',
    ]);
  });

  it('snoozes a reminder for 10 minutes from the push action, without an access token', async () => {
    const ana = await memberOfNewHouse(t, 'snooze-ana');
    await ana.client.put('/api/notification-settings/', { channels: { reminders: ['push'] } });
    const device = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: device.endpoint, keys: device.keys });
    await tickAt('2030-04-01T08:00:00.000Z');
    await ana.client.post('/api/reminder/', { title: 'Call mum', remind_time: '2030-04-01T08:00:30.000Z' });
    await tickAt('2030-04-01T08:00:40.000Z');
    const token = device.received[0]?.action_token as string;

    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/notification-action',
      payload: { action_token: `${token.slice(0, -3)}abc`, action: 'snooze' },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('link_invalid');
    const wrongAction = await t.app.inject({
      method: 'POST',
      url: '/api/notification-action',
      payload: { action_token: token, action: 'done' },
    });
    expect(wrongAction.json().error.code).toBe('link_invalid');

    setNow('2030-04-01T08:02:00.000Z');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notification-action',
      payload: { action_token: token, action: 'snooze' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ action: 'snooze', snoozed_until: '2030-04-01T08:12:00.000Z' });
    await tickAt('2030-04-01T08:11:00.000Z');
    expect(device.received).toHaveLength(1);
    await tickAt('2030-04-01T08:12:01.000Z');
    expect(device.received).toHaveLength(2);
    expect(device.received[1]).toMatchObject({ title: 'Call mum', due_at: '2030-04-01T08:12:00.000Z' });
  });

  it('marks a task done from the push action; the same button again changes nothing', async () => {
    const ana = await memberOfNewHouse(t, 'task-ana');
    await ana.client.put('/api/notification-settings/', { channels: { tasks: ['push'] } });
    const device = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: device.endpoint, keys: device.keys });
    await tickAt('2030-05-01T09:00:00.000Z');
    const task = await ana.client.post('/api/task/', {
      title: 'Take out the bins',
      due_at: '2030-05-01T09:00:20.000Z',
      repeat: { every: 'days', interval: 7 },
      pool: [ana.user.user_id],
      assignee_id: ana.user.user_id,
    });
    expect(task.statusCode, task.body).toBe(201);
    await tickAt('2030-05-01T09:00:30.000Z');
    expect(device.received[0]).toMatchObject({
      kind: 'tasks',
      title: 'Your turn: Take out the bins',
      actions: [{ action: 'done', title: 'Done' }],
      url: '/tasks',
    });
    const payload = { action_token: device.received[0]?.action_token, action: 'done' };
    const res = await t.app.inject({ method: 'POST', url: '/api/notification-action', payload });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await ana.client.get('/api/task/')).json();
    expect(after[0].due_at).not.toBe('2030-05-01T09:00:20.000Z');
    const again = await t.app.inject({ method: 'POST', url: '/api/notification-action', payload });
    expect(again.statusCode).toBe(409);
    expect((await ana.client.get('/api/task/')).json()[0].due_at).toBe(after[0].due_at);
  });

  it('removes a device its push service says is gone (410), and retries a 500 later', async () => {
    const ana = await memberOfNewHouse(t, 'gone-ana');
    await ana.client.put('/api/notification-settings/', { channels: { reminders: ['push'] } });
    const gone = push.device();
    gone.answer = 410;
    const flaky = push.device();
    let calls = 0;
    flaky.answer = () => (++calls === 1 ? 500 : 201);
    await ana.client.post('/api/push-subscription/', { endpoint: gone.endpoint, keys: gone.keys });
    await ana.client.post('/api/push-subscription/', { endpoint: flaky.endpoint, keys: flaky.keys });
    await tickAt('2030-06-01T10:00:00.000Z');
    await ana.client.post('/api/reminder/', { title: 'Pay rent', remind_time: '2030-06-01T10:00:10.000Z' });
    await tickAt('2030-06-01T10:00:20.000Z');
    expect((await ana.client.get('/api/push-subscription/')).json()).toHaveLength(1);
    expect(flaky.received).toHaveLength(0);
    const pending = (await deliveries(ana.user.user_id)).filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ attempts: 1, last_error: 'push service answered 500' });
    expect(Date.parse(pending[0]?.send_at ?? '')).toBe(Date.parse('2030-06-01T10:00:50.000Z'));
    await tickAt('2030-06-01T10:00:40.000Z');
    expect(flaky.received).toHaveLength(0);
    await tickAt('2030-06-01T10:00:51.000Z');
    expect(flaky.received.map((p) => p.title)).toEqual(['Pay rent']);
  });

  it('unsubscribes one kind from email with the one-click link; a tampered or expired link changes nothing', async () => {
    const ana = await memberOfNewHouse(t, 'unsub-ana');
    await tickAt('2030-07-01T10:00:00.000Z');
    await ana.client.post('/api/reminder/', { title: 'Dentist', remind_time: '2030-07-01T10:00:10.000Z' });
    const before = mail.mails.length;
    await tickAt('2030-07-01T10:00:20.000Z');
    const header = mail.mails[before]?.headers.get('list-unsubscribe') ?? '';
    const link = new URL(header.slice(1, -1));
    expect(mailText(mail.mails[before]?.raw ?? '')).toContain(
      `/unsubscribe?token=${link.searchParams.get('token')}`,
    );
    const token = link.searchParams.get('token') as string;
    const settings = () => ana.client.get('/api/notification-settings/').then((r) => r.json());
    const original = await settings();

    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const tampered = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token.slice(0, -2)}xx`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('link_invalid');
    const missing = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await settings()).toEqual(original);

    // Expired: the same link read 61 days later.
    setNow('2030-08-31T10:00:00.000Z');
    const late = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
    expect(late.statusCode).toBe(400);
    expect(await settings()).toEqual(original);

    setNow('2030-07-02T10:00:00.000Z');
    const ok = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ kind: 'reminders' });
    expect((await settings()).channels).toEqual({ ...original.channels, reminders: ['push'] });
  });

  it('sends a test to every device and to email', async () => {
    const ana = await memberOfNewHouse(t, 'test-ana');
    const one = push.device();
    const two = push.device();
    for (const d of [one, two])
      await ana.client.post('/api/push-subscription/', { endpoint: d.endpoint, keys: d.keys });
    const before = mail.mails.length;
    const res = await ana.client.post('/api/notification-settings/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ push_sent: 2, push_failed: 0, email: 'sent' });
    expect(one.received[0]).toMatchObject({ kind: 'test', title: 'Hearth test notification' });
    expect(two.received).toHaveLength(1);
    expect(mail.mails[before]?.to).toEqual(['test-ana@example.test']);
  });
});

describe(`quiet hours and the digest in two zones across the spring clock change (${testEngine})`, () => {
  it('holds what falls in quiet hours until they end, or folds it into a digest that comes first', async () => {
    const ana = await memberOfNewHouse(t, 'dst-ana'); // Berlin: clocks go forward on 30 March 2031
    const ben = await memberOfNewHouse(t, 'dst-ben'); // New York: clocks go forward on 9 March 2031
    const anaPhone = push.device();
    const benPhone = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: anaPhone.endpoint, keys: anaPhone.keys });
    await ben.client.post('/api/push-subscription/', { endpoint: benPhone.endpoint, keys: benPhone.keys });
    const quiet = { start: '22:00', end: '07:00' };
    await ana.client.put('/api/notification-settings/', {
      time_zone: 'Europe/Berlin',
      channels: { reminders: ['push'] },
      quiet_hours: quiet,
      digest_time: '06:30',
    });
    await ben.client.put('/api/notification-settings/', {
      time_zone: 'America/New_York',
      channels: { reminders: ['push'] },
      quiet_hours: quiet,
    });
    await tickAt('2031-03-09T03:00:00.000Z');
    // 22:30 EST on 8 March: waits for 07:00 EDT on the 9th, 11:00 UTC.
    await ben.client.post('/api/reminder/', {
      title: 'Lock the door',
      remind_time: '2031-03-09T03:30:00.000Z',
    });
    await tickAt('2031-03-09T03:30:10.000Z');
    await tickAt('2031-03-09T10:59:30.000Z');
    expect(benPhone.received).toEqual([]);
    await tickAt('2031-03-09T11:00:05.000Z');
    expect(benPhone.received.map((p) => [p.title, p.due_at])).toEqual([
      ['Lock the door', '2031-03-09T03:30:00.000Z'],
    ]);

    // 23:30 CET on 29 March: the 06:30 CEST digest (04:30 UTC) comes before the quiet hours end (05:00 UTC).
    await tickAt('2031-03-29T22:00:00.000Z');
    await ana.client.post('/api/reminder/', {
      title: 'Take vitamins',
      remind_time: '2031-03-29T22:30:00.000Z',
    });
    await ana.client.post('/api/reminder/', {
      title: 'Feed the cat',
      remind_time: '2031-03-30T12:00:00.000Z',
    });
    await tickAt('2031-03-29T22:30:10.000Z');
    await tickAt('2031-03-30T04:29:30.000Z');
    expect(anaPhone.received).toEqual([]);
    const mailsBefore = mail.mails.length;
    await tickAt('2031-03-30T04:30:05.000Z');
    expect(anaPhone.received).toHaveLength(1);
    const digest = anaPhone.received[0] as PushPayload;
    expect(digest).toMatchObject({ kind: 'digest', title: 'Your day in Hearth', actions: [] });
    expect(digest.body).toContain('While you were away\n- Take vitamins');
    expect(digest.body).toContain('Reminders today\n- 14:00 Feed the cat');
    // The digest also goes by email (tasks and bills use email), listing the day but not the push-only item.
    const digestMail = mail.mails.slice(mailsBefore).find((m) => m.to[0] === 'dst-ana@example.test');
    expect(digestMail?.headers.get('subject')).toBe('Your day in Hearth');
    expect(mailText(digestMail?.raw ?? '')).toContain('14:00 Feed the cat');
    // Folded into the digest: it never goes again on its own.
    await tickAt('2031-03-30T05:00:05.000Z');
    expect(anaPhone.received).toHaveLength(1);
    await tickAt('2031-03-30T12:00:05.000Z');
    expect(anaPhone.received.map((p) => p.title)).toEqual(['Your day in Hearth', 'Feed the cat']);
  });
});

describe(`after a stop (${testEngine})`, () => {
  it('sends what was missed at start, a repeating reminder once (its latest occurrence), and plans on from there', async () => {
    const ana = await memberOfNewHouse(t, 'stop-ana');
    await ana.client.put('/api/notification-settings/', { channels: { reminders: ['push'] } });
    const phone = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: phone.endpoint, keys: phone.keys });
    await tickAt('2031-06-01T07:59:00.000Z');
    await ana.client.post('/api/reminder/', {
      title: 'Stretch',
      remind_time: '2031-06-01T08:00:00.000Z',
      repeat_interval: 'Daily',
      time_zone: 'Europe/Berlin',
    });
    await ana.client.post('/api/reminder/', {
      title: 'Book tickets',
      remind_time: '2031-06-03T09:00:00.000Z',
    });
    // No server ran for five days.
    await tickAt('2031-06-06T10:00:00.000Z');
    expect(phone.received.map((p) => [p.title, p.due_at]).sort()).toEqual([
      ['Book tickets', '2031-06-03T09:00:00.000Z'],
      ['Stretch', '2031-06-06T08:00:00.000Z'],
    ]);
    await tickAt('2031-06-07T08:00:05.000Z');
    expect(phone.received.map((p) => p.due_at).at(-1)).toBe('2031-06-07T08:00:00.000Z');
    expect(phone.received).toHaveLength(3);
  });
});

describe(`language (${testEngine})`, () => {
  it('writes a notification in the person’s language', async () => {
    const ana = await memberOfNewHouse(t, 'lang-ana');
    await t.testDb.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('user_id', '=', ana.user.user_id)
      .execute();
    const phone = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: phone.endpoint, keys: phone.keys });
    await tickAt('2031-07-01T08:00:00.000Z');
    await ana.client.post('/api/reminder/', {
      title: 'Blumen gießen',
      remind_time: '2031-07-01T08:00:10.000Z',
    });
    const before = mail.mails.length;
    await tickAt('2031-07-01T08:00:20.000Z');
    expect(phone.received[0]).toMatchObject({
      title: 'Blumen gießen',
      body: 'Erinnerung',
      actions: [{ action: 'snooze', title: '10 Min. später' }],
      action_failed: { title: 'Hearth konnte das nicht erledigen', body: 'Öffne Hearth, um es dort zu tun.' },
    });
    expect(mailText(mail.mails[before]?.raw ?? '')).toContain('Hearth öffnen');
  });
});

describe(`a deleted account (${testEngine})`, () => {
  it('loses its devices, choices and unsent deliveries; nothing more is sent to it', async () => {
    const ana = await memberOfNewHouse(t, 'gone-account');
    await ana.client.put('/api/notification-settings/', { digest_time: '08:00' });
    const phone = push.device();
    await ana.client.post('/api/push-subscription/', { endpoint: phone.endpoint, keys: phone.keys });
    await tickAt('2031-08-01T08:00:00.000Z');
    await ana.client.post('/api/reminder/', { title: 'Later', remind_time: '2031-08-01T08:30:00.000Z' });
    await t.testDb.db
      .updateTable('users')
      .set({ deleted_at: '2031-08-01T08:10:00.000Z' })
      .where('user_id', '=', ana.user.user_id)
      .execute();
    await tickAt('2031-08-01T08:30:05.000Z');
    expect(phone.received).toEqual([]);
    const left = async (table: 'push_subscriptions' | 'notification_settings') =>
      t.testDb.db.selectFrom(table).select('user_id').where('user_id', '=', ana.user.user_id).execute();
    expect(await left('push_subscriptions')).toEqual([]);
    expect(await left('notification_settings')).toEqual([]);
  });
});

describe(`house changes (${testEngine})`, () => {
  it('tell the other members who chose them, one message each, or in the digest for those who have one', async () => {
    const ana = await memberOfNewHouse(t, 'house-ana');
    const ben = await housemateOf(t, 'house-ben', ana.house.house_code);
    const cat = await housemateOf(t, 'house-cat', ana.house.house_code);
    const phones = { ana: push.device(), ben: push.device(), cat: push.device() };
    for (const [who, client] of [
      ['ana', ana.client],
      ['ben', ben.client],
      ['cat', cat.client],
    ] as const) {
      await client.put('/api/notification-settings/', { channels: { house: ['push'], tasks: [] } });
      await client.post('/api/push-subscription/', {
        endpoint: phones[who].endpoint,
        keys: phones[who].keys,
      });
    }
    await cat.client.put('/api/notification-settings/', { digest_time: '20:00' });
    await tickAt('2031-09-01T10:00:00.000Z');
    const task = await ana.client.post('/api/task/', {
      title: 'Clean the fridge',
      due_at: '2031-09-01T09:00:00.000Z',
      assignee_id: ana.user.user_id,
    });
    expect(task.statusCode, task.body).toBe(201);
    setNow('2031-09-01T10:00:05.000Z');
    expect((await ana.client.post(`/api/task/${task.json().task_id}/done`)).statusCode).toBe(200);
    await tickAt('2031-09-01T10:00:10.000Z');
    expect(phones.ben.received.map((p) => [p.kind, p.title, p.url])).toEqual([
      ['house', 'Done: Clean the fridge', '/tasks'],
    ]);
    expect(phones.ana.received).toEqual([]);
    expect(phones.cat.received).toEqual([]);
    await tickAt('2031-09-01T20:00:05.000Z');
    expect(phones.cat.received.map((p) => p.body)).toEqual([
      expect.stringContaining('What housemates changed\n- Done: Clean the fridge'),
    ]);
  });
});

describe(`an instance that stops (${testEngine})`, () => {
  it('sends what is on the wire, then hands back its other claims, which another instance sends at once', async () => {
    const ana = await memberOfNewHouse(t, 'handback-ana');
    await ana.client.put('/api/notification-settings/', { channels: { reminders: ['push'] } });
    const device = push.device();
    device.delayMs = 1000;
    await ana.client.post('/api/push-subscription/', { endpoint: device.endpoint, keys: device.keys });
    // Later than every other test here: the planner's watermark only moves forward.
    await tickAt('2032-07-01T09:00:00.000Z');
    for (let i = 0; i < 60; i++) {
      const res = await ana.client.post('/api/reminder/', {
        title: `Stop ${i}`,
        remind_time: '2032-07-01T09:00:10.000Z',
      });
      expect(res.statusCode).toBe(201);
    }
    setNow('2032-07-01T09:00:20.000Z');
    const stopping = new Scheduler(newInstance(), t.app.log, 60_000);
    stopping.start();
    // Stopped while the first messages are on the wire (the push service answers after a second).
    for (let i = 0; i < 3000 && device.received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    await stopping.stop();

    const rows = await deliveries(ana.user.user_id);
    const sent = rows.filter((r) => r.status === 'sent');
    const pending = rows.filter((r) => r.status === 'pending');
    expect(rows.filter((r) => r.status === 'sending')).toEqual([]);
    // Only the messages already on the wire went; the rest is free again, unclaimed and untried.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(60);
    expect(pending).toHaveLength(60 - sent.length);
    for (const row of pending)
      expect(row).toMatchObject({ claimed_by: null, claimed_until: null, attempts: 0 });
    expect(device.received).toHaveLength(sent.length);

    // The same moment (well inside the 20-s claim), another instance sends the rest.
    device.delayMs = 0;
    await new Scheduler(newInstance(), t.app.log).tick(clock);
    expect((await deliveries(ana.user.user_id)).filter((r) => r.status === 'sent')).toHaveLength(60);
    expect(new Set(device.received.map((p) => p.delivery_id)).size).toBe(60);
    expect(device.received).toHaveLength(60);
  }, 90_000);
});
