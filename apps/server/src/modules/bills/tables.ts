import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Amounts are `bigint` columns: PostgreSQL hands them back as strings, SQLite as numbers; the repository
 * reads them with Number() (they stay within 10^12 per row, and sums far below 2^53).
 */
type Minor = ColumnType<number | string, number, number>;

/** The house currency, chosen on first use of the bills. */
export interface BillSettingsTable {
  house_id: number;
  currency: string;
  updated_at: string;
}

export interface ExpensesTable {
  expense_id: Generated<number>;
  house_id: number;
  title: string;
  amount_minor: Minor;
  currency: string;
  paid_by: number;
  /** YYYY-MM-DD. */
  spent_on: string;
  category: string;
  note: string | null;
  receipt_img: string | null;
  split_mode: string;
  /** The recurring bill that made it, if any; one expense per template and date. */
  recurring_id: number | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** One member's part of an expense: what the split said (`value`) and what they owe (`amount_minor`). */
export interface ExpensePartsTable {
  expense_id: number;
  house_id: number;
  user_id: number;
  /** The member's place in the split, which decides who gets leftover minor units. */
  position: number;
  value: number;
  amount_minor: Minor;
}

export interface PaymentsTable {
  payment_id: Generated<number>;
  house_id: number;
  from_user_id: number;
  to_user_id: number;
  amount_minor: Minor;
  currency: string;
  paid_on: string;
  created_by: number;
  created_at: string;
}

/** A template that becomes an expense on each of its dates; `next_on` is the next date not yet made. */
export interface RecurringExpensesTable {
  recurring_id: Generated<number>;
  house_id: number;
  title: string;
  amount_minor: Minor;
  currency: string;
  paid_by: number;
  category: string;
  split_mode: string;
  /** The split's parts as JSON: [{ "user_id": 3, "value": 1.5 }, ...]. */
  split_parts: string;
  repeat_every: string;
  repeat_interval: number;
  /** 1-31, or 0 for the month's last day; null for weeks, years, or the start date's day. */
  repeat_month_day: number | null;
  starts_on: string;
  ends_on: string | null;
  /** Null once the end date has passed. */
  next_on: string | null;
  created_by: number;
  created_at: string;
}

export interface BillActivityTable {
  activity_id: Generated<number>;
  house_id: number;
  /** Null when the server made the change itself. */
  actor_id: number | null;
  action: string;
  subject: string;
  subject_id: number;
  title: string;
  amount_minor: Minor;
  at: string;
}

export type ExpenseRow = Selectable<ExpensesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RecurringExpenseRow = Selectable<RecurringExpensesTable>;

/** The tables this module adds to the shared Database type. */
export interface BillsTables {
  bill_settings: BillSettingsTable;
  expenses: ExpensesTable;
  expense_parts: ExpensePartsTable;
  payments: PaymentsTable;
  recurring_expenses: RecurringExpensesTable;
  bill_activity: BillActivityTable;
}

declare module '../../db/tables.js' {
  interface Database extends BillsTables {}
}
