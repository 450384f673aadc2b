import { createECDH, randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  housemateOf,
  memberOfNewHouse,
  profile,
  startTestApp,
  type TestApp,
} from './test/test-app.js';

/*
 * Every API route, taken from the route table as the app builds it, against every kind of caller that must
 * not reach the owner's data: broken tokens of every sort (signed for the owner), a stranger with a house
 * of their own, a member without a house, and, for personal data, the owner's own housemate. No answer
 * may carry the owner's data, and the owner's data must read the same afterwards.
 */

interface Route {
  method: string;
  url: string;
  config: Record<string, unknown>;
}

interface Fixture {
  houseId: number;
  houseCode: string;
  eventId: number;
  listId: number;
  itemId: number;
  reminderId: number;
  ownerId: number;
  housemateId: number;
  expenseId: number;
  paymentId: number;
  recurringId: number;
  taskId: number;
  awayId: number;
  deviceId: number;
  appPasswordId: number;
  accessTokenId: number;
  webhookId: number;
  recipeId: number;
  mealId: number;
  additionId: number;
  externalCalendarId: number;
}

interface Sample {
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** A stream that stays open: only the token cases are tried (a valid caller hears only their own scope). */
  stream?: boolean;
}

/** A request per route. A route missing here fails the test: a new route cannot be forgotten. */
const SAMPLES: Record<string, Sample> = {
  'GET /api/config': { path: () => '/api/config' },
  'GET /api/users/me/exists': { path: () => '/api/users/me/exists' },
  'GET /api/users/me': { path: () => '/api/users/me' },
  'POST /api/users/': { path: () => '/api/users/', body: () => profile('intruder') },
  'GET /api/house/:house_id': { path: (f) => `/api/house/${f.houseId}` },
  // Knowing the code is what lets someone in; an intruder tries a wrong one.
  'PUT /api/house/:code': { path: () => '/api/house/WRONGCODE2' },
  'POST /api/house/': { path: () => '/api/house/', body: () => ({ house_name: 'Intruder house' }) },
  'POST /api/house/:house_id/code': { path: (f) => `/api/house/${f.houseId}/code` },
  'GET /api/event/house/:houseId/calendar.ics': { path: (f) => `/api/event/house/${f.houseId}/calendar.ics` },
  'GET /api/event/subscription': { path: () => '/api/event/subscription' },
  'POST /api/event/subscription/rotate': { path: () => '/api/event/subscription/rotate' },
  'DELETE /api/event/subscription': { path: () => '/api/event/subscription' },
  'GET /api/event/:id': { path: (f) => `/api/event/${f.eventId}` },
  'POST /api/event/': { path: () => '/api/event/', body: (f) => event(f.houseId, 'Intruder event') },
  'PATCH /api/event/:id': { path: (f) => `/api/event/${f.eventId}`, body: () => ({ title: 'Hijacked' }) },
  'DELETE /api/event/:id': { path: (f) => `/api/event/${f.eventId}` },
  'GET /api/grocery-list/': { path: () => '/api/grocery-list/' },
  'POST /api/grocery-list/': {
    path: () => '/api/grocery-list/',
    body: () => ({ grocery_list_name: 'Intruder' }),
  },
  'DELETE /api/grocery-list/:id': { path: (f) => `/api/grocery-list/${f.listId}` },
  'POST /api/grocery-item/': {
    path: () => '/api/grocery-item/',
    body: (f) => ({ grocery_list_id: f.listId, grocery_item_name: 'Intruder item' }),
  },
  'PATCH /api/grocery-item/:id': {
    path: (f) => `/api/grocery-item/${f.itemId}`,
    body: () => ({ grocery_item_name: 'Hijacked', completed: true }),
  },
  'DELETE /api/grocery-item/:id': { path: (f) => `/api/grocery-item/${f.itemId}` },
  'GET /api/live': { path: () => '/api/live', stream: true },
  'GET /api/reminder/': { path: () => '/api/reminder/' },
  'POST /api/reminder/': { path: () => '/api/reminder/', body: () => reminder('Intruder reminder') },
  'PUT /api/reminder/:id': { path: (f) => `/api/reminder/${f.reminderId}`, body: () => reminder('Hijacked') },
  'DELETE /api/reminder/:id': { path: (f) => `/api/reminder/${f.reminderId}` },
  'GET /api/house/:house_id/currency': { path: (f) => `/api/house/${f.houseId}/currency` },
  'PUT /api/house/:house_id/currency': {
    path: (f) => `/api/house/${f.houseId}/currency`,
    body: () => ({ currency: 'USD' }),
  },
  'GET /api/expense/': { path: () => '/api/expense/' },
  'POST /api/expense/': { path: () => '/api/expense/', body: (f) => expense(f, 'Intruder expense') },
  'GET /api/expense/export.csv': { path: () => '/api/expense/export.csv' },
  'POST /api/expense/import': {
    path: () => '/api/expense/import',
    body: () => ({
      csv: 'Date,Description,Category,Cost,Currency,Sam Rivera\n2025-01-01,Tea,General,1.00,EUR,0.00\n',
    }),
  },
  'GET /api/expense/spending': { path: () => '/api/expense/spending' },
  'GET /api/expense/activity': { path: () => '/api/expense/activity' },
  'PUT /api/expense/:expense_id': {
    path: (f) => `/api/expense/${f.expenseId}`,
    body: (f) => expense(f, 'Hijacked'),
  },
  'DELETE /api/expense/:expense_id': { path: (f) => `/api/expense/${f.expenseId}` },
  'GET /api/balance/': { path: () => '/api/balance/' },
  'GET /api/payment/': { path: () => '/api/payment/' },
  'POST /api/payment/': { path: () => '/api/payment/', body: (f) => payment(f) },
  'DELETE /api/payment/:payment_id': { path: (f) => `/api/payment/${f.paymentId}` },
  'GET /api/recurring-expense/': { path: () => '/api/recurring-expense/' },
  'POST /api/recurring-expense/': {
    path: () => '/api/recurring-expense/',
    body: (f) => recurring(f, 'Intruder bill'),
  },
  'PUT /api/recurring-expense/:id': {
    path: (f) => `/api/recurring-expense/${f.recurringId}`,
    body: (f) => recurring(f, 'Hijacked'),
  },
  'DELETE /api/recurring-expense/:id': { path: (f) => `/api/recurring-expense/${f.recurringId}` },
  'POST /api/grocery-list/:id/purchase': {
    path: (f) => `/api/grocery-list/${f.listId}/purchase`,
    body: (f) => ({ amount_minor: 500, paid_by: f.ownerId, split: split(f) }),
  },
  'GET /api/task/': { path: () => '/api/task/' },
  'POST /api/task/': {
    path: () => '/api/task/',
    body: (f) => ({ title: 'Intruder task', due_at: '2030-01-01T09:00:00Z', assignee_id: f.ownerId }),
  },
  'GET /api/task/stats': { path: () => '/api/task/stats' },
  'GET /api/task/members': { path: () => '/api/task/members' },
  'PUT /api/task/:task_id': {
    path: (f) => `/api/task/${f.taskId}`,
    body: (f) => ({ title: 'Hijacked', due_at: '2030-01-01T09:00:00Z', assignee_id: f.ownerId }),
  },
  'DELETE /api/task/:task_id': { path: (f) => `/api/task/${f.taskId}` },
  'POST /api/task/:task_id/done': { path: (f) => `/api/task/${f.taskId}/done` },
  'POST /api/task/:task_id/skip': { path: (f) => `/api/task/${f.taskId}/skip` },
  'POST /api/task/:task_id/undo': { path: (f) => `/api/task/${f.taskId}/undo` },
  'GET /api/task/:task_id/history': { path: (f) => `/api/task/${f.taskId}/history` },
  'GET /api/away/': { path: () => '/api/away/' },
  'POST /api/away/': {
    path: () => '/api/away/',
    body: () => ({ starts_on: '2031-01-10', ends_on: '2031-01-12' }),
  },
  'DELETE /api/away/:away_id': { path: (f) => `/api/away/${f.awayId}` },
  'DELETE /api/grocery-list/:id/done': { path: (f) => `/api/grocery-list/${f.listId}/done` },
  'GET /api/grocery-suggestion/': { path: () => '/api/grocery-suggestion/?q=Owner' },
  'GET /api/grocery-suggestion/again': { path: () => '/api/grocery-suggestion/again' },
  'GET /api/recipe/': { path: () => '/api/recipe/?q=owner' },
  'POST /api/recipe/': {
    path: () => '/api/recipe/',
    body: () => ({ title: 'Intruder recipe', servings: 2, ingredients: [{ text: '1 egg' }] }),
  },
  'POST /api/recipe/import': {
    path: () => '/api/recipe/import',
    body: () => ({ text: 'Intruder\nIngredients\n1 egg' }),
  },
  'GET /api/recipe/:recipe_id': { path: (f) => `/api/recipe/${f.recipeId}` },
  'PUT /api/recipe/:recipe_id': {
    path: (f) => `/api/recipe/${f.recipeId}`,
    body: () => ({ title: 'Hijacked', servings: 1 }),
  },
  'DELETE /api/recipe/:recipe_id': { path: (f) => `/api/recipe/${f.recipeId}` },
  'GET /api/meal/': { path: () => '/api/meal/?from=2030-01-01&to=2030-01-07' },
  'POST /api/meal/': {
    path: () => '/api/meal/',
    body: (f) => ({ date: '2030-01-02', slot: 'dinner', recipe_id: f.recipeId, servings: 2 }),
  },
  'PUT /api/meal/:meal_id': {
    path: (f) => `/api/meal/${f.mealId}`,
    body: (f) => ({
      date: '2030-01-03',
      slot: 'lunch',
      title: 'Hijacked',
      servings: 1,
      cook_id: f.housemateId,
    }),
  },
  'DELETE /api/meal/:meal_id': { path: (f) => `/api/meal/${f.mealId}` },
  'POST /api/meal/to-groceries': {
    path: () => '/api/meal/to-groceries',
    body: (f) => ({ from: '2030-01-01', to: '2030-01-07', grocery_list_id: f.listId }),
  },
  'POST /api/meal/to-groceries/:addition_id/undo': {
    path: (f) => `/api/meal/to-groceries/${f.additionId}/undo`,
  },
  'GET /api/house/:house_id/staples': { path: (f) => `/api/house/${f.houseId}/staples` },
  'PUT /api/house/:house_id/staples': {
    path: (f) => `/api/house/${f.houseId}/staples`,
    body: () => ({ staples: ['intruder'] }),
  },
  'GET /api/house/:house_id/grocery-category-order': {
    path: (f) => `/api/house/${f.houseId}/grocery-category-order`,
  },
  'PUT /api/house/:house_id/grocery-category-order': {
    path: (f) => `/api/house/${f.houseId}/grocery-category-order`,
    body: () => ({ order: [] }),
  },
  'PATCH /api/house/:house_id': {
    path: (f) => `/api/house/${f.houseId}`,
    body: () => ({ house_name: 'Hijacked' }),
  },
  'GET /api/house/:house_id/members': { path: (f) => `/api/house/${f.houseId}/members` },
  'POST /api/house/:house_id/leave': { path: (f) => `/api/house/${f.houseId}/leave` },
  'POST /api/house/:house_id/members/:user_id/remove': {
    path: (f) => `/api/house/${f.houseId}/members/${f.housemateId}/remove`,
  },
  'DELETE /api/house/:house_id/members/:user_id/remove': {
    path: (f) => `/api/house/${f.houseId}/members/${f.housemateId}/remove`,
  },
  'GET /api/house/:house_id/export': { path: (f) => `/api/house/${f.houseId}/export` },
  'POST /api/house/:house_id/import': {
    path: (f) => `/api/house/${f.houseId}/import`,
    body: () => ({
      format: 'hearth.house',
      version: 1,
      exported_at: '2026-01-01T00:00:00.000Z',
      house: { house_name: 'Hijacked', house_img: null, time_zone: 'UTC' },
      people: [],
      data: {},
    }),
  },
  'GET /api/event/': { path: () => '/api/event/?from=2026-05-01T00:00:00.000Z&to=2026-06-01T00:00:00.000Z' },
  'GET /api/event/layers': {
    path: () => '/api/event/layers?from=2026-05-01T00:00:00.000Z&to=2026-06-01T00:00:00.000Z',
  },
  'POST /api/feed/me/link': { path: () => '/api/feed/me/link' },
  'DELETE /api/feed/me/link': { path: () => '/api/feed/me/link' },
  'GET /api/feed/me.ics': { path: () => '/api/feed/me.ics' },
  'GET /api/notification-settings/': { path: () => '/api/notification-settings/' },
  'PUT /api/notification-settings/': {
    path: () => '/api/notification-settings/',
    body: () => ({ channels: { reminders: [] }, digest_time: '05:00' }),
  },
  'POST /api/notification-settings/test': { path: () => '/api/notification-settings/test' },
  'GET /api/push/public-key': { path: () => '/api/push/public-key' },
  'GET /api/push-subscription/': { path: () => '/api/push-subscription/' },
  'POST /api/push-subscription/': {
    path: () => '/api/push-subscription/',
    body: () => pushDevice('https://142.250.74.3/push/intruder', 'Intruder device'),
  },
  'DELETE /api/push-subscription/:push_subscription_id': {
    path: (f) => `/api/push-subscription/${f.deviceId}`,
  },
  // Signed links: the token is the credential, and a made-up one does nothing.
  'POST /api/notification-action': {
    path: () => '/api/notification-action',
    body: () => ({ action_token: 'a.b.c', action: 'done' }),
  },
  'POST /api/unsubscribe': { path: () => '/api/unsubscribe', body: () => ({ token: 'a.b.c' }) },
  // The old subscription's auth secret is the credential: the owner's endpoint with a guessed one does nothing.
  'POST /api/push-subscription/renew': {
    path: () => '/api/push-subscription/renew',
    body: () => {
      const { endpoint, keys } = pushDevice('https://142.250.74.3/push/intruder', '');
      return {
        old_endpoint: 'https://142.250.74.3/push/owner',
        old_auth: randomBytes(16).toString('base64url'),
        endpoint,
        keys,
      };
    },
  },
  // The caller's own account and data: an intruder only ever reaches their own.
  'GET /api/app-password/': { path: () => '/api/app-password/' },
  'POST /api/app-password/': { path: () => '/api/app-password/', body: () => ({ label: 'Intruder phone' }) },
  'DELETE /api/app-password/:app_password_id': { path: (f) => `/api/app-password/${f.appPasswordId}` },
  'GET /api/access-token/': { path: () => '/api/access-token/' },
  'POST /api/access-token/': {
    path: () => '/api/access-token/',
    body: () => ({ label: 'Intruder token', scope: 'read_write', expires_in_days: null }),
  },
  'DELETE /api/access-token/:access_token_id': { path: (f) => `/api/access-token/${f.accessTokenId}` },
  // The house's webhooks: members only (a ping-only hook, so nothing is sent during the run).
  'GET /api/webhook/': { path: () => '/api/webhook/' },
  'POST /api/webhook/': {
    path: () => '/api/webhook/',
    body: () => ({ url: 'https://142.250.74.3/intruder', events: ['ping'], description: 'Intruder hook' }),
  },
  'PUT /api/webhook/:webhook_id': {
    path: (f) => `/api/webhook/${f.webhookId}`,
    body: () => ({ url: 'https://142.250.74.3/intruder', enabled: false }),
  },
  'DELETE /api/webhook/:webhook_id': { path: (f) => `/api/webhook/${f.webhookId}` },
  'POST /api/webhook/:webhook_id/test': { path: (f) => `/api/webhook/${f.webhookId}/test` },
  'GET /api/webhook/:webhook_id/deliveries': { path: (f) => `/api/webhook/${f.webhookId}/deliveries` },
  // The owner's outside calendar is their own (personal): a housemate must not see or change it either.
  'GET /api/external-calendar/': { path: () => '/api/external-calendar/' },
  'POST /api/external-calendar/': {
    path: () => '/api/external-calendar/',
    body: () => ({
      name: 'Intruder calendar',
      url: 'https://10.0.0.1/x.ics',
      color: '#000000',
      shared: false,
    }),
  },
  'PUT /api/external-calendar/:external_calendar_id': {
    path: (f) => `/api/external-calendar/${f.externalCalendarId}`,
    body: () => ({ name: 'Taken calendar', url: 'https://10.0.0.1/x.ics', color: '#000000', shared: true }),
  },
  'DELETE /api/external-calendar/:external_calendar_id': {
    path: (f) => `/api/external-calendar/${f.externalCalendarId}`,
  },
  'POST /api/external-calendar/:external_calendar_id/refresh': {
    path: (f) => `/api/external-calendar/${f.externalCalendarId}/refresh`,
  },
  'DELETE /api/users/me': { path: () => '/api/users/me' },
  'GET /api/users/me/export': { path: () => '/api/users/me/export' },
};

/** Personal data: only its owner may see or change it, housemates included. */
const isPersonal = (route: Route) =>
  route.config.personal === true ||
  route.url.startsWith('/api/reminder') ||
  route.url.startsWith('/api/event/subscription') ||
  route.url.startsWith('/api/feed/me') ||
  route.url.startsWith('/api/notification-settings') ||
  route.url.startsWith('/api/push-subscription') ||
  route.url.startsWith('/api/app-password') ||
  route.url.startsWith('/api/access-token') ||
  route.url.startsWith('/api/external-calendar');

/** Routes anyone may call: they carry no one's data. */
const PUBLIC = new Set(['GET /api/config']);

const event = (houseId: number, title: string) => ({
  title,
  description: 'd',
  location: 'l',
  start_datetime: '2026-05-04T18:00:00.000Z',
  end_datetime: '2026-05-04T19:30:00.000Z',
  all_day: false,
  house_id: houseId,
});
const reminder = (title: string) => ({ title, remind_time: '2030-01-01T09:00:00Z', time_zone: 'UTC' });
const pushDevice = (endpoint: string, device_label: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    device_label,
  };
};
const split = (f: Pick<Fixture, 'ownerId' | 'housemateId'>) => ({
  mode: 'equal',
  parts: [f.ownerId, f.housemateId].map((user_id) => ({ user_id, value: 0 })),
});
const expense = (f: Pick<Fixture, 'ownerId' | 'housemateId'>, title: string) => ({
  title,
  amount_minor: 1234,
  paid_by: f.ownerId,
  spent_on: '2025-03-10',
  category: 'groceries',
  split: split(f),
});
const payment = (f: Pick<Fixture, 'ownerId' | 'housemateId'>) => ({
  from: f.housemateId,
  to: f.ownerId,
  amount_minor: 321,
  paid_on: '2025-03-11',
});
const recurring = (f: Pick<Fixture, 'ownerId' | 'housemateId'>, title: string) => ({
  title,
  amount_minor: 3000,
  paid_by: f.ownerId,
  category: 'utilities',
  split: split(f),
  repeat: { every: 'weeks', interval: 1, month_day: null },
  // Far ahead, so reading the list never makes expenses from it while the matrix runs.
  starts_on: '2031-01-01',
  ends_on: null,
});

/** Words only the owner's data contains; none may appear in an intruder's answer. */
const SHARED_MARKERS = [
  'Owner Marker House',
  'Owner marker event',
  'Owner marker list',
  'Owner marker item',
  'Owner marker expense',
  'Owner marker bill',
  'Owner marker task',
];
const PERSONAL_MARKERS = [
  'Owner marker reminder',
  'owner@example.test',
  'Owner marker device',
  'Owner marker app password',
  'Owner marker API token',
  'Owner marker calendar',
  'Owner marker outside event',
];

type Caller = { kind: string; headers: () => Promise<Record<string, string>> };

let t: TestApp;
const routes: Route[] = [];
let fixture: Fixture;
let ownerSnapshot: () => Promise<string>;
let ownerPersonalSnapshot: () => Promise<string>;
let housemateToken: () => Promise<string>;
let subscriptionSecret = '';
let checks = 0;
let ownerClient: ApiClient;

beforeAll(async () => {
  t = await startTestApp({
    env: { API_RATE_LIMIT: 'off' },
    build: {
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || !route.url.startsWith('/api/') || route.url.startsWith('/api/docs'))
            continue;
          routes.push({ method, url: route.url, config: (route.config ?? {}) as Record<string, unknown> });
        }
      },
    },
  });
  const { client: owner, house } = await memberOfNewHouse(t, 'owner', 'Owner Marker House');
  const ev = await owner.post('/api/event/', event(house.house_id, 'Owner marker event'));
  const list = await owner.post('/api/grocery-list/', { grocery_list_name: 'Owner marker list' });
  const item = await owner.post('/api/grocery-item/', {
    grocery_list_id: list.json().grocery_list_id,
    grocery_item_name: 'Owner marker item',
  });
  const rem = await owner.post('/api/reminder/', reminder('Owner marker reminder'));
  const sub = await owner.post('/api/event/subscription/rotate');
  for (const res of [ev, list, item, rem, sub]) expect(res.statusCode, res.body).toBeLessThan(300);
  subscriptionSecret = new URL(sub.json().https_url).searchParams.get('token') ?? '';
  expect(subscriptionSecret).not.toBe('');
  const { user: mate } = await housemateOf(t, 'housemate', house.house_code);
  const people = { ownerId: (await owner.get('/api/users/me')).json().user_id, housemateId: mate.user_id };
  const currency = await owner.put(`/api/house/${house.house_id}/currency`, { currency: 'EUR' });
  const exp = await owner.post('/api/expense/', expense(people, 'Owner marker expense'));
  const pay = await owner.post('/api/payment/', payment(people));
  const bill = await owner.post('/api/recurring-expense/', recurring(people, 'Owner marker bill'));
  const task = await owner.post('/api/task/', {
    title: 'Owner marker task',
    due_at: '2030-01-01T09:00:00Z',
    assignee_id: people.ownerId,
  });
  const away = await owner.post('/api/away/', { starts_on: '2031-02-10', ends_on: '2031-02-12' });
  const device = await owner.post(
    '/api/push-subscription/',
    pushDevice('https://142.250.74.3/push/owner', 'Owner marker device'),
  );
  const settings = await owner.put('/api/notification-settings/', { digest_time: '06:45' });
  const appPassword = await owner.post('/api/app-password/', { label: 'Owner marker app password' });
  const accessToken = await owner.post('/api/access-token/', {
    label: 'Owner marker API token',
    scope: 'read_write',
    expires_in_days: null,
  });
  const webhook = await owner.post('/api/webhook/', {
    url: 'https://142.250.74.3/owner',
    events: ['ping'],
    description: 'Owner marker webhook',
  });
  const recipe = await owner.post('/api/recipe/', {
    title: 'Owner marker recipe',
    servings: 2,
    ingredients: [{ text: '200 g owner marker rice' }],
  });
  const meal = await owner.post('/api/meal/', {
    date: '2030-01-01',
    slot: 'dinner',
    recipe_id: recipe.json().recipe_id,
    servings: 4,
  });
  const staples = await owner.put(`/api/house/${house.house_id}/staples`, { staples: ['owner marker salt'] });
  const addition = await owner.post('/api/meal/to-groceries', {
    from: '2030-01-01',
    to: '2030-01-01',
    grocery_list_id: list.json().grocery_list_id,
  });
  for (const res of [
    currency,
    exp,
    pay,
    bill,
    task,
    away,
    device,
    settings,
    appPassword,
    accessToken,
    webhook,
    recipe,
    meal,
    staples,
    addition,
  ])
    expect(res.statusCode, res.body).toBeLessThan(300);
  // The owner's own outside calendar with a fetched feed (straight into the table: no fetch here).
  const stamp = new Date().toISOString();
  const outside = await t.testDb.db
    .insertInto('external_calendars')
    .values({
      house_id: house.house_id,
      user_id: people.ownerId,
      name: 'Owner marker calendar',
      url: 'https://calendar.example.com/owner.ics',
      color: '#123456',
      shared: 0,
      feed: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//t//t//EN',
        'BEGIN:VEVENT',
        'UID:owner@t',
        'DTSTAMP:20260501T000000Z',
        'SUMMARY:Owner marker outside event',
        'DTSTART:20260510T100000Z',
        'DTEND:20260510T110000Z',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
      feed_hash: 'owner-marker-feed',
      last_fetched_at: stamp,
      next_fetch_at: '9999-01-01T00:00:00.000Z',
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('external_calendar_id')
    .executeTakeFirstOrThrow();
  const ownLayers = await owner.get(
    '/api/event/layers?from=2026-05-01T00:00:00.000Z&to=2026-06-01T00:00:00.000Z',
  );
  expect(ownLayers.body).toContain('Owner marker outside event');
  fixture = {
    houseId: house.house_id,
    houseCode: house.house_code,
    eventId: ev.json().event_id,
    listId: list.json().grocery_list_id,
    itemId: item.json().grocery_item_id,
    reminderId: rem.json().reminder_id,
    ...people,
    expenseId: exp.json().expense_id,
    paymentId: pay.json().payment_id,
    recurringId: bill.json().recurring_id,
    taskId: task.json().task_id,
    awayId: away.json().away_id,
    deviceId: device.json().push_subscription_id,
    appPasswordId: appPassword.json().app_password_id,
    accessTokenId: accessToken.json().access_token_id,
    webhookId: webhook.json().webhook_id,
    recipeId: recipe.json().recipe_id,
    mealId: meal.json().meal_id,
    additionId: addition.json().addition_id,
    externalCalendarId: outside.external_calendar_id,
  };
  ownerClient = owner;
  housemateToken = () => t.issuer.mint('housemate');

  // What the owner sees; a feed's DTSTAMP is the time of the request, so it is left out.
  const read = async (urls: string[]) => {
    const parts: string[] = [];
    for (const url of urls) {
      const res = await owner.get(url);
      parts.push(`${url} ${res.statusCode} ${res.body.replace(/^DTSTAMP:.*$/gm, '')}`);
    }
    return parts.join('\n');
  };
  const personal = [
    '/api/reminder/',
    '/api/event/subscription',
    '/api/notification-settings/',
    '/api/push-subscription/',
    '/api/app-password/',
    '/api/access-token/',
    '/api/external-calendar/',
    '/api/event/layers?from=2026-05-01T00:00:00.000Z&to=2026-06-01T00:00:00.000Z',
  ];
  ownerPersonalSnapshot = () => read(personal);
  ownerSnapshot = () =>
    read([
      '/api/users/me',
      `/api/house/${fixture.houseId}`,
      `/api/event/${fixture.eventId}`,
      `/api/event/house/${fixture.houseId}/calendar.ics`,
      '/api/grocery-list/',
      `/api/house/${fixture.houseId}/currency`,
      '/api/expense/',
      '/api/payment/',
      '/api/recurring-expense/',
      '/api/task/',
      `/api/task/${fixture.taskId}/history`,
      '/api/away/',
      `/api/house/${fixture.houseId}/members`,
      `/api/house/${fixture.houseId}/grocery-category-order`,
      '/api/webhook/',
      `/api/webhook/${fixture.webhookId}/deliveries`,
      '/api/recipe/',
      '/api/meal/?from=2030-01-01&to=2030-01-07',
      `/api/house/${fixture.houseId}/staples`,
      ...personal,
    ]);
});

afterAll(async () => {
  await t?.close();
});

/** Token variants, each naming the owner as subject, none of which may be accepted. */
async function brokenTokens(): Promise<Caller[]> {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const { privateKey: otherKey } = await generateKeyPair('RS256');
  const bearer = (token: string) => async () => ({ authorization: `Bearer ${token}` });
  const good = await t.issuer.mint('owner');
  const [head = '', payload = ''] = good.split('.');
  return [
    { kind: 'no token', headers: async () => ({}) },
    {
      kind: 'expired',
      headers: bearer(await t.issuer.mint('owner', { issuedAgo: 3600, expiresIn: now - 3000 })),
    },
    { kind: 'no exp', headers: bearer(await t.issuer.mint('owner', { withoutExpiry: true })) },
    {
      kind: 'wrong issuer',
      headers: bearer(await t.issuer.mint('owner', { issuer: 'https://evil.example' })),
    },
    {
      kind: 'wrong audience',
      headers: bearer(await t.issuer.mint('owner', { audience: 'https://evil.example/api' })),
    },
    {
      kind: 'bad signature',
      headers: bearer(
        await new SignJWT({ email: 'owner@example.test' })
          .setProtectedHeader({ alg: 'RS256', kid: 'stand-in-1' })
          .setSubject('owner')
          .setIssuer(t.issuer.url)
          .setAudience(t.issuer.defaultAudience)
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(otherKey),
      ),
    },
    {
      kind: 'tampered payload',
      headers: bearer(`${head}.${b64({ ...decode(payload), sub: 'owner2' })}.${good.split('.')[2]}`),
    },
    { kind: 'alg none', headers: bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`) },
  ];
}

function decode(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

let strangers = 0;
async function stranger(): Promise<Caller> {
  const { client } = await memberOfNewHouse(t, `stranger${++strangers}`, `Stranger house ${strangers}`);
  void client;
  const subject = `stranger${strangers}`;
  return {
    kind: 'stranger',
    headers: async () => ({ authorization: `Bearer ${await t.issuer.mint(subject)}` }),
  };
}

async function homeless(): Promise<Caller> {
  const subject = `homeless${++strangers}`;
  const res = await t.as(subject).post('/api/users/', profile(subject));
  expect(res.statusCode).toBe(200);
  return {
    kind: 'member without house',
    headers: async () => ({ authorization: `Bearer ${await t.issuer.mint(subject)}` }),
  };
}

function send(route: Route, sample: Sample, headers: Record<string, string>) {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: sample.path(fixture),
    headers,
  };
  if (sample.body) options.payload = sample.body(fixture) as InjectOptions['payload'];
  return t.app.inject(options);
}

function expectNoLeak(res: LightMyRequestResponse, markers: string[], what: string) {
  for (const marker of [...markers, subscriptionSecret]) {
    expect(res.body.includes(marker), `${what} leaked "${marker}": ${res.statusCode} ${res.body}`).toBe(
      false,
    );
  }
  // Errors keep the one JSON shape.
  if (res.statusCode >= 400) {
    expect(res.json().error?.code, `${what}: ${res.body}`).toBeTypeOf('string');
  }
}

describe('authorization matrix (built from the route table)', () => {
  it('has a sample for every API route, and no sample for a route that is gone', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(
      keys.filter((k) => !(k in SAMPLES)),
      'routes without a sample',
    ).toEqual([]);
    expect(
      Object.keys(SAMPLES).filter((k) => !keys.includes(k)),
      'samples without a route',
    ).toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  it('lets no broken token, stranger, member without house or housemate reach what is not theirs', async () => {
    const before = await ownerSnapshot();
    const tokens = await brokenTokens();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const sample = SAMPLES[key];
      if (!sample) continue;
      const write = route.method !== 'GET';

      for (const caller of tokens) {
        const res = await send(route, sample, await caller.headers());
        checks++;
        const what = `${key} with ${caller.kind}`;
        // Public routes (and capability links that carry their own secret) ignore bearer tokens.
        if (PUBLIC.has(key) || route.config.auth === false) expect(res.statusCode, what).toBeLessThan(500);
        else expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
        expectNoLeak(res, [...SHARED_MARKERS, ...PERSONAL_MARKERS], what);
      }
      if (sample.stream) continue;

      for (const make of [stranger, homeless]) {
        const caller = await make();
        const res = await send(route, sample, await caller.headers());
        checks++;
        const what = `${key} as ${caller.kind}`;
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        expectNoLeak(res, [...SHARED_MARKERS, ...PERSONAL_MARKERS], what);
        if (write) expect(await ownerSnapshot(), `${what} changed the owner's data`).toBe(before);
      }

      if (isPersonal(route)) {
        const personalBefore = await ownerPersonalSnapshot();
        const res = await send(route, sample, { authorization: `Bearer ${await housemateToken()}` });
        checks++;
        const what = `${key} as housemate`;
        expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
        expectNoLeak(res, PERSONAL_MARKERS, what);
        if (write)
          expect(await ownerPersonalSnapshot(), `${what} changed the owner's data`).toBe(personalBefore);
      }
    }
    expect(await ownerSnapshot()).toBe(before);
    // Routes x callers actually tried (printed so a run shows its reach).
    console.info(`authorization matrix: ${checks} checks over ${routes.length} routes, 0 leaks`);
    expect(checks).toBeGreaterThan(routes.length * 9);
  }, 300_000);

  it("answers 404 for another house's id even with a body that is valid in the caller's own house", async () => {
    // A house of the caller's own, with what the bodies name (payer, split, list, currency).
    const { client: caller, house, user } = await memberOfNewHouse(t, 'idprober', 'Prober house');
    const { user: mate } = await housemateOf(t, 'idprober-mate', house.house_code);
    const currency = await caller.put(`/api/house/${house.house_id}/currency`, { currency: 'EUR' });
    const list = await caller.post('/api/grocery-list/', { grocery_list_name: 'Prober list' });
    for (const res of [currency, list]) expect(res.statusCode, res.body).toBeLessThan(300);
    const own: Fixture = {
      ...fixture,
      houseId: house.house_id,
      houseCode: house.house_code,
      ownerId: user.user_id,
      housemateId: mate.user_id,
      listId: list.json().grocery_list_id,
    };
    // The bodies are ones the caller's own house takes (else a 404 would prove little): checked on the
    // routes that create the same things.
    const ownBodies: Array<[string, string, unknown]> = [
      ['POST', '/api/expense/', expense(own, 'Prober expense')],
      ['POST', '/api/recurring-expense/', recurring(own, 'Prober bill')],
      ['POST', '/api/event/', event(own.houseId, 'Prober event')],
      [
        'POST',
        '/api/task/',
        { title: 'Prober task', due_at: '2030-01-01T09:00:00Z', assignee_id: own.ownerId },
      ],
    ];
    for (const [method, url, body] of ownBodies) {
      const res = await caller.request(method as InjectOptions['method'], url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    }

    // And a house that has not chosen its currency yet: a check of the caller's house comes after the id too.
    await memberOfNewHouse(t, 'idprober-bare', 'Bare house');

    const before = await ownerSnapshot();
    const bearer = async (subject: string) => ({ authorization: `Bearer ${await t.issuer.mint(subject)}` });
    // The body as the caller's own house would take it, and as the id's house would (its members, its
    // list): either way the id is resolved first, so nobody is told anything but "not found".
    const attempts = [
      { who: 'idprober', headers: await bearer('idprober'), bodyOf: 'own house', f: own },
      { who: 'idprober', headers: await bearer('idprober'), bodyOf: "id's house", f: fixture },
      { who: 'idprober-bare', headers: await bearer('idprober-bare'), bodyOf: "id's house", f: fixture },
    ];
    const withId = routes.filter(
      (r) =>
        /:\w*(id|Id)\b/.test(r.url) && r.config.auth !== false && !SAMPLES[`${r.method} ${r.url}`]?.stream,
    );
    expect(withId.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of withId) {
      const key = `${route.method} ${route.url}`;
      const sample = SAMPLES[key];
      if (!sample) continue;
      // The body as the caller's own house would take it, and as the id's house would (its members, its
      // list): either way the id is resolved first, so neither may be told anything but "not found".
      for (const { who, headers, bodyOf, f } of attempts) {
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url: sample.path(fixture),
          headers,
        };
        if (sample.body) options.payload = sample.body(f) as InjectOptions['payload'];
        const res = await t.app.inject(options);
        checks++;
        if (res.statusCode !== 404)
          wrong.push(`${key} as ${who}, body for the ${bodyOf}: ${res.statusCode} ${res.body}`);
        expectNoLeak(res, [...SHARED_MARKERS, ...PERSONAL_MARKERS], `${key} with another house's id`);
      }
    }
    expect(wrong, "routes that did not answer 404 for another house's id").toEqual([]);
    expect(await ownerSnapshot()).toBe(before);
  });

  it('lets personal API tokens do only what their scope allows: read tokens never write, revoked and expired are 401, another house sees nothing', async () => {
    const makeToken = async (client: ApiClient, scope: 'read' | 'read_write') => {
      const res = await client.post('/api/access-token/', {
        label: `matrix ${scope}`,
        scope,
        expires_in_days: 30,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { access_token_id: number; token: string };
    };
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const ownerRead = await makeToken(ownerClient, 'read');
    const revoked = await makeToken(ownerClient, 'read_write');
    expect((await ownerClient.delete(`/api/access-token/${revoked.access_token_id}`)).statusCode).toBe(200);
    const expired = await makeToken(ownerClient, 'read_write');
    await t.testDb.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('access_token_id', '=', expired.access_token_id)
      .execute();
    strangers++;
    const { client: strangerClient } = await memberOfNewHouse(
      t,
      `tokenstranger${strangers}`,
      'Token stranger house',
    );
    const strangerWrite = await makeToken(strangerClient, 'read_write');

    // Using a token notes when (last_used_at): not a change of the owner's data.
    const stable = (text: string) =>
      text.replace(/"last_used_at":(null|"[^"]*")/g, '"last_used_at":"(used)"');
    const before = stable(await ownerSnapshot());
    const personalBefore = stable(await ownerPersonalSnapshot());
    const wrong: string[] = [];
    let tried = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const sample = SAMPLES[key];
      if (!sample || PUBLIC.has(key) || route.config.auth === false) continue;
      const write = route.method !== 'GET' && route.method !== 'HEAD';

      for (const [kind, token] of [
        ['revoked', revoked.token],
        ['expired', expired.token],
      ] as const) {
        const res = await send(route, sample, bearer(token));
        tried++;
        if (res.statusCode !== 401) wrong.push(`${key} with a ${kind} token: ${res.statusCode} ${res.body}`);
        expectNoLeak(res, [...SHARED_MARKERS, ...PERSONAL_MARKERS], `${key} with a ${kind} token`);
      }
      if (sample.stream) continue;

      // The owner's own read token: reads what the owner may read, and no write goes through.
      if (write) {
        const res = await send(route, sample, bearer(ownerRead.token));
        tried++;
        const code = res.statusCode === 403 ? res.json().error.code : null;
        if (code !== 'insufficient_scope' && code !== 'session_required')
          wrong.push(`${key} with the owner's read token: ${res.statusCode} ${res.body}`);
      }

      // Another house's read_write token: nothing of the owner's, read or changed.
      const res = await send(route, sample, bearer(strangerWrite.token));
      tried++;
      expect(res.statusCode, `${key} with another house's token: ${res.body}`).toBeLessThan(500);
      expectNoLeak(res, [...SHARED_MARKERS, ...PERSONAL_MARKERS], `${key} with another house's token`);
    }
    checks += tried;
    expect(wrong, 'token requests that were not refused as they should be').toEqual([]);
    expect(stable(await ownerSnapshot()), 'a token changed the owner data').toBe(before);
    expect(stable(await ownerPersonalSnapshot())).toBe(personalBefore);
    // Reading with the owner's read token does work (so the refusals above are about the scope).
    expect(
      (
        await send(
          { method: 'GET', url: '/api/grocery-list/', config: {} },
          SAMPLES['GET /api/grocery-list/']!,
          bearer(ownerRead.token),
        )
      ).body,
    ).toContain('Owner marker list');
    console.info(`authorization matrix: ${tried} token checks over ${routes.length} routes`);
    expect(tried).toBeGreaterThan(routes.length * 3);
  }, 300_000);
});
