import type {
  BillActivity,
  BillPerson,
  Expense,
  ExpenseCategory,
  Payment,
  Portion,
  RecurringExpense,
  Repeat,
  Split,
  SplitMode,
} from '@hearth/contract';
import { sql } from 'kysely';
import type { DatabaseEngine } from '../../config.js';
import type { Db } from '../../db/create-db.js';
import { readable } from '../../lib/unusable-rows.js';
import type { MemberTotals } from './balances.js';
import { storedRule, storedSplit } from './stored-recurring.js';
import type { ExpenseRow, PaymentRow, RecurringExpenseRow } from './tables.js';

/** An expense as the service hands it over, its portions already computed. */
export interface ExpenseValues {
  title: string;
  amount_minor: number;
  currency: string;
  paid_by: number;
  spent_on: string;
  category: ExpenseCategory;
  note: string | null;
  receipt_img: string | null;
  split: Split;
  portions: Portion[];
}

export interface RecurringValues {
  title: string;
  amount_minor: number;
  currency: string;
  paid_by: number;
  category: ExpenseCategory;
  split: Split;
  repeat: Repeat;
  starts_on: string;
  ends_on: string | null;
  next_on: string | null;
}

export interface ListFilter {
  member?: number | undefined;
  category?: ExpenseCategory | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Rows strictly older than this (date, id). */
  before?: { date: string; id: number } | undefined;
  limit: number;
}

/** A recurring bill with a date due, with its house and the zone its dates fall by. */
export type DueTemplate = RecurringExpense & { house_id: number; time_zone: string };

/** Where a page of an export ends: its last row's date and id. */
export interface PageKey {
  date: string;
  id: number;
}

export interface ActivityValues {
  actor_id: number | null;
  action: BillActivity['action'];
  subject: BillActivity['subject'];
  subject_id: number;
  title: string;
  amount_minor: number;
}

/**
 * Rows one multi-row insert carries: with at most 8 columns, 8,000 values, below SQLite's 32,766 and
 * PostgreSQL's 65,535 bound values.
 */
const ROWS_PER_INSERT = 1000;

/** A new expense's row. */
function expenseRow(
  houseId: number,
  v: ExpenseValues,
  createdBy: number,
  recurringId: number | null,
  at: string,
) {
  return {
    house_id: houseId,
    title: v.title,
    amount_minor: v.amount_minor,
    currency: v.currency,
    paid_by: v.paid_by,
    spent_on: v.spent_on,
    category: v.category,
    note: v.note,
    receipt_img: v.receipt_img,
    split_mode: v.split.mode,
    recurring_id: recurringId,
    created_by: createdBy,
    created_at: at,
    updated_at: at,
  };
}

function partRows(houseId: number, expenseId: number, v: ExpenseValues) {
  return v.split.parts.map((part, position) => ({
    expense_id: expenseId,
    house_id: houseId,
    user_id: part.user_id,
    position,
    value: v.split.mode === 'equal' ? 0 : part.value,
    amount_minor: v.portions[position]?.amount_minor ?? 0,
  }));
}

const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0);
const now = () => new Date().toISOString();

function toPayment(row: PaymentRow): Payment {
  return {
    payment_id: row.payment_id,
    from: row.from_user_id,
    to: row.to_user_id,
    amount_minor: num(row.amount_minor),
    currency: row.currency,
    paid_on: row.paid_on,
    created_by: row.created_by,
    created_at: row.created_at,
  };
}

function toRecurring(row: RecurringExpenseRow): RecurringExpense {
  return {
    recurring_id: row.recurring_id,
    title: row.title,
    amount_minor: num(row.amount_minor),
    currency: row.currency,
    paid_by: row.paid_by,
    category: row.category as ExpenseCategory,
    split: storedSplit(row.split_mode, row.split_parts),
    repeat: storedRule(row).repeat,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    next_on: row.next_on,
    created_by: row.created_by,
    created_at: row.created_at,
  };
}

function recurringColumns(v: RecurringValues) {
  return {
    title: v.title,
    amount_minor: v.amount_minor,
    currency: v.currency,
    paid_by: v.paid_by,
    category: v.category,
    split_mode: v.split.mode,
    split_parts: JSON.stringify(v.split.parts.map((p) => ({ user_id: p.user_id, value: p.value }))),
    repeat_every: v.repeat.every,
    repeat_interval: v.repeat.interval,
    repeat_month_day:
      v.repeat.every !== 'months' || v.repeat.month_day === null
        ? null
        : v.repeat.month_day === 'last'
          ? 0
          : v.repeat.month_day,
    starts_on: v.starts_on,
    ends_on: v.ends_on,
    next_on: v.next_on,
  };
}

/**
 * All bills SQL. Every statement that reads or changes an expense, payment or recurring bill is scoped to
 * a house in the statement itself, so another house's id matches nothing (the service answers 404).
 */
export class BillsRepository {
  constructor(
    readonly db: Db,
    readonly engine: DatabaseEngine,
  ) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: BillsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new BillsRepository(trx, this.engine)));
  }

  async currency(houseId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('bill_settings')
      .select('currency')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return row?.currency ?? null;
  }

  async setCurrency(houseId: number, currency: string): Promise<void> {
    await this.db
      .insertInto('bill_settings')
      .values({ house_id: houseId, currency, updated_at: now() })
      .onConflict((oc) => oc.column('house_id').doUpdateSet({ currency, updated_at: now() }))
      .execute();
  }

  /** Whether the house has recorded any money (which fixes its currency). */
  async hasMoney(houseId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('bill_settings as s')
      .select((eb) => [
        eb
          .exists(eb.selectFrom('expenses').select('expense_id').where('house_id', '=', houseId))
          .as('expenses'),
        eb
          .exists(eb.selectFrom('payments').select('payment_id').where('house_id', '=', houseId))
          .as('payments'),
        eb
          .exists(eb.selectFrom('recurring_expenses').select('recurring_id').where('house_id', '=', houseId))
          .as('recurring'),
      ])
      .where('s.house_id', '=', houseId)
      .executeTakeFirst();
    return Boolean(row && (Boolean(row.expenses) || Boolean(row.payments) || Boolean(row.recurring)));
  }

  /** The house's members, then anyone else named in `alsoIds` (former members), members first. */
  async people(houseId: number, alsoIds: readonly number[]): Promise<BillPerson[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['user_id', 'username', 'first_name', 'last_name', 'house_id'])
      .where((eb) =>
        alsoIds.length > 0
          ? eb.or([eb('house_id', '=', houseId), eb('user_id', 'in', [...alsoIds])])
          : eb('house_id', '=', houseId),
      )
      .orderBy('user_id')
      .execute();
    const people = rows.map((r) => ({
      user_id: r.user_id,
      username: r.username,
      first_name: r.first_name,
      last_name: r.last_name,
      in_house: r.house_id === houseId,
    }));
    return [...people.filter((p) => p.in_house), ...people.filter((p) => !p.in_house)];
  }

  /**
   * What each person paid and owes, summed by the database in one statement: expenses paid, portions
   * owed, payments sent (counted as paid) and received (counted as owed).
   */
  async totals(houseId: number): Promise<MemberTotals[]> {
    const paid = this.db
      .selectFrom('expenses')
      .select((eb) => [
        eb.ref('paid_by').as('user_id'),
        eb.fn.sum<number | string>('amount_minor').as('paid'),
        sql<number | string>`0`.as('owed'),
      ])
      .where('house_id', '=', houseId)
      .groupBy('paid_by');
    const owed = this.db
      .selectFrom('expense_parts')
      .select((eb) => [
        eb.ref('user_id').as('user_id'),
        sql<number | string>`0`.as('paid'),
        eb.fn.sum<number | string>('amount_minor').as('owed'),
      ])
      .where('house_id', '=', houseId)
      .groupBy('user_id');
    const sent = this.db
      .selectFrom('payments')
      .select((eb) => [
        eb.ref('from_user_id').as('user_id'),
        eb.fn.sum<number | string>('amount_minor').as('paid'),
        sql<number | string>`0`.as('owed'),
      ])
      .where('house_id', '=', houseId)
      .groupBy('from_user_id');
    const received = this.db
      .selectFrom('payments')
      .select((eb) => [
        eb.ref('to_user_id').as('user_id'),
        sql<number | string>`0`.as('paid'),
        eb.fn.sum<number | string>('amount_minor').as('owed'),
      ])
      .where('house_id', '=', houseId)
      .groupBy('to_user_id');
    const rows = await this.db
      .selectFrom(paid.unionAll(owed).unionAll(sent).unionAll(received).as('t'))
      .select((eb) => [
        't.user_id',
        eb.fn.sum<number | string>('t.paid').as('paid_minor'),
        eb.fn.sum<number | string>('t.owed').as('share_minor'),
      ])
      .groupBy('t.user_id')
      .orderBy('t.user_id')
      .execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      paid_minor: num(r.paid_minor),
      share_minor: num(r.share_minor),
    }));
  }

  // --- expenses ---

  async insertExpense(
    houseId: number,
    v: ExpenseValues,
    createdBy: number,
    recurringId: number | null = null,
  ): Promise<number> {
    const at = now();
    const { expense_id } = await this.db
      .insertInto('expenses')
      .values(expenseRow(houseId, v, createdBy, recurringId, at))
      .returning('expense_id')
      .executeTakeFirstOrThrow();
    await this.insertParts(houseId, expense_id, v);
    return expense_id;
  }

  private async insertParts(houseId: number, expenseId: number, v: ExpenseValues) {
    await this.db
      .insertInto('expense_parts')
      .values(partRows(houseId, expenseId, v))
      .execute();
  }

  /**
   * Adds many expenses: a statement each (for its id), then their parts and activity lines in a few
   * statements of at most ROWS_PER_INSERT rows, so no statement comes near an engine's limit of values.
   */
  async insertExpenses(
    houseId: number,
    values: readonly ExpenseValues[],
    createdBy: number,
  ): Promise<number[]> {
    const at = now();
    const ids: number[] = [];
    for (const v of values) {
      const { expense_id } = await this.db
        .insertInto('expenses')
        .values(expenseRow(houseId, v, createdBy, null, at))
        .returning('expense_id')
        .executeTakeFirstOrThrow();
      ids.push(expense_id);
    }
    const parts = values.flatMap((v, i) => partRows(houseId, ids[i] as number, v));
    for (let from = 0; from < parts.length; from += ROWS_PER_INSERT) {
      await this.db
        .insertInto('expense_parts')
        .values(parts.slice(from, from + ROWS_PER_INSERT))
        .execute();
    }
    return ids;
  }

  /** Replaces an expense's fields and parts; false when the house has no such expense. */
  async updateExpense(houseId: number, expenseId: number, v: ExpenseValues): Promise<boolean> {
    const result = await this.db
      .updateTable('expenses')
      .set({
        title: v.title,
        amount_minor: v.amount_minor,
        paid_by: v.paid_by,
        spent_on: v.spent_on,
        category: v.category,
        note: v.note,
        receipt_img: v.receipt_img,
        split_mode: v.split.mode,
        updated_at: now(),
      })
      .where('expense_id', '=', expenseId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.db.deleteFrom('expense_parts').where('expense_id', '=', expenseId).execute();
    await this.insertParts(houseId, expenseId, v);
    return true;
  }

  /** Deletes an expense (its parts go with it); the row it was, or null when the house has none such. */
  async deleteExpense(houseId: number, expenseId: number): Promise<ExpenseRow | null> {
    const row = await this.db
      .deleteFrom('expenses')
      .where('expense_id', '=', expenseId)
      .where('house_id', '=', houseId)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async expense(houseId: number, expenseId: number): Promise<Expense | null> {
    const [expense] = await this.expensesWithParts(
      this.db
        .selectFrom('expenses')
        .selectAll()
        .where('house_id', '=', houseId)
        .where('expense_id', '=', expenseId),
    );
    return expense ?? null;
  }

  /** A page of the house's expenses, newest first: one query for the page, one for its parts. */
  expenses(houseId: number, f: ListFilter): Promise<Expense[]> {
    let query = this.db.selectFrom('expenses as e').selectAll('e').where('e.house_id', '=', houseId);
    if (f.category) query = query.where('e.category', '=', f.category);
    if (f.from) query = query.where('e.spent_on', '>=', f.from);
    if (f.to) query = query.where('e.spent_on', '<=', f.to);
    if (f.member !== undefined) {
      const member = f.member;
      query = query.where((eb) =>
        eb.or([
          eb('e.paid_by', '=', member),
          eb.exists(
            eb
              .selectFrom('expense_parts as p')
              .select('p.user_id')
              .whereRef('p.expense_id', '=', 'e.expense_id')
              .where('p.user_id', '=', member),
          ),
        ]),
      );
    }
    if (f.before) {
      const { date, id } = f.before;
      query = query.where((eb) =>
        eb.or([
          eb('e.spent_on', '<', date),
          eb.and([eb('e.spent_on', '=', date), eb('e.expense_id', '<', id)]),
        ]),
      );
    }
    return this.expensesWithParts(
      query.orderBy('e.spent_on', 'desc').orderBy('e.expense_id', 'desc').limit(f.limit),
    );
  }

  /**
   * The next page of the house's expenses oldest first (by date, then id), after `after`: the export
   * reads a house a page at a time, so no query names more ids than a page has.
   */
  expensesAfter(houseId: number, after: PageKey | null, limit: number): Promise<Expense[]> {
    let query = this.db.selectFrom('expenses').selectAll().where('house_id', '=', houseId);
    if (after) {
      const { date, id } = after;
      // A row value, which both engines read as one range of the (house, date, id) index.
      query = query.where((eb) => eb(eb.refTuple('spent_on', 'expense_id'), '>', eb.tuple(date, id)));
    }
    return this.expensesWithParts(query.orderBy('spent_on').orderBy('expense_id').limit(limit));
  }

  private async expensesWithParts(query: { execute(): Promise<ExpenseRow[]> }): Promise<Expense[]> {
    const rows = await query.execute();
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.expense_id);
    const parts = await this.db
      .selectFrom('expense_parts')
      .select(['expense_id', 'user_id', 'value', 'amount_minor'])
      .where('expense_id', 'in', ids)
      .orderBy('expense_id')
      .orderBy('position')
      .execute();
    const byExpense = new Map<number, typeof parts>();
    for (const part of parts) {
      const list = byExpense.get(part.expense_id) ?? [];
      list.push(part);
      byExpense.set(part.expense_id, list);
    }
    return rows.map((row) => {
      const own = byExpense.get(row.expense_id) ?? [];
      return {
        expense_id: row.expense_id,
        title: row.title,
        amount_minor: num(row.amount_minor),
        currency: row.currency,
        paid_by: row.paid_by,
        spent_on: row.spent_on,
        category: row.category as ExpenseCategory,
        note: row.note,
        receipt_img: row.receipt_img,
        split: {
          mode: row.split_mode as SplitMode,
          parts: own.map((p) => ({ user_id: p.user_id, value: Number(p.value) })),
        },
        portions: own.map((p) => ({ user_id: p.user_id, amount_minor: num(p.amount_minor) })),
        recurring_id: row.recurring_id,
        created_by: row.created_by,
        created_at: row.created_at,
      };
    });
  }

  /** Totals per month (YYYY-MM) and category, by the database. */
  async spending(houseId: number, from?: string, to?: string) {
    let query = this.db
      .selectFrom('expenses')
      .select((eb) => [
        sql<string>`substr(spent_on, 1, 7)`.as('month'),
        'category',
        eb.fn.sum<number | string>('amount_minor').as('amount_minor'),
      ])
      .where('house_id', '=', houseId);
    if (from) query = query.where('spent_on', '>=', from);
    if (to) query = query.where('spent_on', '<=', to);
    const rows = await query.groupBy([sql`substr(spent_on, 1, 7)`, 'category']).orderBy('month').execute();
    return rows.map((r) => ({
      month: r.month,
      category: r.category as ExpenseCategory,
      amount_minor: num(r.amount_minor),
    }));
  }

  // --- payments ---

  async insertPayment(
    houseId: number,
    v: { from: number; to: number; amount_minor: number; currency: string; paid_on: string },
    createdBy: number,
  ): Promise<Payment> {
    const row = await this.db
      .insertInto('payments')
      .values({
        house_id: houseId,
        from_user_id: v.from,
        to_user_id: v.to,
        amount_minor: v.amount_minor,
        currency: v.currency,
        paid_on: v.paid_on,
        created_by: createdBy,
        created_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPayment(row);
  }

  async deletePayment(houseId: number, paymentId: number): Promise<Payment | null> {
    const row = await this.db
      .deleteFrom('payments')
      .where('payment_id', '=', paymentId)
      .where('house_id', '=', houseId)
      .returningAll()
      .executeTakeFirst();
    return row ? toPayment(row) : null;
  }

  async payments(houseId: number, f: Omit<ListFilter, 'category'>): Promise<Payment[]> {
    let query = this.db.selectFrom('payments').selectAll().where('house_id', '=', houseId);
    if (f.from) query = query.where('paid_on', '>=', f.from);
    if (f.to) query = query.where('paid_on', '<=', f.to);
    if (f.member !== undefined) {
      const member = f.member;
      query = query.where((eb) => eb.or([eb('from_user_id', '=', member), eb('to_user_id', '=', member)]));
    }
    if (f.before) {
      const { date, id } = f.before;
      query = query.where((eb) =>
        eb.or([eb('paid_on', '<', date), eb.and([eb('paid_on', '=', date), eb('payment_id', '<', id)])]),
      );
    }
    const rows = await query
      .orderBy('paid_on', 'desc')
      .orderBy('payment_id', 'desc')
      .limit(f.limit)
      .execute();
    return rows.map(toPayment);
  }

  /** The next page of the house's payments oldest first (by date, then id), after `after`. */
  async paymentsAfter(houseId: number, after: PageKey | null, limit: number): Promise<Payment[]> {
    let query = this.db.selectFrom('payments').selectAll().where('house_id', '=', houseId);
    if (after) {
      const { date, id } = after;
      query = query.where((eb) => eb(eb.refTuple('paid_on', 'payment_id'), '>', eb.tuple(date, id)));
    }
    const rows = await query.orderBy('paid_on').orderBy('payment_id').limit(limit).execute();
    return rows.map(toPayment);
  }

  /** Everyone the house's money names (payers, people in splits, senders and receivers of payments). */
  async peopleInMoney(houseId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('expenses')
      .select('paid_by as user_id')
      .where('house_id', '=', houseId)
      .union(this.db.selectFrom('expense_parts').select('user_id').where('house_id', '=', houseId))
      .union(this.db.selectFrom('payments').select('from_user_id as user_id').where('house_id', '=', houseId))
      .union(this.db.selectFrom('payments').select('to_user_id as user_id').where('house_id', '=', houseId))
      .execute();
    return rows.map((r) => r.user_id);
  }

  // --- recurring bills ---

  async insertRecurring(houseId: number, v: RecurringValues, createdBy: number): Promise<RecurringExpense> {
    const row = await this.db
      .insertInto('recurring_expenses')
      .values({ house_id: houseId, ...recurringColumns(v), created_by: createdBy, created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecurring(row);
  }

  async updateRecurring(houseId: number, id: number, v: RecurringValues): Promise<RecurringExpense | null> {
    const row = await this.db
      .updateTable('recurring_expenses')
      .set(recurringColumns(v))
      .where('recurring_id', '=', id)
      .where('house_id', '=', houseId)
      .returningAll()
      .executeTakeFirst();
    return row ? toRecurring(row) : null;
  }

  /** Removes a bill; answers what the activity log names it by (read as stored: it may be unreadable). */
  async deleteRecurring(
    houseId: number,
    id: number,
  ): Promise<{ title: string; amount_minor: number } | null> {
    const row = await this.db
      .deleteFrom('recurring_expenses')
      .where('recurring_id', '=', id)
      .where('house_id', '=', houseId)
      .returning(['title', 'amount_minor'])
      .executeTakeFirst();
    return row ? { title: row.title, amount_minor: num(row.amount_minor) } : null;
  }

  async recurringList(houseId: number): Promise<RecurringExpense[]> {
    const rows = await this.db
      .selectFrom('recurring_expenses')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('recurring_id')
      .execute();
    // A bill whose stored values the API would refuse is left out (and reported), not a failed list.
    return rows.flatMap((row) => readable('recurring_bill', row.recurring_id, () => toRecurring(row)) ?? []);
  }

  /**
   * Templates with a date due on or before `today`, locked for this transaction. On PostgreSQL another
   * instance skips the rows locked here (it gets the others, or nothing), so no date is made twice;
   * SQLite has one writer at a time anyway.
   */
  async lockDueRecurring(today: string, houseId?: number, limit = 100, afterId = 0): Promise<DueTemplate[]> {
    let query = this.db
      .selectFrom('recurring_expenses as r')
      .innerJoin('houses as h', 'h.house_id', 'r.house_id')
      .selectAll('r')
      .select('h.time_zone')
      .where('r.next_on', 'is not', null)
      .where('r.next_on', '<=', today)
      .where('r.recurring_id', '>', afterId);
    if (houseId !== undefined) query = query.where('r.house_id', '=', houseId);
    query = query.orderBy('r.recurring_id').limit(limit);
    if (this.engine === 'postgres') query = query.forUpdate('r').skipLocked();
    const rows = await query.execute();
    return rows.map((row) => ({ ...toRecurring(row), house_id: row.house_id, time_zone: row.time_zone }));
  }

  /** The house's time zone: the calendar its bills fall due by. */
  async houseTimeZone(houseId: number): Promise<string> {
    const row = await this.db
      .selectFrom('houses')
      .select('time_zone')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return row?.time_zone ?? 'UTC';
  }

  async setNextOn(id: number, nextOn: string | null): Promise<void> {
    await this.db
      .updateTable('recurring_expenses')
      .set({ next_on: nextOn })
      .where('recurring_id', '=', id)
      .execute();
  }

  /** Whether the template already has an expense on that date (made by an earlier run). */
  async hasOccurrence(recurringId: number, date: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('expenses')
      .select('expense_id')
      .where('recurring_id', '=', recurringId)
      .where('spent_on', '=', date)
      .executeTakeFirst();
    return row !== undefined;
  }

  // --- grocery purchase ---

  /** The ticked items of a list in the house, oldest first; null when the house has no such list. */
  async tickedItems(
    houseId: number,
    listId: number,
  ): Promise<{ list_name: string; items: { id: number; name: string }[] } | null> {
    const list = await this.db
      .selectFrom('grocery_lists')
      .select('grocery_list_name')
      .where('grocery_list_id', '=', listId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    if (!list) return null;
    const items = await this.db
      .selectFrom('grocery_items')
      .select(['grocery_item_id', 'grocery_item_name'])
      .where('grocery_list_id', '=', listId)
      .where('completed', '=', 1)
      .orderBy('grocery_item_id')
      .execute();
    return {
      list_name: list.grocery_list_name,
      items: items.map((i) => ({ id: i.grocery_item_id, name: i.grocery_item_name })),
    };
  }

  /** Removes the given items from the list; how many went (fewer when someone removed one meanwhile). */
  async removeItems(listId: number, itemIds: readonly number[]): Promise<number> {
    const result = await this.db
      .deleteFrom('grocery_items')
      .where('grocery_list_id', '=', listId)
      .where('grocery_item_id', 'in', [...itemIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // --- activity ---

  async logActivity(houseId: number, v: ActivityValues): Promise<void> {
    await this.db
      .insertInto('bill_activity')
      .values({ house_id: houseId, ...v, at: now() })
      .execute();
  }

  /** Many activity lines, in statements of at most ROWS_PER_INSERT rows. */
  async logActivities(houseId: number, lines: readonly ActivityValues[]): Promise<void> {
    const at = now();
    for (let from = 0; from < lines.length; from += ROWS_PER_INSERT) {
      await this.db
        .insertInto('bill_activity')
        .values(lines.slice(from, from + ROWS_PER_INSERT).map((v) => ({ house_id: houseId, ...v, at })))
        .execute();
    }
  }

  async activity(houseId: number, limit: number, before?: number): Promise<BillActivity[]> {
    let query = this.db.selectFrom('bill_activity').selectAll().where('house_id', '=', houseId);
    if (before !== undefined) query = query.where('activity_id', '<', before);
    const rows = await query.orderBy('activity_id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      activity_id: r.activity_id,
      actor: r.actor_id,
      action: r.action as BillActivity['action'],
      subject: r.subject as BillActivity['subject'],
      subject_id: r.subject_id,
      title: r.title,
      amount_minor: num(r.amount_minor),
      at: r.at,
    }));
  }
}
