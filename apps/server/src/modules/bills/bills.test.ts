import type { Balance, Expense, ExpenseInput, ExpensePage, RecurringExpense } from '@hearth/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { CacheVersions, houseScopeKey } from '../../core/cache-versions.js';
import type { UserRow } from '../../db/tables.js';
import { decodedImage, PNG_1PX } from '../../test/images.js';
import { type ApiClient, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.js';
import { RecurringRunner } from './recurring-runner.js';
import { BillsRepository } from './repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Household {
  houseId: number;
  members: UserRow[];
  clients: ApiClient[];
}

async function household(size = 3, currency: string | null = 'EUR'): Promise<Household> {
  const { house, members } = await t.factory.household(size);
  const clients = members.map((m) => t.as(m.subject));
  if (currency) {
    const res = await clients[0]!.put(`/api/house/${house.house_id}/currency`, { currency });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { houseId: house.house_id, members, clients };
}

const ids = (h: Household) => h.members.map((m) => m.user_id);

function expenseBody(h: Household, overrides: Partial<ExpenseInput> = {}): ExpenseInput {
  return {
    title: 'Weekly shop',
    amount_minor: 1000,
    paid_by: h.members[0]!.user_id,
    spent_on: '2025-03-10',
    category: 'groceries',
    split: { mode: 'equal', parts: ids(h).map((user_id) => ({ user_id, value: 0 })) },
    ...overrides,
  };
}

async function addExpense(h: Household, overrides: Partial<ExpenseInput> = {}, by = 0): Promise<Expense> {
  const res = await h.clients[by]!.post('/api/expense/', expenseBody(h, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function balance(c: ApiClient): Promise<Balance> {
  const res = await c.get('/api/balance/');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  field?: string,
  code?: string,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const { error } = res.json() as { error: { code: string; field?: string } };
  if (field !== undefined) expect(error.field).toBe(field);
  if (code !== undefined) expect(error.code).toBe(code);
}

/** Everything a house has recorded, to show an error changed nothing. */
async function snapshot(h: Household) {
  const [expenses, payments, recurring, b] = await Promise.all([
    h.clients[0]!.get('/api/expense/'),
    h.clients[0]!.get('/api/payment/'),
    h.clients[0]!.get('/api/recurring-expense/'),
    balance(h.clients[0]!),
  ]);
  return { expenses: expenses.json(), payments: payments.json(), recurring: recurring.json(), balance: b };
}

describe('house currency', () => {
  it('is null until chosen, then fixed once money is recorded', async () => {
    const h = await household(2, null);
    const url = `/api/house/${h.houseId}/currency`;
    expect((await h.clients[1]!.get(url)).json()).toEqual({ currency: null, locked: false });
    expectError(
      await h.clients[0]!.post('/api/expense/', expenseBody(h)),
      409,
      'currency',
      'currency_required',
    );
    expectError(await h.clients[0]!.put(url, { currency: 'ABC' }), 400, 'currency');
    expectError(await h.clients[0]!.put(url, { currency: 'eur' }), 400);
    expect((await h.clients[0]!.put(url, { currency: 'JPY' })).json()).toEqual({
      currency: 'JPY',
      locked: false,
    });
    // Changeable while nothing is recorded.
    expect((await h.clients[1]!.put(url, { currency: 'EUR' })).json()).toEqual({
      currency: 'EUR',
      locked: false,
    });
    await addExpense(h);
    // Said up front, so a page need not offer a change that would fail.
    expect((await h.clients[1]!.get(url)).json()).toEqual({ currency: 'EUR', locked: true });
    expectError(await h.clients[0]!.put(url, { currency: 'USD' }), 409, 'currency', 'currency_locked');
    expect((await h.clients[0]!.put(url, { currency: 'EUR' })).json()).toEqual({
      currency: 'EUR',
      locked: true,
    });
    expect((await h.clients[0]!.get(url)).json()).toEqual({ currency: 'EUR', locked: true });
  });

  it('is locked by a recurring bill or a payment alone, as the change itself would be refused', async () => {
    for (const record of ['recurring', 'payment'] as const) {
      const h = await household(2);
      const url = `/api/house/${h.houseId}/currency`;
      const [a, b] = ids(h);
      const made =
        record === 'recurring'
          ? await h.clients[0]!.post('/api/recurring-expense/', {
              title: 'Internet',
              amount_minor: 3000,
              paid_by: a,
              category: 'utilities',
              split: { mode: 'equal', parts: ids(h).map((user_id) => ({ user_id, value: 0 })) },
              repeat: { every: 'months', interval: 1, month_day: null },
              starts_on: '2031-01-01',
              ends_on: null,
            })
          : await h.clients[0]!.post('/api/payment/', {
              from: a,
              to: b,
              amount_minor: 500,
              paid_on: '2026-01-02',
            });
      expect(made.statusCode, made.body).toBe(201);
      expect((await h.clients[0]!.get(url)).json(), record).toEqual({ currency: 'EUR', locked: true });
      expectError(await h.clients[0]!.put(url, { currency: 'USD' }), 409, 'currency', 'currency_locked');
    }
  });

  it("is another house's secret", async () => {
    const a = await household(1);
    const b = await household(1);
    expectError(await b.clients[0]!.get(`/api/house/${a.houseId}/currency`), 404);
    expectError(await b.clients[0]!.put(`/api/house/${a.houseId}/currency`, { currency: 'USD' }), 404);
    expect((await a.clients[0]!.get(`/api/house/${a.houseId}/currency`)).json()).toEqual({
      currency: 'EUR',
      locked: false,
    });
  });
});

describe('expenses', () => {
  it('splits exactly, leftover units in the listed order, and shows the balances to everyone', async () => {
    const h = await household(3);
    const [a, b, c] = ids(h);
    const split = { mode: 'equal' as const, parts: [c!, a!, b!].map((user_id) => ({ user_id, value: 0 })) };
    const expense = await addExpense(h, { split });
    expect(expense).toMatchObject({
      title: 'Weekly shop',
      amount_minor: 1000,
      currency: 'EUR',
      paid_by: a,
      spent_on: '2025-03-10',
      category: 'groceries',
      note: null,
      receipt_img: null,
      recurring_id: null,
      created_by: a,
      portions: [
        { user_id: c, amount_minor: 334 },
        { user_id: a, amount_minor: 333 },
        { user_id: b, amount_minor: 333 },
      ],
    });
    const seen = await balance(h.clients[2]!);
    expect(seen.currency).toBe('EUR');
    expect(seen.members).toEqual([
      { user_id: a, paid_minor: 1000, share_minor: 333, net_minor: 667 },
      { user_id: b, paid_minor: 0, share_minor: 333, net_minor: -333 },
      { user_id: c, paid_minor: 0, share_minor: 334, net_minor: -334 },
    ]);
    expect(seen.settle).toEqual([
      { from: c, to: a, amount_minor: 334 },
      { from: b, to: a, amount_minor: 333 },
    ]);
    expect(seen.people.map((p) => p.user_id)).toEqual([a, b, c]);
  });

  it('splits by shares, percentages and exact amounts', async () => {
    const h = await household(2);
    const [a, b] = ids(h);
    const shares = await addExpense(h, {
      amount_minor: 1001,
      split: {
        mode: 'shares',
        parts: [
          { user_id: a!, value: 1 },
          { user_id: b!, value: 2.5 },
        ],
      },
    });
    expect(shares.portions.map((p) => p.amount_minor)).toEqual([286, 715]);
    const percent = await addExpense(h, {
      amount_minor: 999,
      split: {
        mode: 'percent',
        parts: [
          { user_id: a!, value: 33.33 },
          { user_id: b!, value: 66.67 },
        ],
      },
    });
    expect(percent.portions.map((p) => p.amount_minor)).toEqual([333, 666]);
    expect(percent.split.parts).toEqual([
      { user_id: a, value: 33.33 },
      { user_id: b, value: 66.67 },
    ]);
    const exact = await addExpense(h, {
      amount_minor: 500,
      split: {
        mode: 'exact',
        parts: [
          { user_id: a!, value: 120 },
          { user_id: b!, value: 380 },
        ],
      },
    });
    expect(exact.portions.map((p) => p.amount_minor)).toEqual([120, 380]);
    const large = await addExpense(h, { amount_minor: 1_000_000_000_000 });
    expect(large.portions.map((p) => p.amount_minor)).toEqual([500_000_000_000, 500_000_000_000]);
    const b1 = await balance(h.clients[0]!);
    expect(b1.members.reduce((s, m) => s + m.net_minor, 0)).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const h = await household(2);
    const stranger = (await t.factory.user()).user_id;
    const [a, b] = ids(h);
    await addExpense(h);
    const before = await snapshot(h);
    const post = (body: unknown) => h.clients[0]!.post('/api/expense/', body);
    const cases: [Partial<ExpenseInput> | Record<string, unknown>, string][] = [
      [{ amount_minor: 0 }, 'amount_minor'],
      [{ amount_minor: 1_000_000_000_001 }, 'amount_minor'],
      [{ amount_minor: 12.5 }, 'amount_minor'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(121) }, 'title'],
      [{ spent_on: '2025-02-30' }, 'spent_on'],
      [{ spent_on: 'yesterday' }, 'spent_on'],
      [{ category: 'fun' }, 'category'],
      [{ paid_by: stranger }, 'paid_by'],
      [
        {
          split: {
            mode: 'equal',
            parts: [
              { user_id: a!, value: 0 },
              { user_id: stranger, value: 0 },
            ],
          },
        },
        'split.parts',
      ],
      [{ split: { mode: 'equal', parts: [] } }, 'split.parts'],
      [
        {
          split: {
            mode: 'percent',
            parts: [
              { user_id: a!, value: 60 },
              { user_id: b!, value: 30 },
            ],
          },
        },
        'split.parts',
      ],
      [
        {
          split: {
            mode: 'percent',
            parts: [
              { user_id: a!, value: 99.999 },
              { user_id: b!, value: 0.001 },
            ],
          },
        },
        'split.parts[0].value',
      ],
      [
        {
          split: {
            mode: 'exact',
            parts: [
              { user_id: a!, value: 600 },
              { user_id: b!, value: 300 },
            ],
          },
        },
        'split.parts',
      ],
      [
        {
          split: {
            mode: 'shares',
            parts: [
              { user_id: a!, value: 0 },
              { user_id: b!, value: 1 },
            ],
          },
        },
        'split.parts[0].value',
      ],
      [
        {
          split: {
            mode: 'equal',
            parts: [
              { user_id: a!, value: 0 },
              { user_id: a!, value: 0 },
            ],
          },
        },
        'split.parts[1].user_id',
      ],
      [{ receipt_img: 'data:image/png;base64,aGVsbG8=' }, 'receipt_img'],
    ];
    for (const [overrides, field] of cases) {
      const res = await post({ ...expenseBody(h), ...overrides });
      expect(res.statusCode, `${JSON.stringify(overrides)} -> ${res.body}`).toBe(400);
      expect(res.json().error.field, JSON.stringify(overrides)).toBe(field);
    }
    const [expense] = before.expenses.expenses as Expense[];
    const put = await h.clients[1]!.put(`/api/expense/${expense!.expense_id}`, {
      ...expenseBody(h),
      paid_by: stranger,
    });
    expectError(put, 400, 'paid_by');
    expect(await snapshot(h)).toEqual(before);
  });

  it('keeps a receipt photo checked by decoding it, labelled by what it is', async () => {
    const h = await household(1);
    const png = PNG_1PX.split(',')[1];
    const expense = await addExpense(h, { receipt_img: `data:image/jpeg;base64,${png}` });
    expect(await decodedImage(expense.receipt_img ?? '')).toMatchObject({
      label: 'data:image/png;base64',
      format: 'png',
      width: 1,
    });
    // Only a header, no picture: refused.
    const header = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const res = await h.clients[0]!.post(
      '/api/expense/',
      expenseBody(h, { receipt_img: `data:image/png;base64,${header.toString('base64')}` }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'image_invalid', field: 'receipt_img' });
  });

  it('edits and deletes, each in the activity log, and 404s for other houses', async () => {
    const h = await household(2);
    const other = await household(1);
    const expense = await addExpense(h);
    const url = `/api/expense/${expense.expense_id}`;
    expectError(await other.clients[0]!.put(url, expenseBody(other)), 404);
    expectError(await other.clients[0]!.delete(url), 404);
    const edited = await h.clients[1]!.put(url, { ...expenseBody(h), title: 'Big shop', amount_minor: 2001 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Big shop',
      amount_minor: 2001,
      created_by: h.members[0]!.user_id,
    });
    expect((edited.json() as Expense).portions.map((p) => p.amount_minor)).toEqual([1001, 1000]);
    expect((await h.clients[0]!.delete(url)).json()).toEqual({ ok: true });
    expectError(await h.clients[0]!.delete(url), 404);
    const log = (await h.clients[0]!.get('/api/expense/activity')).json();
    expect(
      log.activity.map((a: { action: string; actor: number; title: string }) => [a.action, a.actor, a.title]),
    ).toEqual([
      ['deleted', h.members[0]!.user_id, 'Big shop'],
      ['updated', h.members[1]!.user_id, 'Big shop'],
      ['created', h.members[0]!.user_id, 'Weekly shop'],
    ]);
    expect((await other.clients[0]!.get('/api/expense/activity')).json().activity).toEqual([]);
    expect((await balance(h.clients[0]!)).members.every((m) => m.net_minor === 0)).toBe(true);
  });

  it('pages newest first with a cursor, filtered by member, category and dates', async () => {
    const h = await household(3);
    const [a, b, c] = ids(h);
    const days = ['2025-01-05', '2025-01-20', '2025-02-01', '2025-02-01', '2025-03-15'];
    for (const [i, spent_on] of days.entries()) {
      await addExpense(h, {
        spent_on,
        title: `E${i}`,
        category: i % 2 === 0 ? 'rent' : 'utilities',
        paid_by: i === 4 ? c! : a!,
        split: {
          mode: 'equal',
          parts: [{ user_id: a!, value: 0 }, ...(i === 1 ? [{ user_id: b!, value: 0 }] : [])],
        },
      });
    }
    const titles = (page: ExpensePage) => page.expenses.map((e) => e.title);
    const first: ExpensePage = (await h.clients[1]!.get('/api/expense/?limit=2')).json();
    expect(titles(first)).toEqual(['E4', 'E3']);
    const second: ExpensePage = (
      await h.clients[1]!.get(`/api/expense/?limit=2&before=${first.next_before}`)
    ).json();
    expect(titles(second)).toEqual(['E2', 'E1']);
    const third: ExpensePage = (
      await h.clients[1]!.get(`/api/expense/?limit=2&before=${second.next_before}`)
    ).json();
    expect(titles(third)).toEqual(['E0']);
    expect(third.next_before).toBeNull();
    const get = async (q: string) => titles((await h.clients[0]!.get(`/api/expense/?${q}`)).json());
    expect(await get(`member=${b}`)).toEqual(['E1']);
    expect(await get(`member=${c}`)).toEqual(['E4']);
    expect(await get('category=rent')).toEqual(['E4', 'E2', 'E0']);
    expect(await get('from=2025-02-01&to=2025-02-28')).toEqual(['E3', 'E2']);
    expectError(await h.clients[0]!.get('/api/expense/?from=2025-13-01'), 400, 'from');
    expectError(await h.clients[0]!.get('/api/expense/?before=nonsense'), 400);
    expect((await (await household(1)).clients[0]!.get('/api/expense/')).json().expenses).toEqual([]);
  });

  it('needs a house', async () => {
    const loner = await t.factory.user();
    expectError(await t.as(loner.subject).get('/api/balance/'), 403, undefined, 'house_required');
  });
});

describe('payments', () => {
  it('count as paid by the sender and owed by the receiver, and can be deleted by anyone in the house', async () => {
    const h = await household(2);
    const [a, b] = ids(h);
    await addExpense(h, { amount_minor: 2000 });
    const res = await h.clients[1]!.post('/api/payment/', {
      from: b,
      to: a,
      amount_minor: 1000,
      paid_on: '2025-03-11',
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json();
    expect(payment).toMatchObject({
      from: b,
      to: a,
      amount_minor: 1000,
      currency: 'EUR',
      paid_on: '2025-03-11',
    });
    const settled = await balance(h.clients[0]!);
    expect(settled.members).toEqual([
      { user_id: a, paid_minor: 2000, share_minor: 2000, net_minor: 0 },
      { user_id: b, paid_minor: 1000, share_minor: 1000, net_minor: 0 },
    ]);
    expect(settled.settle).toEqual([]);
    const listed = (await h.clients[0]!.get('/api/payment/')).json();
    expect(listed.payments.map((p: { payment_id: number }) => p.payment_id)).toEqual([payment.payment_id]);
    const other = await household(1);
    expectError(await other.clients[0]!.delete(`/api/payment/${payment.payment_id}`), 404);
    expect((await h.clients[0]!.delete(`/api/payment/${payment.payment_id}`)).statusCode).toBe(200);
    expect((await balance(h.clients[0]!)).settle).toEqual([{ from: b, to: a, amount_minor: 1000 }]);
  });

  it('refuses a payment to oneself, to a stranger, or of nothing', async () => {
    const h = await household(2);
    const [a, b] = ids(h);
    const stranger = (await t.factory.user()).user_id;
    const before = await snapshot(h);
    const post = (body: object) =>
      h.clients[0]!.post('/api/payment/', {
        from: a,
        to: b,
        amount_minor: 100,
        paid_on: '2025-01-01',
        ...body,
      });
    expectError(await post({ to: a }), 400, 'to');
    expectError(await post({ to: stranger }), 400, 'to');
    expectError(await post({ from: stranger }), 400, 'from');
    expectError(await post({ amount_minor: 0 }), 400, 'amount_minor');
    expectError(await post({ paid_on: '2025-02-31' }), 400, 'paid_on');
    expect(await snapshot(h)).toEqual(before);
  });
});

describe('settle up', () => {
  it('suggests the fewest payments, which leave everyone settled', async () => {
    const nets = [300, -1000, 900, 1000, 900, -2100];
    const h = await household(6);
    const p = ids(h);
    const exact = (paidBy: number, parts: [number, number][]) =>
      addExpense(h, {
        amount_minor: parts.reduce((s, [, v]) => s + v, 0),
        paid_by: p[paidBy]!,
        split: { mode: 'exact', parts: parts.map(([who, value]) => ({ user_id: p[who]!, value })) },
      });
    await exact(3, [[1, 1000]]);
    await exact(0, [[5, 300]]);
    await exact(2, [[5, 900]]);
    await exact(4, [[5, 900]]);
    const b = await balance(h.clients[0]!);
    expect(b.members.map((x) => x.net_minor)).toEqual(nets);
    expect(b.settle).toHaveLength(4);
    for (const s of b.settle) {
      await h.clients[0]!.post('/api/payment/', { ...s, paid_on: '2025-04-01' });
    }
    expect((await balance(h.clients[1]!)).members.every((x) => x.net_minor === 0)).toBe(true);
    expect((await balance(h.clients[1]!)).settle).toEqual([]);
  });
});

function daysAgo(n: number): string {
  return DateTime.utc().minus({ days: n }).toISODate() as string;
}

describe('recurring bills', () => {
  const template = (h: Household, overrides: Record<string, unknown> = {}) => ({
    title: 'Internet',
    amount_minor: 3000,
    paid_by: h.members[0]!.user_id,
    category: 'utilities',
    split: { mode: 'equal', parts: ids(h).map((user_id) => ({ user_id, value: 0 })) },
    repeat: { every: 'weeks', interval: 1, month_day: null },
    starts_on: daysAgo(14),
    ends_on: null,
    ...overrides,
  });

  it("falls due by the house's own calendar: a day that has begun in Kiritimati has not in Pago Pago", async () => {
    const east = await household(2);
    const west = await household(2);
    const zones: [Household, string][] = [
      [east, 'Pacific/Kiritimati'],
      [west, 'Pacific/Pago_Pago'],
    ];
    const templateIds: number[] = [];
    for (const [h, zone] of zones) {
      const res = await h.clients[0]!.patch(`/api/house/${h.houseId}`, { time_zone: zone });
      expect(res.statusCode, res.body).toBe(200);
      const made = await h.clients[0]!.post(
        '/api/recurring-expense/',
        template(h, { starts_on: '2031-01-01', repeat: { every: 'months', interval: 1, month_day: 1 } }),
      );
      expect(made.statusCode, made.body).toBe(201);
      templateIds.push((made.json() as RecurringExpense).recurring_id);
    }
    const versions = new CacheVersions(t.testDb.db, t.app.log);
    const runner = new RecurringRunner(
      new BillsRepository(t.testDb.db, t.testDb.database.engine),
      // As the app's live bus does, a change raises the house's version, so kept answers are made again.
      { publish: (houseId) => versions.bump([houseScopeKey(houseId)]), publishToUser: async () => {} },
      t.app.log,
    );
    const madeFor = async (h: Household) =>
      ((await h.clients[0]!.get('/api/expense/')).json() as ExpensePage).expenses.map((e) => e.spent_on);

    // 12:00 UTC on 31 December: already 1 January (02:00) on Kiritimati, 01:00 on 31 December in Pago Pago.
    expect(await runner.catchUp(new Date('2030-12-31T12:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await madeFor(east)).toEqual(['2031-01-01']);
    expect(await madeFor(west)).toEqual([]);
    // A day later it is 1 January in Pago Pago too; Kiritimati's date is not made twice.
    await runner.catchUp(new Date('2031-01-01T12:00:00Z'));
    expect(await madeFor(east)).toEqual(['2031-01-01']);
    expect(await madeFor(west)).toEqual(['2031-01-01']);
    expect(new Set(templateIds).size).toBe(2);
  });

  it('makes the dates already past into expenses at once, and lists the next due date', async () => {
    const h = await household(2);
    const res = await h.clients[0]!.post('/api/recurring-expense/', template(h));
    expect(res.statusCode, res.body).toBe(201);
    const made: RecurringExpense = res.json();
    expect(made.next_on).toBe(daysAgo(-7));
    const expenses = (await h.clients[0]!.get('/api/expense/')).json().expenses as Expense[];
    expect(expenses.map((e) => [e.spent_on, e.recurring_id, e.amount_minor])).toEqual([
      [daysAgo(0), made.recurring_id, 3000],
      [daysAgo(7), made.recurring_id, 3000],
      [daysAgo(14), made.recurring_id, 3000],
    ]);
    const list = (await h.clients[1]!.get('/api/recurring-expense/')).json();
    expect(list).toEqual([made]);
  });

  it('stops at the end date, edits and deletes, and 404s for other houses', async () => {
    const h = await household(1);
    const other = await household(1);
    const res = await h.clients[0]!.post(
      '/api/recurring-expense/',
      template(h, { starts_on: daysAgo(20), ends_on: daysAgo(10) }),
    );
    const made: RecurringExpense = res.json();
    expect(made.next_on).toBeNull();
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toHaveLength(2);
    const url = `/api/recurring-expense/${made.recurring_id}`;
    expectError(await other.clients[0]!.put(url, template(other)), 404);
    expectError(await other.clients[0]!.delete(url), 404);
    const edited = await h.clients[0]!.put(
      url,
      template(h, { title: 'Fibre', starts_on: daysAgo(20), ends_on: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // The dates already made are not made again; the ones since the old end are.
    const titles = ((await h.clients[0]!.get('/api/expense/')).json().expenses as Expense[]).map(
      (e) => e.title,
    );
    expect(titles.filter((x) => x === 'Internet')).toHaveLength(2);
    expect(titles.filter((x) => x === 'Fibre').length).toBeGreaterThan(0);
    expect((await h.clients[0]!.delete(url)).statusCode).toBe(200);
    expect((await h.clients[0]!.get('/api/recurring-expense/')).json()).toEqual([]);
    // Its expenses stay, no longer tied to it.
    const left = (await h.clients[0]!.get('/api/expense/')).json().expenses as Expense[];
    expect(left.length).toBe(titles.length);
    expect(left.every((e) => e.recurring_id === null)).toBe(true);
  });

  it('refuses bad templates with the field named', async () => {
    const h = await household(2);
    const post = (o: Record<string, unknown>) =>
      h.clients[0]!.post('/api/recurring-expense/', template(h, o));
    expectError(await post({ ends_on: daysAgo(30) }), 400, 'ends_on');
    expectError(await post({ starts_on: '2025-02-29' }), 400, 'starts_on');
    expectError(await post({ repeat: { every: 'days', interval: 1, month_day: null } }), 400);
    expectError(await post({ repeat: { every: 'months', interval: 0, month_day: 1 } }), 400);
    expectError(await post({ paid_by: (await t.factory.user()).user_id }), 400, 'paid_by');
    expect((await h.clients[0]!.get('/api/recurring-expense/')).json()).toEqual([]);
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toEqual([]);
  });

  it('refuses a start more than a year back or ten years ahead, naming starts_on, and lets an edit keep an old start', async () => {
    const h = await household(2);
    const post = (o: Record<string, unknown>) =>
      h.clients[0]!.post('/api/recurring-expense/', template(h, o));
    // A start in year 1 once made 100,000 expenses in this one request.
    const yearOne = await post({ starts_on: '0001-01-01' });
    expectError(yearOne, 400, 'starts_on', 'validation_failed');
    expect((yearOne.json() as { error: { message: string } }).error.message).toMatch(/1 year back/);
    expectError(await post({ starts_on: daysAgo(367) }), 400, 'starts_on');
    expectError(await post({ starts_on: daysAgo(-(11 * 366)) }), 400, 'starts_on');
    expectError(await post({ starts_on: '9999-12-31' }), 400, 'starts_on');
    expect((await h.clients[0]!.get('/api/recurring-expense/')).json()).toEqual([]);
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toEqual([]);

    // Just inside the window: its twelve monthly dates are made.
    const monthly = { every: 'months', interval: 1, month_day: null };
    const res = await post({ starts_on: daysAgo(360), repeat: monthly });
    expect(res.statusCode, res.body).toBe(201);
    const made: RecurringExpense = res.json();
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toHaveLength(12);
    expect((await post({ starts_on: daysAgo(-(9 * 366)), repeat: monthly })).statusCode).toBe(201);

    // A bill that began long ago (kept from before the rule, or imported) can still be edited.
    await t.testDb.db
      .updateTable('recurring_expenses')
      .set({ starts_on: '2019-01-01' })
      .where('recurring_id', '=', made.recurring_id)
      .execute();
    const url = `/api/recurring-expense/${made.recurring_id}`;
    const kept = await h.clients[0]!.put(
      url,
      template(h, { title: 'Fibre', starts_on: '2019-01-01', repeat: monthly }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as RecurringExpense).title).toBe('Fibre');
    expectError(
      await h.clients[0]!.put(url, template(h, { starts_on: '2018-01-01', repeat: monthly })),
      400,
      'starts_on',
    );
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toHaveLength(12);
  });

  it('catches up one year at most, skipping older dates with a warning, in transactions that let the event loop go', async () => {
    const h = await household(2);
    const bills = 3;
    const monthly = { every: 'months', interval: 1, month_day: null };
    const templateIds: number[] = [];
    for (let i = 0; i < bills; i++) {
      const res = await h.clients[0]!.post(
        '/api/recurring-expense/',
        template(h, { starts_on: daysAgo(-40), repeat: monthly }),
      );
      templateIds.push((res.json() as RecurringExpense).recurring_id);
    }
    // As a house import once left them: bills whose next date is in 1900 (one made 6,622 expenses).
    await t.testDb.db
      .updateTable('recurring_expenses')
      .set({ starts_on: '1900-01-01', next_on: '1900-01-01' })
      .where('recurring_id', 'in', templateIds)
      .execute();
    const warnings: unknown[] = [];
    const log = { ...t.app.log, warn: (entry: unknown) => warnings.push(entry), info: () => {} };
    const perTransaction = 5;
    const runner = new RecurringRunner(
      new BillsRepository(t.testDb.db, t.testDb.database.engine),
      { publish: async () => {}, publishToUser: async () => {} },
      log as unknown as typeof t.app.log,
      perTransaction,
    );
    let ticks = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      ticks += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const now = new Date();
    const made = await runner.catchUp(now, h.houseId);
    counting = false;

    const today = DateTime.utc().toISODate() as string;
    const yearAgo = DateTime.utc().minus({ years: 1 }).toISODate() as string;
    // The bills fall on the first of each month: those of the last year are made, older ones are not.
    const firsts: string[] = [];
    for (let d = DateTime.fromISO(yearAgo, { zone: 'utc' }).startOf('month'); d.toISODate()! <= today; ) {
      if (d.toISODate()! >= yearAgo) firsts.push(d.toISODate()!);
      d = d.plus({ months: 1 });
    }
    expect(made).toBe(bills * firsts.length);
    // Several transactions' worth, so the job paused between them.
    expect(made).toBeGreaterThan(2 * perTransaction);
    expect(ticks).toBeGreaterThan(0);
    for (const id of templateIds) {
      const rows = await t.testDb.db
        .selectFrom('expenses')
        .select('spent_on')
        .where('recurring_id', '=', id)
        .orderBy('spent_on')
        .execute();
      // Each date once, none lost where one transaction handed over to the next.
      expect(rows.map((r) => r.spent_on)).toEqual(firsts);
    }
    expect(warnings).toHaveLength(bills);
    expect(warnings[0]).toMatchObject({ from: '1900-01-01', until: yearAgo });
    const list = (await h.clients[0]!.get('/api/recurring-expense/')).json() as RecurringExpense[];
    expect(list.every((r) => r.next_on !== null && r.next_on > today)).toBe(true);
    // Nothing more to make.
    expect(await runner.catchUp(now, h.houseId)).toBe(0);
  });

  /** A second app on the same database, as another instance or a restart would be. */
  async function anotherInstance() {
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      OIDC_ISSUER: t.issuer.url,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config: { ...config, database: t.testDb.database },
      db: t.testDb.db,
      logger: false,
    });
    return app;
  }

  it('makes each date exactly once with two instances starting together, and catches up after a restart', async () => {
    const h = await household(2);
    const res = await h.clients[0]!.post('/api/recurring-expense/', template(h, { starts_on: daysAgo(3) }));
    const made: RecurringExpense = res.json();
    // As if the servers were down for five weeks: the template's next date is long past.
    await t.testDb.db
      .updateTable('recurring_expenses')
      .set({ next_on: daysAgo(3 + 35), starts_on: daysAgo(3 + 35) })
      .where('recurring_id', '=', made.recurring_id)
      .execute();
    await t.testDb.db.deleteFrom('expenses').where('recurring_id', '=', made.recurring_id).execute();
    const [one, two] = [await anotherInstance(), await anotherInstance()];
    await Promise.all([one.ready(), two.ready()]);
    const count = async () =>
      (
        await t.testDb.db
          .selectFrom('expenses')
          .select(['spent_on'])
          .where('recurring_id', '=', made.recurring_id)
          .orderBy('spent_on')
          .execute()
      ).map((r) => r.spent_on);
    const expected = [38, 31, 24, 17, 10, 3].map(daysAgo);
    expect(await count()).toEqual(expected);
    await Promise.all([one.close(), two.close()]);
    // A restart finds nothing more to make.
    const three = await anotherInstance();
    await three.ready();
    expect(await count()).toEqual(expected);
    await three.close();
    const [next] = (await h.clients[0]!.get('/api/recurring-expense/')).json() as RecurringExpense[];
    expect(next!.next_on).toBe(daysAgo(-4));
  });
});

describe('recording a grocery purchase', () => {
  /** A list with items inserted directly: this is about the purchase, not how lists are made. */
  async function listWith(h: Household, names: string[], ticked: string[]) {
    const db = t.testDb.db;
    const at = new Date().toISOString();
    const { grocery_list_id } = await db
      .insertInto('grocery_lists')
      .values({
        house_id: h.houseId,
        grocery_list_name: 'Saturday market',
        created_by: h.members[0]!.user_id,
        created_at: at,
      })
      .returning('grocery_list_id')
      .executeTakeFirstOrThrow();
    for (const name of names) {
      await db
        .insertInto('grocery_items')
        .values({
          grocery_list_id,
          grocery_item_name: name,
          completed: ticked.includes(name) ? 1 : 0,
          created_by: h.members[0]!.user_id,
          created_at: at,
        })
        .execute();
    }
    return grocery_list_id;
  }

  const itemsLeft = async (listId: number) =>
    (
      await t.testDb.db
        .selectFrom('grocery_items')
        .select('grocery_item_name')
        .where('grocery_list_id', '=', listId)
        .orderBy('grocery_item_id')
        .execute()
    ).map((i) => i.grocery_item_name);

  it('makes one groceries expense of the ticked items and removes them from the list', async () => {
    const h = await household(2);
    const listId = await listWith(h, ['Milk', 'Bread', 'Eggs'], ['Milk', 'Eggs']);
    const res = await h.clients[1]!.post(`/api/grocery-list/${listId}/purchase`, {
      amount_minor: 1250,
      paid_by: h.members[1]!.user_id,
      split: { mode: 'equal', parts: ids(h).map((user_id) => ({ user_id, value: 0 })) },
      spent_on: '2025-05-03',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Saturday market',
      note: 'Milk, Eggs',
      category: 'groceries',
      amount_minor: 1250,
      spent_on: '2025-05-03',
    });
    expect(await itemsLeft(listId)).toEqual(['Bread']);
  });

  it('refuses a list with nothing ticked, a bad split or another house, and changes nothing', async () => {
    const h = await household(2);
    const other = await household(1);
    const listId = await listWith(h, ['Milk'], []);
    const body = {
      amount_minor: 500,
      paid_by: h.members[0]!.user_id,
      split: { mode: 'equal', parts: [{ user_id: h.members[0]!.user_id, value: 0 }] },
    };
    expectError(await h.clients[0]!.post(`/api/grocery-list/${listId}/purchase`, body), 400, 'items');
    const ticked = await listWith(h, ['Tea'], ['Tea']);
    expectError(
      await h.clients[0]!.post(`/api/grocery-list/${ticked}/purchase`, {
        ...body,
        split: { mode: 'percent', parts: [{ user_id: h.members[0]!.user_id, value: 50 }] },
      }),
      400,
      'split.parts',
    );
    expectError(await other.clients[0]!.post(`/api/grocery-list/${ticked}/purchase`, body), 404);
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toEqual([]);
    expect(await itemsLeft(ticked)).toEqual(['Tea']);
    expect(await itemsLeft(listId)).toEqual(['Milk']);
  });
});

describe('CSV export and Splitwise import', () => {
  it('exports what the house recorded and imports it into another house with the same balances', async () => {
    const h = await household(2);
    const [a, b] = ids(h);
    await addExpense(h, { amount_minor: 1001, title: 'Pizza, large' });
    await h.clients[0]!.post('/api/payment/', { from: b, to: a, amount_minor: 200, paid_on: '2025-03-12' });
    const res = await h.clients[1]!.get('/api/expense/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    const [first, second] = h.members.map((m) => `Sam Rivera (${m.username})`);
    expect(lines).toEqual([
      `Date,Description,Category,Cost,Currency,${first},${second}`,
      '2025-03-10,"Pizza, large",Groceries,10.01,EUR,5.00,-5.00',
      `2025-03-12,${second} paid ${first},Payment,2.00,EUR,-2.00,2.00`,
      '',
      ',Total balance,,,EUR,3.00,-3.00',
    ]);

    const target = await household(2);
    const people = [
      { name: `Sam Rivera (${h.members[0]!.username})`, user_id: target.members[0]!.user_id },
      { name: `Sam Rivera (${h.members[1]!.username})`, user_id: target.members[1]!.user_id },
    ];
    const imported = await target.clients[0]!.post('/api/expense/import', { csv: res.body, people });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ expenses: 1, payments: 1, skipped: [] });
    const nets = (x: Balance) => x.members.map((m) => m.net_minor);
    expect(nets(await balance(target.clients[1]!))).toEqual(nets(await balance(h.clients[0]!)));
  });

  it('neutralises cells a spreadsheet would run as formulas, keeps amounts numbers, and imports the text as typed', async () => {
    const h = await household(2);
    const [a, b] = ids(h);
    // A first name a spreadsheet would run, in the header and in a payment's description.
    await t.testDb.db.updateTable('users').set({ first_name: '@SUM(1)' }).where('user_id', '=', a!).execute();
    const titles = ['=HYPERLINK("http://x","y")', '+1+1', '-12.50', '@cmd', "'=typed quote", 'Plain'];
    for (const [i, title] of titles.entries()) {
      await addExpense(h, { title, spent_on: `2025-03-1${i}`, amount_minor: 1250 });
    }
    await h.clients[0]!.post('/api/payment/', { from: b, to: a, amount_minor: 200, paid_on: '2025-03-20' });
    const res = await h.clients[1]!.get('/api/expense/export.csv');
    expect(res.statusCode).toBe(200);
    const [first, second] = [`@SUM(1) Rivera`, `Sam Rivera`];
    expect(res.body.trim().split('\n')).toEqual([
      `Date,Description,Category,Cost,Currency,'${first},${second}`,
      `2025-03-10,"'=HYPERLINK(""http://x"",""y"")",Groceries,12.50,EUR,6.25,-6.25`,
      "2025-03-11,'+1+1,Groceries,12.50,EUR,6.25,-6.25",
      "2025-03-12,'-12.50,Groceries,12.50,EUR,6.25,-6.25",
      "2025-03-13,'@cmd,Groceries,12.50,EUR,6.25,-6.25",
      // Typed with its own quote: one more, so the import gives back exactly what was typed.
      "2025-03-14,''=typed quote,Groceries,12.50,EUR,6.25,-6.25",
      '2025-03-15,Plain,Groceries,12.50,EUR,6.25,-6.25',
      `2025-03-20,${second} paid ${first},Payment,2.00,EUR,-2.00,2.00`,
      '',
      ',Total balance,,,EUR,35.50,-35.50',
    ]);

    // Back in, the guard comes off: titles as typed, and the header names match the people as named.
    const target = await household(2);
    const people = [
      { name: `'${first}`, user_id: target.members[0]!.user_id },
      { name: second, user_id: target.members[1]!.user_id },
    ];
    const imported = await target.clients[0]!.post('/api/expense/import', { csv: res.body, people });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ expenses: titles.length, payments: 1, skipped: [] });
    const back = (await target.clients[0]!.get('/api/expense/')).json().expenses as Expense[];
    expect(back.map((e) => e.title).reverse()).toEqual(titles);
    const nets = (x: Balance) => x.members.map((m) => m.net_minor);
    expect(nets(await balance(target.clients[0]!))).toEqual(nets(await balance(h.clients[0]!)));
  });

  it('refuses a file that is not a Splitwise export, or people it cannot match, importing nothing', async () => {
    const h = await household(2);
    expectError(await h.clients[0]!.post('/api/expense/import', { csv: 'hello,world\n1,2' }), 400, 'csv');
    const csv = 'Date,Description,Category,Cost,Currency,Nobody Here\n2025-01-01,Tea,General,1.00,EUR,0.00\n';
    expectError(await h.clients[0]!.post('/api/expense/import', { csv }), 400, 'people');
    const stranger = (await t.factory.user()).user_id;
    expectError(
      await h.clients[0]!.post('/api/expense/import', {
        csv,
        people: [{ name: 'Nobody Here', user_id: stranger }],
      }),
      400,
      'people[0].user_id',
    );
    expect((await h.clients[0]!.get('/api/expense/')).json().expenses).toEqual([]);
  });
});

describe('spending', () => {
  it('totals per month and category in SQL', async () => {
    const h = await household(1);
    await addExpense(h, { spent_on: '2025-01-05', amount_minor: 100, category: 'rent' });
    await addExpense(h, { spent_on: '2025-01-25', amount_minor: 50, category: 'rent' });
    await addExpense(h, { spent_on: '2025-02-01', amount_minor: 70, category: 'other' });
    const res = await h.clients[0]!.get('/api/expense/spending?from=2025-01-01');
    expect(res.json()).toEqual({
      currency: 'EUR',
      rows: [
        { month: '2025-01', category: 'rent', amount_minor: 150 },
        { month: '2025-02', category: 'other', amount_minor: 70 },
      ],
    });
  });
});
