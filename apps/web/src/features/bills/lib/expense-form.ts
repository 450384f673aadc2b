import type {
  BillPerson,
  Expense,
  ExpenseCategory,
  ExpenseInput,
  RecurringExpense,
  RecurringExpenseInput,
  Repeat,
  SplitMode,
} from '@hearth/contract';
import { t } from '../../../lib/i18n';
import { amountInputValue, typedAmount } from './money';
import { draftToSplit, type SplitDraft, splitToDraft } from './split-form';

/** One member's line in the split: taking part or not, and what was typed for them. */
export interface SplitLine {
  user_id: number;
  on: boolean;
  value: string;
}

/** The expense form's values: everything as typed. */
export interface ExpenseFormValues {
  title: string;
  amount: string;
  paid_by: string;
  spent_on: string;
  category: ExpenseCategory;
  note: string;
  receipt_img: string | null;
  mode: SplitMode;
  lines: SplitLine[];
}

export interface Problem {
  field?: string;
  message: string;
}

export const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'message' in value;

/**
 * The split lines for a form: the split's own members first in its order, then the other members
 * (unticked), so editing keeps who gets leftover cents.
 */
function linesOf(people: readonly BillPerson[], draft: SplitDraft | null): SplitLine[] {
  const members = people.filter((p) => p.in_house).map((p) => p.user_id);
  if (!draft) return members.map((user_id) => ({ user_id, on: true, value: '' }));
  const rest = members.filter((id) => !draft.members.includes(id));
  return [
    ...draft.members.map((user_id) => ({ user_id, on: true, value: draft.values[user_id] ?? '' })),
    ...rest.map((user_id) => ({ user_id, on: false, value: '' })),
  ];
}

export function expenseFormValues(
  expense: Expense | null,
  people: readonly BillPerson[],
  me: number,
  currency: string,
  today: string,
): ExpenseFormValues {
  const draft = expense ? splitToDraft(expense.split, (minor) => amountInputValue(minor, currency)) : null;
  return {
    title: expense?.title ?? '',
    amount: expense ? amountInputValue(expense.amount_minor, currency) : '',
    paid_by: String(expense?.paid_by ?? me),
    spent_on: expense?.spent_on ?? today,
    category: expense?.category ?? 'groceries',
    note: expense?.note ?? '',
    receipt_img: expense?.receipt_img ?? null,
    mode: expense?.split.mode ?? 'equal',
    lines: linesOf(people, draft),
  };
}

/** The amount and split from the form, or the problem to show at its field. */
export function amountAndSplit(
  values: Pick<ExpenseFormValues, 'amount' | 'mode' | 'lines'>,
  currency: string,
  money: (minor: number) => string,
): { amount_minor: number; split: ExpenseInput['split'] } | Problem {
  const typed = typedAmount(values.amount, currency);
  if ('message' in typed) return { field: 'amount', message: typed.message };
  const amount = typed.minor;
  const on = values.lines.filter((l) => l.on);
  const draft: SplitDraft = {
    mode: values.mode,
    members: on.map((l) => l.user_id),
    values: Object.fromEntries(on.map((l) => [l.user_id, l.value])),
  };
  const result = draftToSplit(draft, amount, currency, money);
  if ('error' in result) return { field: 'lines', message: result.error };
  return { amount_minor: amount, split: result.split };
}

export function expenseInputOf(
  values: ExpenseFormValues,
  currency: string,
  money: (minor: number) => string,
): ExpenseInput | Problem {
  if (values.title.trim() === '') return { field: 'title', message: t('bills:giveTheExpenseATitle') };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.spent_on))
    return { field: 'spent_on', message: t('bills:chooseTheDate') };
  const made = amountAndSplit(values, currency, money);
  if (isProblem(made)) return made;
  return {
    title: values.title.trim(),
    amount_minor: made.amount_minor,
    paid_by: Number(values.paid_by),
    spent_on: values.spent_on,
    category: values.category,
    note: values.note.trim() === '' ? null : values.note.trim(),
    receipt_img: values.receipt_img,
    split: made.split,
  };
}

/** The recurring bill form: the expense's fields without date, note and photo, plus the repeat. */
export interface RecurringFormValues extends Omit<ExpenseFormValues, 'spent_on' | 'note' | 'receipt_img'> {
  every: Repeat['every'];
  interval: string;
  /** '1'..'31', 'last', or '' for the start date's day. */
  month_day: string;
  starts_on: string;
  ends_on: string;
}

export function recurringFormValues(
  recurring: RecurringExpense | null,
  people: readonly BillPerson[],
  me: number,
  currency: string,
  today: string,
): RecurringFormValues {
  const draft = recurring
    ? splitToDraft(recurring.split, (minor) => amountInputValue(minor, currency))
    : null;
  return {
    title: recurring?.title ?? '',
    amount: recurring ? amountInputValue(recurring.amount_minor, currency) : '',
    paid_by: String(recurring?.paid_by ?? me),
    category: recurring?.category ?? 'rent',
    mode: recurring?.split.mode ?? 'equal',
    lines: linesOf(people, draft),
    every: recurring?.repeat.every ?? 'months',
    interval: String(recurring?.repeat.interval ?? 1),
    month_day: recurring?.repeat.month_day == null ? '' : String(recurring.repeat.month_day),
    starts_on: recurring?.starts_on ?? today,
    ends_on: recurring?.ends_on ?? '',
  };
}

export function recurringInputOf(
  values: RecurringFormValues,
  currency: string,
  money: (minor: number) => string,
): RecurringExpenseInput | Problem {
  if (values.title.trim() === '') return { field: 'title', message: t('bills:giveTheBillATitle') };
  const interval = Number(values.interval);
  if (!Number.isInteger(interval) || interval < 1) {
    return { field: 'interval', message: t('bills:repeatEvery1OrMore') };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.starts_on))
    return { field: 'starts_on', message: t('bills:chooseTheFirstDate') };
  if (values.ends_on !== '' && values.ends_on < values.starts_on) {
    return { field: 'ends_on', message: t('bills:endDateBeforeFirstDate') };
  }
  const made = amountAndSplit(values, currency, money);
  if (isProblem(made)) return made;
  const month_day =
    values.every !== 'months' || values.month_day === ''
      ? null
      : values.month_day === 'last'
        ? ('last' as const)
        : Number(values.month_day);
  return {
    title: values.title.trim(),
    amount_minor: made.amount_minor,
    paid_by: Number(values.paid_by),
    category: values.category,
    split: made.split,
    repeat: { every: values.every, interval, month_day },
    starts_on: values.starts_on,
    ends_on: values.ends_on === '' ? null : values.ends_on,
  };
}

/** Where an API error's field shows in the form ('split.parts[1].value' -> 'lines'). */
export function formFieldOf(apiField: string | undefined): string | undefined {
  if (!apiField) return undefined;
  if (apiField.startsWith('split')) return 'lines';
  if (apiField === 'amount_minor') return 'amount';
  if (apiField.startsWith('repeat.')) return apiField === 'repeat.interval' ? 'interval' : 'month_day';
  return ['title', 'paid_by', 'spent_on', 'category', 'note', 'receipt_img', 'starts_on', 'ends_on'].includes(
    apiField,
  )
    ? apiField
    : undefined;
}
