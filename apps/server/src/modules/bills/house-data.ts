import type { ExportBills } from '@hearth/contract';
import type { HouseDataHook } from '../../core/module.js';
import { validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';

/**
 * The bills' part of the house export: the currency, recurring bills, expenses with each member's part,
 * and payments. The activity log is a record of what happened on this Hearth and stays here.
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
    const recurring = await trx
      .selectFrom('recurring_expenses')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('recurring_id')
      .execute();
    const expenses = await trx
      .selectFrom('expenses')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('expense_id')
      .execute();
    const parts = await trx
      .selectFrom('expense_parts')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('expense_id')
      .orderBy('position')
      .execute();
    const payments = await trx
      .selectFrom('payments')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('payment_id')
      .execute();
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
      expenses: expenses.map((e) => ({
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
        parts: parts
          .filter((p) => p.expense_id === e.expense_id)
          .map((p) => ({
            person: people.ref(p.user_id),
            position: p.position,
            value: p.value,
            amount_minor: Number(p.amount_minor),
          })),
      })),
      payments: payments.map((p) => ({
        from: people.ref(p.from_user_id),
        to: people.ref(p.to_user_id),
        amount_minor: Number(p.amount_minor),
        currency: p.currency,
        paid_on: p.paid_on,
        created_by: people.ref(p.created_by),
        created_at: p.created_at,
      })),
    };
  },

  async import(houseId, data: ExportBills, people, trx) {
    const id = (ref: number) => people.userId(ref);
    if (data.currency !== null) {
      await trx.deleteFrom('bill_settings').where('house_id', '=', houseId).execute();
      await trx
        .insertInto('bill_settings')
        .values({ house_id: houseId, currency: data.currency, updated_at: new Date().toISOString() })
        .execute();
    }
    const recurringIds: number[] = [];
    for (const r of data.recurring) {
      const row = await trx
        .insertInto('recurring_expenses')
        .values({
          house_id: houseId,
          title: r.title,
          amount_minor: r.amount_minor,
          currency: r.currency,
          paid_by: id(r.paid_by),
          category: r.category,
          split_mode: r.split_mode,
          split_parts: JSON.stringify(r.split_parts.map((p) => ({ user_id: id(p.person), value: p.value }))),
          repeat_every: r.repeat_every,
          repeat_interval: r.repeat_interval,
          repeat_month_day: r.repeat_month_day,
          starts_on: r.starts_on,
          ends_on: r.ends_on,
          next_on: r.next_on,
          created_by: id(r.created_by),
          created_at: r.created_at,
        })
        .returning('recurring_id')
        .executeTakeFirstOrThrow();
      recurringIds.push(row.recurring_id);
    }
    for (const [i, e] of data.expenses.entries()) {
      const recurringId = e.recurring === null ? null : recurringIds[e.recurring - 1];
      if (recurringId === undefined) {
        throw validationError(
          `data.bills.expenses.${i}.recurring`,
          `Expense ${i + 1} names recurring bill ${e.recurring}, which the document lacks.`,
        );
      }
      const { expense_id } = await trx
        .insertInto('expenses')
        .values({
          house_id: houseId,
          title: e.title,
          amount_minor: e.amount_minor,
          currency: e.currency,
          paid_by: id(e.paid_by),
          spent_on: e.spent_on,
          category: e.category,
          note: e.note,
          receipt_img: await checkImage(e.receipt_img, `data.bills.expenses[${i}].receipt_img`),
          split_mode: e.split_mode,
          recurring_id: recurringId,
          created_by: id(e.created_by),
          created_at: e.created_at,
          updated_at: e.updated_at,
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
    for (const p of data.payments) {
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
          created_at: p.created_at,
        })
        .execute();
    }
    return data.expenses.length + data.payments.length + data.recurring.length;
  },
};
