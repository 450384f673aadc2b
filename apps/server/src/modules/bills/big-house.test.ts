import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/tables.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/*
 * A house with more expenses than one SQL statement may name (SQLite takes 32,766 bound values,
 * PostgreSQL 65,535): its CSV and JSON exports are read a page at a time, so both succeed and are whole.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Above both engines' limits: one query over every id of the house would be refused. */
const EXPENSES = 70_000;
const PAYMENTS = 300;

/** Rows inserted straight into the tables, a thousand per statement; each expense split in halves. */
async function bigHouse(): Promise<{ houseId: number; members: UserRow[] }> {
  const { house, members } = await t.factory.household(2);
  const [a, b] = members.map((m) => m.user_id) as [number, number];
  const db = t.testDb.db;
  await db
    .insertInto('bill_settings')
    .values({ house_id: house.house_id, currency: 'EUR', updated_at: '2026-01-01' })
    .execute();
  const at = new Date().toISOString();
  for (let start = 0; start < EXPENSES; start += 1000) {
    await db
      .insertInto('expenses')
      .values(
        Array.from({ length: 1000 }, (_, i) => {
          const n = start + i;
          return {
            house_id: house.house_id,
            title: `Shop ${n}`,
            amount_minor: 200,
            currency: 'EUR',
            paid_by: n % 2 === 0 ? a : b,
            spent_on: `20${10 + (n % 10)}-0${1 + (n % 9)}-1${n % 10}`,
            category: 'groceries',
            note: null,
            receipt_img: null,
            split_mode: 'equal',
            recurring_id: null,
            created_by: a,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .execute();
  }
  for (const [position, user] of [a, b].entries()) {
    await db
      .insertInto('expense_parts')
      .columns(['expense_id', 'house_id', 'user_id', 'position', 'value', 'amount_minor'])
      .expression((eb) =>
        eb
          .selectFrom('expenses')
          .select((s) => [
            'expense_id',
            'house_id',
            s.val(user).as('user_id'),
            s.val(position).as('position'),
            s.val(0).as('value'),
            s.val(100).as('amount_minor'),
          ])
          .where('house_id', '=', house.house_id),
      )
      .execute();
  }
  await db
    .insertInto('payments')
    .values(
      Array.from({ length: PAYMENTS }, () => ({
        house_id: house.house_id,
        from_user_id: b,
        to_user_id: a,
        amount_minor: 10,
        currency: 'EUR',
        paid_on: '2015-05-15',
        created_by: a,
        created_at: at,
      })),
    )
    .execute();
  return { houseId: house.house_id, members };
}

describe(`a house of ${EXPENSES.toLocaleString('en')} expenses`, () => {
  it('exports as CSV and as the house document, whole and in order, while the event loop keeps turning', async () => {
    const { houseId, members } = await bigHouse();
    const client = t.as(members[0]!.subject);
    let ticks = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      ticks += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const csv = await client.get('/api/expense/export.csv');
    counting = false;
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    // Other work ran between the pages.
    expect(ticks).toBeGreaterThan(10);
    const lines = csv.body.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + EXPENSES + PAYMENTS + 2);
    const rows = lines.slice(1, -2).map((l) => l.split(','));
    expect(rows.filter((r) => r[2] === 'Payment')).toHaveLength(PAYMENTS);
    const dates = rows.map((r) => r[0] as string);
    expect(dates).toEqual([...dates].sort());
    // Same day: expenses come before payments.
    const day = rows.filter((r) => r[0] === '2015-05-15');
    expect(day.findIndex((r) => r[2] === 'Payment')).toBe(day.length - PAYMENTS);
    // Each expense of 2.00 moves 1.00 to its payer from the other; the payments 0.10 each from b to a.
    expect(lines.at(-1)).toBe(',Total balance,,,EUR,-30.00,30.00');
    expect(new Set(rows.map((r) => r[1])).size).toBe(EXPENSES + 1);

    const res = await client.get(`/api/house/${houseId}/export`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json() as {
      people: { ref: number }[];
      data: {
        bills: {
          expenses: { title: string; parts: { person: number; amount_minor: number }[] }[];
          payments: unknown[];
        };
      };
    };
    const { expenses, payments } = doc.data.bills;
    expect(expenses).toHaveLength(EXPENSES);
    expect(payments).toHaveLength(PAYMENTS);
    expect(expenses.map((e) => e.title)).toEqual(Array.from({ length: EXPENSES }, (_, n) => `Shop ${n}`));
    expect(expenses.every((e) => e.parts.length === 2 && e.parts.every((p) => p.amount_minor === 100))).toBe(
      true,
    );
    expect(doc.people.map((p) => p.ref)).toEqual([1, 2]);
  }, 300_000);
});
