import { setImmediate as pause } from 'node:timers/promises';
import type { ExportBills } from '@hearth/contract';
import { ExpenseInput, PaymentInput, RecurringExpenseInput } from '@hearth/contract';
import { rowsOfHouse } from '../../core/house-rows.js';
import { ImportCheck } from '../../core/import-check.js';
import type { HouseDataHook } from '../../core/module.js';
import type { Db } from '../../db/create-db.js';
import { validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { parseInstant } from '../../lib/iso-instant.js';
import { pauses } from '../../lib/pauses.js';
import { nextOccurrence, parseDate } from './recurrence.js';
import { checkCurrency, checkExpense, checkPayment, checkRecurring } from './service.js';
import type { ExpenseRow, PaymentRow } from './tables.js';

/** Rows per page of a house export: one query each, and a page's parts are fetched by its ids. */
const EXPORT_PAGE = 250;

/**
 * A house's expenses in pages by id, each turned into document records by `write` (which may read
 * more, e.g. the page's parts); the event loop is let go between pages.
 */
async function* expensePages<T>(
  houseId: number,
  trx: Db,
  write: (page: ExpenseRow[]) => Promise<T[]>,
): AsyncGenerator<T> {
  for (let after = 0; ; ) {
    const page = await trx
      .selectFrom('expenses')
      .selectAll()
      .where('house_id', '=', houseId)
      .where('expense_id', '>', after)
      .orderBy('expense_id')
      .limit(EXPORT_PAGE)
      .execute();
    if (page.length > 0) yield* await write(page);
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE) return;
    after = last.expense_id;
    await pause();
  }
}

/** A house's payments in pages by id, as expensePages. */
async function* paymentPages<T>(
  houseId: number,
  trx: Db,
  write: (page: PaymentRow[]) => T[],
): AsyncGenerator<T> {
  for (let after = 0; ; ) {
    const page = await trx
      .selectFrom('payments')
      .selectAll()
      .where('house_id', '=', houseId)
      .where('payment_id', '>', after)
      .orderBy('payment_id')
      .limit(EXPORT_PAGE)
      .execute();
    yield* write(page);
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE) return;
    after = last.payment_id;
    await pause();
  }
}

/**
 * The bills' part of the house export: the currency, recurring bills, expenses with each member's part,
 * and payments (these last two in pages, so a big house is written out without holding the server). The
 * activity log is a record of what happened on this Hearth and stays here.
 */
export const billsHouseData: HouseDataHook<'bills'> = {
  section: 'bills',

  async hasData(houseId, trx) {
    for (const table of ['expenses', 'payments', 'recurring_expenses'] as const) {
      const row = await trx
        .selectFrom(table)
        .select('house_id')
        .where('house_id', '=', houseId)
        .executeTakeFirst();
      if (row) return true;
    }
    return false;
  },

  async export(houseId, trx, people) {
    const settings = await trx
      .selectFrom('bill_settings')
      .select('currency')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    const recurring = await rowsOfHouse(trx, 'recurring_expenses', houseId, 'recurring_id');
    const recurringRef = new Map(recurring.map((r, i) => [r.recurring_id, i + 1]));
    return {
      currency: settings?.currency ?? null,
      recurring: recurring.map((r) => ({
        title: r.title,
        amount_minor: Number(r.amount_minor),
        currency: r.currency,
        paid_by: people.ref(r.paid_by),
        category: r.category,
        split_mode: r.split_mode,
        split_parts: (JSON.parse(r.split_parts) as { user_id: number; value: number }[]).map((p) => ({
          person: people.ref(p.user_id),
          value: p.value,
        })),
        repeat_every: r.repeat_every,
        repeat_interval: r.repeat_interval,
        repeat_month_day: r.repeat_month_day,
        starts_on: r.starts_on,
        ends_on: r.ends_on,
        next_on: r.next_on,
        created_by: people.ref(r.created_by),
        created_at: r.created_at,
      })),
      expenses: expensePages(houseId, trx, async (page) => {
        const parts = await trx
          .selectFrom('expense_parts')
          .selectAll()
          .where(
            'expense_id',
            'in',
            page.map((e) => e.expense_id),
          )
          .orderBy('expense_id')
          .orderBy('position')
          .execute();
        const partsOf = new Map<number, typeof parts>();
        for (const part of parts)
          partsOf.set(part.expense_id, [...(partsOf.get(part.expense_id) ?? []), part]);
        return page.map((e) => ({
          title: e.title,
          amount_minor: Number(e.amount_minor),
          currency: e.currency,
          paid_by: people.ref(e.paid_by),
          spent_on: e.spent_on,
          category: e.category,
          note: e.note,
          receipt_img: e.receipt_img,
          split_mode: e.split_mode,
          recurring: e.recurring_id === null ? null : (recurringRef.get(e.recurring_id) ?? null),
          created_by: people.ref(e.created_by),
          created_at: e.created_at,
          updated_at: e.updated_at,
          parts: (partsOf.get(e.expense_id) ?? []).map((p) => ({
            person: people.ref(p.user_id),
            position: p.position,
            value: p.value,
            amount_minor: Number(p.amount_minor),
          })),
        }));
      }),
      payments: paymentPages(houseId, trx, (page) =>
        page.map((p) => ({
          from: people.ref(p.from_user_id),
          to: people.ref(p.to_user_id),
          amount_minor: Number(p.amount_minor),
          currency: p.currency,
          paid_on: p.paid_on,
          created_by: people.ref(p.created_by),
          created_at: p.created_at,
        })),
      ),
    };
  },

  async import(houseId, data: ExportBills, people, trx) {
    const id = (ref: number) => people.userId(ref);
    const current = await trx
      .selectFrom('bill_settings')
      .select('currency')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    // Every value is checked first, so a refused document writes nothing at all.
    const checked = await checkBills(data, current?.currency ?? null);
    if (data.currency !== null) {
      await trx.deleteFrom('bill_settings').where('house_id', '=', houseId).execute();
      await trx
        .insertInto('bill_settings')
        .values({ house_id: houseId, currency: data.currency, updated_at: new Date().toISOString() })
        .execute();
    }
    const recurringIds: number[] = [];
    for (const [i, r] of data.recurring.entries()) {
      const c = checked.recurring[i] as (typeof checked.recurring)[number];
      const row = await trx
        .insertInto('recurring_expenses')
        .values({
          house_id: houseId,
          title: c.title,
          amount_minor: r.amount_minor,
          currency: r.currency,
          paid_by: id(r.paid_by),
          category: r.category,
          split_mode: r.split_mode,
          split_parts: JSON.stringify(r.split_parts.map((p) => ({ user_id: id(p.person), value: p.value }))),
          repeat_every: r.repeat_every,
          repeat_interval: r.repeat_interval,
          // Stored as the API stores it: only months have a day, 0 for the last one.
          repeat_month_day: r.repeat_every === 'months' ? r.repeat_month_day : null,
          starts_on: r.starts_on,
          ends_on: r.ends_on,
          next_on: r.next_on,
          created_by: id(r.created_by),
          created_at: c.created_at,
        })
        .returning('recurring_id')
        .executeTakeFirstOrThrow();
      recurringIds.push(row.recurring_id);
    }
    for (const [i, e] of data.expenses.entries()) {
      const c = checked.expenses[i] as (typeof checked.expenses)[number];
      const recurringId = e.recurring === null ? null : recurringIds[e.recurring - 1];
      if (recurringId === undefined) {
        throw validationError(
          `data.bills.expenses[${i}].recurring`,
          `Expense ${i + 1} names recurring bill ${e.recurring}, which the document lacks.`,
        );
      }
      const { expense_id } = await trx
        .insertInto('expenses')
        .values({
          house_id: houseId,
          title: c.title,
          amount_minor: e.amount_minor,
          currency: e.currency,
          paid_by: id(e.paid_by),
          spent_on: e.spent_on,
          category: e.category,
          note: c.note,
          receipt_img: await checkImage(e.receipt_img, `data.bills.expenses[${i}].receipt_img`),
          split_mode: e.split_mode,
          recurring_id: recurringId,
          created_by: id(e.created_by),
          created_at: c.created_at,
          updated_at: c.updated_at,
        })
        .returning('expense_id')
        .executeTakeFirstOrThrow();
      for (const p of e.parts) {
        await trx
          .insertInto('expense_parts')
          .values({
            expense_id,
            house_id: houseId,
            user_id: id(p.person),
            position: p.position,
            value: p.value,
            amount_minor: p.amount_minor,
          })
          .execute();
      }
    }
    for (const [i, p] of data.payments.entries()) {
      await trx
        .insertInto('payments')
        .values({
          house_id: houseId,
          from_user_id: id(p.from),
          to_user_id: id(p.to),
          amount_minor: p.amount_minor,
          currency: p.currency,
          paid_on: p.paid_on,
          created_by: id(p.created_by),
          created_at: checked.payments[i] as string,
        })
        .execute();
    }
    return data.expenses.length + data.payments.length + data.recurring.length;
  },
};

type Split = { mode: string; parts: readonly { person: number; value: number }[] };
const splitOf = ({ mode, parts }: Split) => ({
  mode,
  parts: parts.map((p) => ({ user_id: p.person, value: p.value })),
});

/** The API's names of a record's split fields, and the document's (`parts` of an expense). */
const splitNames = (parts: string) =>
  [
    [/^split\.parts(\[\d+\])\.user_id/, `${parts}$1.person`],
    [/^split\.parts/, parts],
    [/^split\.mode/, 'split_mode'],
    [/^split$/, parts],
  ] as const;
const RECURRING_NAMES = [
  ...splitNames('split_parts'),
  [/^repeat\.(every|interval|month_day)/, 'repeat_$1'],
  [/^repeat$/, 'repeat_every'],
] as const;

/** Money is recorded in the house currency; a record in another is refused, not converted. */
function inHouseCurrency(check: ImportCheck, currency: string, house: string): void {
  if (currency !== house) throw check.refuse('currency', `currency must be the house currency, ${house}.`);
}

/**
 * Every bills record through the API's own rules: the route's schema for it, then the service's checks
 * (dates that exist and in order, a split that adds up, payments between two people). What the API
 * works out itself (an expense's parts, a bill's next date) must be what it would work out.
 */
async function checkBills(data: ExportBills, houseCurrency: string | null) {
  // Checked in slices that let the event loop go, since a house may hold many thousands of records.
  const pause = pauses();
  const bills = new ImportCheck('data.bills');
  if (data.currency !== null) bills.rule(() => checkCurrency(data.currency as string));
  const currency = data.currency ?? houseCurrency;
  const records = data.recurring.length + data.expenses.length + data.payments.length;
  if (currency === null && records > 0) {
    throw bills.refuse('currency', 'currency is required: money is recorded in the house currency.');
  }
  const house = currency as string;
  const recurring: { title: string; created_at: string }[] = [];
  for (const [i, r] of data.recurring.entries()) {
    const check = new ImportCheck(`data.bills.recurring[${i}]`, RECURRING_NAMES);
    const input = check.schema(RecurringExpenseInput, {
      title: r.title,
      amount_minor: r.amount_minor,
      paid_by: r.paid_by,
      category: r.category,
      split: splitOf({ mode: r.split_mode, parts: r.split_parts }),
      repeat: {
        every: r.repeat_every,
        interval: r.repeat_interval,
        month_day: r.repeat_month_day === 0 ? 'last' : r.repeat_month_day,
      },
      starts_on: r.starts_on,
      ends_on: r.ends_on,
    });
    const { title } = check.rule(() => checkRecurring(input));
    inHouseCurrency(check, r.currency, house);
    if (r.next_on !== null && (!parseDate(r.next_on) || nextOccurrence(input, r.next_on) !== r.next_on)) {
      throw check.refuse('next_on', 'next_on must be null or a date the bill falls due on.');
    }
    recurring.push({ title, created_at: check.rule(() => parseInstant(r.created_at, 'created_at')) });
    await pause();
  }
  const expenses: { title: string; note: string | null; created_at: string; updated_at: string }[] = [];
  for (const [i, e] of data.expenses.entries()) {
    const check = new ImportCheck(`data.bills.expenses[${i}]`, splitNames('parts'));
    const input = check.schema(ExpenseInput, {
      title: e.title,
      amount_minor: e.amount_minor,
      paid_by: e.paid_by,
      spent_on: e.spent_on,
      category: e.category,
      note: e.note,
      receipt_img: e.receipt_img,
      split: splitOf({ mode: e.split_mode, parts: e.parts }),
    });
    const { title, note, portions } = check.rule(() => checkExpense(input));
    inHouseCurrency(check, e.currency, house);
    for (const [j, part] of e.parts.entries()) {
      if (part.position !== j)
        throw check.refuse(`parts[${j}].position`, `parts[${j}].position must be ${j}.`);
      const owed = portions[j]?.amount_minor;
      if (part.amount_minor !== owed) {
        throw check.refuse(
          `parts[${j}].amount_minor`,
          `parts[${j}].amount_minor must be ${owed}: the split gives this person that much of ${e.amount_minor}.`,
        );
      }
    }
    expenses.push({
      title,
      note,
      created_at: check.rule(() => parseInstant(e.created_at, 'created_at')),
      updated_at: check.rule(() => parseInstant(e.updated_at, 'updated_at')),
    });
    await pause();
  }
  const payments: string[] = [];
  for (const [i, p] of data.payments.entries()) {
    const check = new ImportCheck(`data.bills.payments[${i}]`);
    const input = check.schema(PaymentInput, {
      from: p.from,
      to: p.to,
      amount_minor: p.amount_minor,
      paid_on: p.paid_on,
    });
    check.rule(() => checkPayment(input));
    inHouseCurrency(check, p.currency, house);
    payments.push(check.rule(() => parseInstant(p.created_at, 'created_at')));
    await pause();
  }
  return { recurring, expenses, payments };
}
