import { HOUSE_EVENT_TYPES, type HouseEventType } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HouseEvents } from '../../core/house-events.js';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import { Membership } from '../../core/membership.js';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { BillsRepository, BillsService, RecurringRunner } from '../bills/index.js';
import { EventsRepository, EventsService } from '../events/index.js';
import { GroceriesRepository, GroceriesService } from '../groceries/index.js';
import { HousesRepository, HousesService } from '../houses/index.js';
import { TasksRepository, TasksService } from '../tasks/index.js';
import { createHouseEvents } from './outbox.js';

/*
 * The transactional outbox: a change and its delivery rows commit together or not at all. Nothing here
 * runs the dispatcher, so a row seen right after a call was written before the call returned.
 */

let t: TestApp;
let seq = 0;
const NO_LIVE: LivePublisher = { publish: async () => {}, publishToUser: async () => {} };

beforeAll(async () => {
  t = await startTestApp({ env: { OUTBOUND_ALLOW_LOOPBACK: 'true', NOTIFICATIONS_SCHEDULER: 'off' } });
});
afterAll(async () => {
  await t.close();
});

// Every change a house announces (a ping is only ever sent by Send a test).
const ALL = HOUSE_EVENT_TYPES.filter((type) => type !== 'ping');

/** A house (with a housemate and a currency) whose webhook asks for every change. */
async function houseWithHook() {
  seq += 1;
  const owner = await memberOfNewHouse(t, `ob${seq}`);
  const mate = await housemateOf(t, `ob${seq}mate`, owner.house.house_code);
  const made = await owner.client.post('/api/webhook/', { url: 'http://127.0.0.1:9/hook', events: ALL });
  expect(made.statusCode, made.body).toBe(201);
  const currency = await owner.client.put(`/api/house/${owner.house.house_id}/currency`, { currency: 'EUR' });
  expect(currency.statusCode, currency.body).toBe(200);
  return { ...owner, mate, hookId: made.json().webhook_id as number };
}

function deliveries(hookId: number) {
  return t.testDb.db
    .selectFrom('webhook_deliveries')
    .select(['event_type', 'payload'])
    .where('webhook_id', '=', hookId)
    .orderBy('delivery_id')
    .execute();
}

async function identityOf(userId: number): Promise<Identity> {
  const { subject } = await t.testDb.db
    .selectFrom('users')
    .select('subject')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { issuer: t.issuer.url, subject, email: null, claims: {} };
}

/**
 * Services whose announcement writes its rows for real, checks they are there inside the change's
 * transaction, and then fails as a crash before the commit would.
 */
function crashingServices() {
  const db = t.testDb.db;
  const engine = t.testDb.database.engine;
  const real = createHouseEvents(engine);
  const seen: HouseEventType[] = [];
  const crashing: HouseEvents = {
    async emit(houseId, actor, type, data, trx) {
      await real.emit(houseId, actor, type, data, trx);
      const rows = await trx
        .selectFrom('webhook_deliveries')
        .select('event_type')
        .where('house_id', '=', houseId)
        .where('event_type', '=', type)
        .execute();
      if (rows.length > 0) seen.push(type);
      throw new Error('crash before commit');
    },
  };
  const membership = new Membership(db);
  const billsRepo = new BillsRepository(db, engine);
  return {
    seen,
    groceries: new GroceriesService(new GroceriesRepository(db), membership, NO_LIVE, crashing),
    tasks: new TasksService(new TasksRepository(db), membership, NO_LIVE, crashing),
    events: new EventsService(new EventsRepository(db), membership, NO_LIVE, crashing),
    bills: new BillsService(
      billsRepo,
      membership,
      NO_LIVE,
      new RecurringRunner(billsRepo, NO_LIVE, t.app.log, undefined, crashing),
      crashing,
    ),
    houses: new HousesService(new HousesRepository(db, engine), membership, NO_LIVE, crashing),
  };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const today = () => new Date().toISOString().slice(0, 10);

describe('a change whose transaction fails after the announcement', () => {
  it('leaves neither the change nor a delivery row, for every kind of change', async () => {
    const { client, user, house, mate, hookId } = await houseWithHook();
    const me = await identityOf(user.user_id);
    const s = crashingServices();
    const crash = /crash before commit/;

    // Things to change, made through the API (their own announcements are committed).
    const list = (await client.post('/api/grocery-list/', { grocery_list_name: 'Weekly' })).json();
    const item = (
      await client.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'Milk',
      })
    ).json();
    const task = (
      await client.post('/api/task/', {
        title: 'Bins out',
        due_at: tomorrow(),
        repeat: { every: 'days', interval: 7 },
        rotation: 'fixed',
        pool: [user.user_id],
        assignee_id: user.user_id,
      })
    ).json();
    const expense = {
      title: 'Bread',
      amount_minor: 300,
      paid_by: user.user_id,
      spent_on: today(),
      category: 'groceries',
      split: { mode: 'equal', parts: [{ user_id: user.user_id, value: 0 }] },
    } as const;
    const before = await deliveries(hookId);
    const stateBefore = {
      lists: (await client.get('/api/grocery-list/')).body,
      tasks: (await client.get('/api/task/')).body,
    };

    await expect(s.groceries.createList(me, { grocery_list_name: 'Lost' })).rejects.toThrow(crash);
    await expect(
      s.groceries.addItem(me, { grocery_list_id: list.grocery_list_id, grocery_item_name: 'Eggs' }),
    ).rejects.toThrow(crash);
    await expect(s.groceries.updateItem(me, item.grocery_item_id, { completed: true })).rejects.toThrow(
      crash,
    );
    await expect(s.groceries.removeItem(me, item.grocery_item_id)).rejects.toThrow(crash);
    await expect(s.groceries.deleteList(me, list.grocery_list_id)).rejects.toThrow(crash);
    await expect(
      s.tasks.create(me, {
        title: 'Lost',
        due_at: tomorrow(),
        repeat: null,
        rotation: 'fixed',
        pool: [user.user_id],
        assignee_id: user.user_id,
      } as never),
    ).rejects.toThrow(crash);
    await expect(s.tasks.done(me, task.task_id, {})).rejects.toThrow(crash);
    await expect(s.tasks.skip(me, task.task_id)).rejects.toThrow(crash);
    await expect(s.tasks.remove(me, task.task_id)).rejects.toThrow(crash);
    await expect(
      s.events.create(me, {
        house_id: house.house_id,
        title: 'Lost',
        start_datetime: tomorrow(),
        end_datetime: new Date(Date.now() + 90_000_000).toISOString(),
      } as never),
    ).rejects.toThrow(crash);
    await expect(s.bills.createExpense(me, expense as never)).rejects.toThrow(crash);
    await expect(
      s.bills.createPayment(me, {
        from: user.user_id,
        to: mate.user.user_id,
        amount_minor: 100,
        paid_on: today(),
      }),
    ).rejects.toThrow(crash);
    await expect(s.houses.leave(await identityOf(mate.user.user_id), house.house_id)).rejects.toThrow(crash);

    // Each announcement was written inside its change's transaction, and went with it.
    expect(s.seen).toEqual([
      'grocery_list.created',
      'grocery_item.created',
      'grocery_item.updated',
      'grocery_item.deleted',
      'grocery_list.deleted',
      'task.created',
      'task.done',
      'task.skipped',
      'task.deleted',
      'event.created',
      'expense.created',
      'payment.created',
      'member.left',
    ]);
    expect(await deliveries(hookId)).toEqual(before);
    expect((await client.get('/api/grocery-list/')).body).toBe(stateBefore.lists);
    expect((await client.get('/api/task/')).body).toBe(stateBefore.tasks);
    const db = t.testDb.db;
    expect(
      await db.selectFrom('events').select('event_id').where('house_id', '=', house.house_id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('expenses').select('expense_id').where('house_id', '=', house.house_id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('payments').select('payment_id').where('house_id', '=', house.house_id).execute(),
    ).toEqual([]);
    expect((await client.get(`/api/house/${house.house_id}/members`)).json()).toHaveLength(2);
  });
});

describe('a committed change', () => {
  it('has its delivery row as soon as the call returns, with the answer as its data', async () => {
    const { client, user, house, mate, hookId } = await houseWithHook();
    const answers: Array<[HouseEventType, unknown]> = [];
    const expectRow = async (type: HouseEventType, data: unknown) => {
      answers.push([type, data]);
      const rows = await deliveries(hookId);
      expect(rows.map((r) => r.event_type)).toEqual(answers.map(([ty]) => ty));
      expect(JSON.parse(rows.at(-1)?.payload ?? '{}').data).toEqual(data);
    };

    const list = await client.post('/api/grocery-list/', { grocery_list_name: 'Weekly' });
    await expectRow('grocery_list.created', list.json());
    const listId = list.json().grocery_list_id;
    const item = await client.post('/api/grocery-item/', {
      grocery_list_id: listId,
      grocery_item_name: 'Milk',
    });
    await expectRow('grocery_item.created', item.json());
    const itemId = item.json().grocery_item_id;
    const ticked = await client.patch(`/api/grocery-item/${itemId}`, { completed: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    await expectRow('grocery_item.updated', ticked.json());
    expect((await client.delete(`/api/grocery-item/${itemId}`)).statusCode).toBe(200);
    await expectRow('grocery_item.deleted', { grocery_item_id: itemId, grocery_list_id: listId });

    const task = await client.post('/api/task/', {
      title: 'Bins out',
      due_at: tomorrow(),
      repeat: { every: 'days', interval: 7 },
      rotation: 'fixed',
      pool: [user.user_id],
      assignee_id: user.user_id,
    });
    await expectRow('task.created', task.json());
    const taskId = task.json().task_id;
    const done = await client.post(`/api/task/${taskId}/done`, {});
    await expectRow('task.done', done.json());
    const skipped = await client.post(`/api/task/${taskId}/skip`, {});
    await expectRow('task.skipped', skipped.json());

    const event = await client.post('/api/event/', {
      house_id: house.house_id,
      title: 'Dinner',
      start_datetime: tomorrow(),
      end_datetime: new Date(Date.now() + 90_000_000).toISOString(),
    });
    expect(event.statusCode, event.body).toBe(201);
    await expectRow('event.created', event.json());

    const expense = await client.post('/api/expense/', {
      title: 'Bread',
      amount_minor: 300,
      paid_by: user.user_id,
      spent_on: today(),
      category: 'groceries',
      split: { mode: 'equal', parts: [{ user_id: user.user_id, value: 0 }] },
    });
    expect(expense.statusCode, expense.body).toBe(201);
    await expectRow('expense.created', expense.json());
    const payment = await client.post('/api/payment/', {
      from: user.user_id,
      to: mate.user.user_id,
      amount_minor: 100,
      paid_on: today(),
    });
    expect(payment.statusCode, payment.body).toBe(201);
    await expectRow('payment.created', payment.json());

    const left = await mate.client.post(`/api/house/${house.house_id}/leave`);
    expect(left.statusCode, left.body).toBe(200);
    await expectRow('member.left', { user_id: mate.user.user_id });
    const joined = await mate.client.put(`/api/house/${house.house_code}`);
    expect(joined.statusCode, joined.body).toBe(200);
    const rows = await deliveries(hookId);
    expect(rows.at(-1)?.event_type).toBe('member.joined');
    expect(JSON.parse(rows.at(-1)?.payload ?? '{}').data).toMatchObject({ user_id: mate.user.user_id });
  });
});
