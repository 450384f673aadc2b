import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) -> Buffer
import ece from 'http_ece';
import { CHROMIUM_ARGS } from './playwright.config.js';
import { api, createHouse, newPerson, screenshots, setUpProfile, signUp, unique } from './support/people.js';

/*
 * The notifications journey: Settings, this device's Web Push subscription, the device list, and the
 * public unsubscribe page.
 *
 * The push service is the one part replaced. Headless Chromium here has no route to a real push service
 * (Google's FCM): in an ordinary profile `pushManager.subscribe` waits for it and never answers (seen: no
 * answer within 10 s), and in a Playwright (incognito) context it fails at once with 'AbortError:
 * Registration failed - permission denied'. The first test below makes the real attempt and records what
 * happened as an annotation. So, for the journey, an init script gives
 * `PushManager.subscribe` / `getSubscription` a subscription whose endpoint is a local receiver this test
 * runs, with keys this test made (P-256 ECDH and a 16-byte auth secret). Everything else is real: the app
 * asks for permission, uses the server's VAPID key and posts the subscription; the server encrypts with
 * web-push (RFC 8291) and sends over http to the loopback receiver (allowed by PUSH_ALLOW_INSECURE=true in
 * the test server's env), which decrypts with http_ece as a browser would; the decrypted message is then
 * delivered to Hearth's service worker (DevTools' ServiceWorker.deliverPushMessage), which shows it.
 * Clicks on a shown notification (a button, or a tap) have no DevTools command either: the worker is given
 * the same notificationclick event the browser would fire, on the notification it showed (see
 * pressNotification), and its own handler does the rest.
 */

interface PushPayload {
  delivery_id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  tag: string;
  actions: { action: string; title: string }[];
  action_token?: string;
  action_failed?: { title: string; body: string };
}

interface Receiver {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: PushPayload[];
  close(): Promise<void>;
}

/** A local push endpoint that decrypts what it receives with the subscription's own keys. */
async function startPushReceiver(): Promise<Receiver> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const received: PushPayload[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const plain: Buffer = ece.decrypt(Buffer.concat(chunks), {
        version: req.headers['content-encoding'],
        privateKey: ecdh,
        authSecret: auth,
      });
      received.push(JSON.parse(plain.toString('utf8')) as PushPayload);
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/push/${randomBytes(6).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Stands in for the browser's push service: subscribe/getSubscription answer with the receiver's endpoint. */
async function usePushReceiver(context: BrowserContext, receiver: Receiver) {
  await context.addInitScript(
    ({ endpoint, keys }) => {
      const KEPT = 'e2e.push-subscription-key';
      const toBytes = (value: string) => {
        const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
        const binary = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
        return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
      };
      const toText = (key: BufferSource) => {
        const bytes = ArrayBuffer.isView(key)
          ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength)
          : new Uint8Array(key);
        return btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      };
      const subscription = (serverKey: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: toBytes(serverKey) },
        getKey: (name: string) => toBytes(name === 'p256dh' ? keys.p256dh : keys.auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          localStorage.removeItem(KEPT);
          return true;
        },
      });
      PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted')
          throw new DOMException('Permission denied', 'NotAllowedError');
        const key = toText(options?.applicationServerKey as BufferSource);
        localStorage.setItem(KEPT, key);
        return subscription(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function getSubscription() {
        const key = localStorage.getItem(KEPT);
        return key ? (subscription(key) as unknown as PushSubscription) : null;
      };
    },
    { endpoint: receiver.endpoint, keys: receiver.keys },
  );
}

/** A signed-up person with a profile and a house, in a context that granted notifications. */
async function personWithNotifications(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ permissions: ['notifications'], baseURL });
  const page = await context.newPage();
  const person = newPerson('Nadia', 'Okonkwo-Villanueva');
  await signUp(page, person);
  await setUpProfile(page, person);
  await createHouse(page, unique('Linden '));
  return { context, page, person };
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

interface Device {
  push_subscription_id: number;
  device_label: string;
}

test('a real pushManager.subscribe is tried first (headless Chromium has no push service here)', async ({
  baseURL,
}) => {
  // An ordinary (non-incognito) profile, as a person's browser is: Chromium refuses push in incognito ones.
  const profile = mkdtempSync(join(tmpdir(), 'hearth-push-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    permissions: ['notifications'],
    ...(baseURL && { baseURL }),
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const key = createECDH('prime256v1');
    key.generateKeys();
    const outcome = await page.evaluate(async (publicKey) => {
      const raw = atob(publicKey.replace(/-/g, '+').replace(/_/g, '/').padEnd(88, '='));
      const applicationServerKey = Uint8Array.from(raw, (c) => c.charCodeAt(0));
      const registration = await navigator.serviceWorker.ready;
      try {
        const subscription = await Promise.race([
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no answer within 10 s')), 10_000),
          ),
        ]);
        await subscription.unsubscribe();
        return `subscribed: ${new URL(subscription.endpoint).host}`;
      } catch (err) {
        return `failed: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`;
      }
    }, key.getPublicKey().toString('base64url'));
    test.info().annotations.push({ type: 'real pushManager.subscribe', description: outcome });
    expect(outcome).toMatch(/^(subscribed|failed): /);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('enable notifications on this device: stored on the server, listed, a test push arrives and shows, then removed', async ({
  browser,
  baseURL,
}, testInfo) => {
  const receiver = await startPushReceiver();
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  try {
    await usePushReceiver(context, receiver);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await waitForServiceWorker(page);

    const thisDevice = page.getByRole('region', { name: 'This device' });
    const label = thisDevice.getByLabel('Device name');
    await expect(label).toHaveValue(/ on /); // derived from the browser, e.g. "Chrome on Linux"
    await expect(page.getByText('No devices yet')).toBeVisible();
    await label.fill('Kitchen laptop by the window, the one with the sticker');
    await thisDevice.getByRole('button', { name: 'Enable notifications on this device' }).click();
    await expect(thisDevice.getByText('Notifications are on for this device.')).toBeVisible();

    // Stored on the server, for this person, with the keys and endpoint the browser gave.
    const devices = await api<Device[]>(page, 'GET', '/api/push-subscription/');
    expect(devices).toEqual([
      expect.objectContaining({ device_label: 'Kitchen laptop by the window, the one with the sticker' }),
    ]);
    const list = page.getByRole('list', { name: 'Your devices' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Kitchen laptop by the window');
    await expect(list.getByRole('listitem')).toContainText('This device');

    // Send a test: the server encrypts and sends it to this device's endpoint.
    await thisDevice.getByRole('button', { name: 'Send a test' }).click();
    await expect(thisDevice.getByRole('status').filter({ hasText: 'Sent to 1 device.' })).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(1);
    const push = receiver.received[0] as PushPayload;
    expect(push).toMatchObject({ kind: 'test', url: expect.stringMatching(/^\//) });
    expect(push.title).not.toBe('');

    // The same message, handed to Hearth's service worker, becomes a notification.
    await deliverToWorker(context, page, baseURL ?? '', push);
    expect((await shownNotifications(page)).map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([
      { title: push.title, body: push.body, tag: push.tag },
    ]);

    await screenshots(page, testInfo.outputPath.bind(testInfo), 'notifications-device');
    await page.setViewportSize({ width: 375, height: 812 });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Remove it: asked first, then gone from the list and from the server; this browser can enable again.
    await list.getByRole('button', { name: /^Remove Kitchen laptop/ }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this device?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No devices yet')).toBeVisible();
    expect(await api<Device[]>(page, 'GET', '/api/push-subscription/')).toEqual([]);
    await expect(
      thisDevice.getByRole('button', { name: 'Enable notifications on this device' }),
    ).toBeVisible();
  } finally {
    await context.close();
    await receiver.close();
  }
});

/**
 * Hands a push to Hearth's service worker as the browser's push service would, and waits until a
 * notification with its tag shows. On a loaded 2-core machine Chromium now and then drops a push that
 * DevTools delivers while it is still starting the worker (no push event, no error); the same message is
 * then delivered again, which the tag makes harmless (a notification with the same tag replaces the first).
 */
async function deliverToWorker(context: BrowserContext, page: Page, baseURL: string, push: PushPayload) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  const shown = async () => (await shownNotifications(page)).some((n) => n.tag === push.tag);
  for (let attempt = 1; ; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL,
      registrationId: id,
      data: JSON.stringify(push),
    });
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && !(await shown())) await page.waitForTimeout(100);
    if ((await shown()) || attempt === 3) break;
  }
  await cdp.detach();
  expect(await shown()).toBe(true);
}

/** What the notifications the worker shows look like from a page. */
function shownNotifications(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as Notification & { actions?: { action: string; title: string }[] }).actions?.map(
        (a) => a.action,
      ),
    })),
  );
}

/** The worker's global scope, as much of it as these tests touch (e2e is type-checked with the DOM lib). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  fetch: typeof fetch;
  NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
  actionCalls?: { url: string; status: number; body: string }[];
}

async function hearthWorker(context: BrowserContext) {
  const found = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  const worker = found ?? (await context.waitForEvent('serviceworker'));
  // Records every answer to the worker's own calls (the fetch itself is untouched), so a failing button can
  // be told apart from one whose call was never made.
  await worker.evaluate(() => {
    const scope = globalThis as unknown as WorkerScope;
    if (scope.actionCalls) return;
    const calls: NonNullable<WorkerScope['actionCalls']> = [];
    scope.actionCalls = calls;
    const original = scope.fetch.bind(scope);
    scope.fetch = async (input, init) => {
      const response = await original(input, init);
      calls.push({ url: String(input), status: response.status, body: await response.clone().text() });
      return response;
    };
  });
  return worker;
}

/**
 * Presses a notification the worker showed: `action` is a button's id, '' a tap on the body. There is no
 * DevTools command for a click on a system notification, so the same NotificationEvent the browser would
 * fire is dispatched inside the worker, on the very notification it showed.
 */
async function pressNotification(
  worker: Awaited<ReturnType<typeof hearthWorker>>,
  tag: string,
  action: string,
) {
  await worker.evaluate(
    async ({ tag, action }) => {
      const scope = globalThis as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`no notification with tag ${tag}`);
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification, action }));
    },
    { tag, action },
  );
}

const actionCalls = (worker: Awaited<ReturnType<typeof hearthWorker>>) =>
  worker.evaluate(() => (globalThis as unknown as WorkerScope).actionCalls ?? []);

/** Subscribes this person's browser to the local receiver straight through the API (the UI path is above). */
async function subscribeDevice(page: Page, receiver: Receiver) {
  await api(page, 'POST', '/api/push-subscription/', {
    endpoint: receiver.endpoint,
    keys: receiver.keys,
    device_label: 'Hallway tablet',
  });
}

test('a task push: Done completes the task on the server without opening a page; a tap opens Tasks; a failed Done says so in German', async ({
  browser,
  baseURL,
}) => {
  const receiver = await startPushReceiver();
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  try {
    // German, so the push's words and the worker's failure notice come in the person's language.
    const me = await api<{
      user_id: number;
      username: string;
      first_name: string;
      last_name: string;
      email: string;
    }>(page, 'GET', '/api/users/me');
    await api(page, 'POST', '/api/users/', {
      username: me.username,
      first_name: me.first_name,
      last_name: me.last_name,
      email: me.email,
      language: 'de',
    });
    await page.goto('/home');
    await waitForServiceWorker(page);
    const worker = await hearthWorker(context);
    await subscribeDevice(page, receiver);

    const title = unique('Bins out ');
    const task = await api<{ task_id: number }>(page, 'POST', '/api/task/', {
      title,
      due_at: new Date(Date.now() + 3_000).toISOString(),
      assignee_id: me.user_id,
    });
    await expect
      .poll(() => receiver.received.find((p) => p.kind === 'tasks'), { timeout: 30_000 })
      .toBeTruthy();
    const push = receiver.received.find((p) => p.kind === 'tasks') as PushPayload;
    expect(push).toMatchObject({
      title: `Du bist dran: ${title}`,
      url: '/tasks',
      tag: `tasks-${task.task_id}`,
      actions: [{ action: 'done', title: 'Erledigt' }],
      action_failed: { title: 'Hearth konnte das nicht erledigen' },
    });

    await deliverToWorker(context, page, baseURL ?? '', push);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([{ title: push.title, body: push.body, tag: push.tag, actions: ['done'] }]);

    // Done: the worker calls the server with the push's token; the task is done; no page is opened or moved.
    const pagesBefore = context.pages().length;
    await pressNotification(worker, push.tag, 'done');
    await expect
      .poll(() => actionCalls(worker))
      .toEqual([{ url: '/api/notification-action', status: 200, body: JSON.stringify({ action: 'done' }) }]);
    const open = await api<{ task_id: number }[]>(page, 'GET', '/api/task/');
    expect(open.map((t) => t.task_id)).not.toContain(task.task_id);
    const history = await api<unknown[]>(page, 'GET', `/api/task/${task.task_id}/history`);
    expect(history.length).toBeGreaterThan(0);
    expect(await shownNotifications(page)).toEqual([]);
    expect(context.pages()).toHaveLength(pagesBefore);
    expect(new URL(page.url()).pathname).toBe('/home');

    // The same notice again (a second device, or a stale one): Done now fails, and the worker says so in German.
    await deliverToWorker(context, page, baseURL ?? '', push);
    await expect.poll(async () => (await shownNotifications(page)).length).toBe(1);
    await pressNotification(worker, push.tag, 'done');
    await expect.poll(async () => (await actionCalls(worker)).map((c) => c.status)).toEqual([200, 409]);
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: 'Hearth konnte das nicht erledigen',
          body: 'Öffne Hearth, um es dort zu tun.',
          tag: 'hearth-action-failed',
          actions: [],
        },
      ]);

    // A tap on the body takes Hearth's window to the page the push is about.
    await pressNotification(worker, 'hearth-action-failed', '');
    await expect(page).toHaveURL(`${baseURL}/tasks`);
    expect(context.pages()).toHaveLength(pagesBefore);
    expect(await shownNotifications(page)).toEqual([]);
  } finally {
    await context.close();
    await receiver.close();
  }
});

test('a reminder push: Snooze 10 min plans it again ten minutes later, without opening a page', async ({
  browser,
  baseURL,
}) => {
  const receiver = await startPushReceiver();
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  try {
    await page.goto('/home');
    await waitForServiceWorker(page);
    const worker = await hearthWorker(context);
    await subscribeDevice(page, receiver);

    const title = unique('Call the landlord ');
    const reminder = await api<{ reminder_id: number }>(page, 'POST', '/api/reminder/', {
      title,
      remind_time: new Date(Date.now() + 3_000).toISOString(),
    });
    await expect
      .poll(() => receiver.received.find((p) => p.kind === 'reminders'), { timeout: 30_000 })
      .toBeTruthy();
    const push = receiver.received.find((p) => p.kind === 'reminders') as PushPayload;
    expect(push).toMatchObject({
      title,
      url: '/reminders',
      tag: `reminders-${reminder.reminder_id}`,
      actions: [{ action: 'snooze', title: 'Snooze 10 min' }],
    });

    await deliverToWorker(context, page, baseURL ?? '', push);
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.tag)).toEqual([push.tag]);
    const pressedAt = Date.now();
    await pressNotification(worker, push.tag, 'snooze');
    await expect.poll(async () => (await actionCalls(worker)).length).toBe(1);
    const [call] = await actionCalls(worker);
    expect(call).toMatchObject({ url: '/api/notification-action', status: 200 });
    const { snoozed_until } = JSON.parse(call?.body ?? '{}') as { snoozed_until: string };
    const later = Date.parse(snoozed_until) - pressedAt;
    expect(later).toBeGreaterThan(9.5 * 60_000);
    expect(later).toBeLessThan(10.5 * 60_000);

    // The server planned the reminder again for then: a pending push to this device (read from its database).
    const db = new Database(join(process.env.HEARTH_E2E_DATA ?? '', 'hearth.db'), {
      readonly: true,
      fileMustExist: true,
    });
    try {
      const planned = db
        .prepare(
          `select due_at, status from notification_deliveries
           where kind = 'reminders' and source_id = ? and channel = 'push' order by due_at`,
        )
        .all(reminder.reminder_id) as { due_at: string; status: string }[];
      expect(planned.map((r) => ({ due: Date.parse(r.due_at), status: r.status }))).toEqual([
        { due: expect.any(Number), status: 'sent' },
        { due: Date.parse(snoozed_until), status: 'pending' },
      ]);
    } finally {
      db.close();
    }
    expect(await shownNotifications(page)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/home');
  } finally {
    await context.close();
    await receiver.close();
  }
});

test('the browser replaces the subscription: the worker moves the device to the new one, and pushes follow', async ({
  browser,
  baseURL,
}) => {
  const first = await startPushReceiver();
  const second = await startPushReceiver();
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  try {
    await page.goto('/home');
    await waitForServiceWorker(page);
    const worker = await hearthWorker(context);
    await subscribeDevice(page, first);
    const [device] = await api<Device[]>(page, 'GET', '/api/push-subscription/');

    // The event the browser fires, with the old and the new subscription (the push service is the local
    // receivers here); the worker's own handler makes the call.
    await worker.evaluate(
      ({ old, fresh }) => {
        const scope = globalThis as unknown as WorkerScope & {
          ExtendableEvent: new (type: string) => Event;
        };
        const asSubscription = (s: typeof old) => ({ ...s, options: {}, toJSON: () => s });
        const event = new scope.ExtendableEvent('pushsubscriptionchange');
        Object.defineProperty(event, 'oldSubscription', { value: asSubscription(old) });
        Object.defineProperty(event, 'newSubscription', { value: asSubscription(fresh) });
        scope.dispatchEvent(event);
      },
      {
        old: { endpoint: first.endpoint, keys: first.keys },
        fresh: { endpoint: second.endpoint, keys: second.keys },
      },
    );
    await expect
      .poll(() => actionCalls(worker))
      .toEqual([{ url: '/api/push-subscription/renew', status: 200, body: JSON.stringify({ ok: true }) }]);

    // Still the same device (id, label), and a test now reaches the new subscription only.
    expect(await api<Device[]>(page, 'GET', '/api/push-subscription/')).toEqual([device]);
    await api(page, 'POST', '/api/notification-settings/test');
    await expect.poll(() => second.received.map((p) => p.kind)).toEqual(['test']);
    expect(first.received).toEqual([]);
  } finally {
    await context.close();
    await first.close();
    await second.close();
  }
});

test('a browser that blocked notifications says so instead of offering the button', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  try {
    await context.clearPermissions();
    // Chromium answers "denied" for a permission the context does not grant once asked; make it so at once.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await page.goto('/settings');
    await expect(page.getByRole('alert')).toContainText(
      'Notifications are blocked for Hearth in this browser.',
    );
    await expect(page.getByRole('button', { name: 'Enable notifications on this device' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

interface Settings {
  time_zone: string;
  channels: Record<string, string[]>;
  quiet_hours: { start: string; end: string } | null;
  digest_time: string | null;
  email_enabled: boolean;
}

test('the settings choices persist across a reload', async ({ browser, baseURL }, testInfo) => {
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  try {
    await page.goto('/settings');
    const house = page.getByRole('group', { name: 'House changes' });
    await expect(house.getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
    // The test server has no SMTP: no email choice anywhere, and the page says why.
    await expect(page.getByRole('checkbox', { name: 'Email' })).toHaveCount(0);
    await expect(page.getByText(/notifications come by push only/)).toBeVisible();

    await house.getByRole('checkbox', { name: 'Push' }).check();
    await page.getByRole('group', { name: 'Reminders' }).getByRole('checkbox', { name: 'Push' }).uncheck();
    await page.getByRole('combobox', { name: 'Time zone' }).selectOption('America/New_York');
    await page.getByRole('checkbox', { name: 'Quiet hours' }).check();
    await page.getByLabel('From').fill('22:30');
    await page.getByLabel('Until').fill('06:45');
    await page.getByRole('checkbox', { name: 'Daily digest' }).check();
    await page.getByLabel('Send at').fill('07:15');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

    const saved = await api<Settings>(page, 'GET', '/api/notification-settings/');
    expect(saved).toMatchObject({
      time_zone: 'America/New_York',
      quiet_hours: { start: '22:30', end: '06:45' },
      digest_time: '07:15',
      email_enabled: false,
    });
    expect(saved.channels.house).toEqual(['push']);
    expect(saved.channels.reminders).not.toContain('push');

    await page.reload();
    await expect(
      page.getByRole('group', { name: 'House changes' }).getByRole('checkbox', { name: 'Push' }),
    ).toBeChecked();
    await expect(
      page.getByRole('group', { name: 'Reminders' }).getByRole('checkbox', { name: 'Push' }),
    ).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
    await expect(page.getByLabel('From')).toHaveValue('22:30');
    await expect(page.getByLabel('Until')).toHaveValue('06:45');
    await expect(page.getByLabel('Send at')).toHaveValue('07:15');

    // Quiet hours that end when they start are refused at the field, and nothing is saved.
    await page.getByLabel('Until').fill('22:30');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      page.getByText('Quiet hours need to end at a different time than they start.'),
    ).toBeVisible();
    await expect(page.getByLabel('Until')).toBeFocused();
    expect((await api<Settings>(page, 'GET', '/api/notification-settings/')).quiet_hours).toEqual({
      start: '22:30',
      end: '06:45',
    });

    await screenshots(page, testInfo.outputPath.bind(testInfo), 'notifications-settings');
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 812 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the unsubscribe page opens without signing in; a tampered link changes nothing', async ({
  browser,
  baseURL,
}, testInfo) => {
  const { context, page } = await personWithNotifications(browser, baseURL ?? '');
  const visitor = await browser.newContext({ ...(baseURL && { baseURL }) });
  try {
    const before = await api<Settings>(page, 'GET', '/api/notification-settings/');
    expect(before.channels.bills).toContain('email');
    const me = await api<{ user_id: number }>(page, 'GET', '/api/users/me');

    // Shaped like the server's link (a JWT for the bills kind and this person), but not signed by it.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${part({ alg: 'HS256' })}.${part({
      purpose: 'unsubscribe',
      kind: 'bills',
      sub: String(me.user_id),
      exp: Math.floor(Date.now() / 1000) + 3600,
    })}.${randomBytes(32).toString('base64url')}`;

    const mail = await visitor.newPage();
    await mail.goto(`/unsubscribe?token=${forged}`);
    await expect(mail.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
    await expect(mail.getByText('Stop emails about bills and payments?')).toBeVisible();
    await screenshots(mail, testInfo.outputPath.bind(testInfo), 'unsubscribe-ask');
    await mail.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(mail.getByRole('alert')).toContainText(
      'This unsubscribe link is not valid or has expired. Nothing was changed.',
    );
    await expect(mail.getByRole('link', { name: 'Open Settings' })).toBeVisible();
    await screenshots(mail, testInfo.outputPath.bind(testInfo), 'unsubscribe-invalid');
    expect((await new AxeBuilder({ page: mail }).analyze()).violations).toEqual([]);

    const after = await api<Settings>(page, 'GET', '/api/notification-settings/');
    expect(after.channels).toEqual(before.channels);

    // Without a token there is nothing to do.
    await mail.goto('/unsubscribe');
    await expect(mail.getByRole('alert')).toContainText('This link has no unsubscribe code.');
  } finally {
    await visitor.close();
    await context.close();
  }
});
