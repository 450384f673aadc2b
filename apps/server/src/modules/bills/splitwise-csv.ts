import { EXPENSE_TITLE_MAX, type ExpenseCategory, type Portion, type Split } from '@hearth/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { validationError } from '../../lib/errors.js';
import { decimalToMinor, minorToDecimal } from './money.js';
import { parseDate } from './recurrence.js';

/**
 * Hearth reads and writes the CSV layout Splitwise exports: Date, Description, Category, Cost, Currency,
 * then one column per person holding that row's effect on their balance (positive: the others owe them).
 * Payments are rows in the "Payment" category. The file ends with a "Total balance" line.
 */
const HEAD = ['Date', 'Description', 'Category', 'Cost', 'Currency'] as const;
const PAYMENT_CATEGORY = 'Payment';
const TOTAL_LABEL = 'Total balance';

const CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  groceries: 'Groceries',
  rent: 'Rent',
  utilities: 'Utilities',
  household: 'Household supplies',
  other: 'General',
};

/** Splitwise's own categories, by the words in their names, onto Hearth's five. */
const CATEGORY_WORDS: [RegExp, ExpenseCategory][] = [
  [/grocer|food|dining/i, 'groceries'],
  [/rent|mortgage/i, 'rent'],
  [/utilit|electric|gas|heat|water|internet|phone|tv|trash/i, 'utilities'],
  [/household|clean|furniture|maintenance|supplies|pets|services/i, 'household'],
];

export function categoryFromSplitwise(label: string): ExpenseCategory {
  return CATEGORY_WORDS.find(([words]) => words.test(label))?.[1] ?? 'other';
}

export interface ExportPerson {
  user_id: number;
  name: string;
}
export interface ExportExpense {
  spent_on: string;
  title: string;
  category: ExpenseCategory;
  amount_minor: number;
  paid_by: number;
  portions: readonly Portion[];
}
export interface ExportPayment {
  paid_on: string;
  from: number;
  to: number;
  amount_minor: number;
}

/** The house's expenses and payments, oldest first, as a Splitwise-style CSV. */
export function toSplitwiseCsv(input: {
  currency: string;
  people: readonly ExportPerson[];
  expenses: readonly ExportExpense[];
  payments: readonly ExportPayment[];
}): string {
  const { currency, people } = input;
  const nameOf = new Map(people.map((p) => [p.user_id, p.name]));
  const money = (minor: number) => minorToDecimal(minor, currency);
  const rows: { date: string; cells: string[] }[] = [];
  const totals = new Map<number, number>(people.map((p) => [p.user_id, 0]));
  const effectsRow = (effects: Map<number, number>) =>
    people.map((p) => {
      const effect = effects.get(p.user_id) ?? 0;
      totals.set(p.user_id, (totals.get(p.user_id) ?? 0) + effect);
      return money(effect);
    });

  for (const e of input.expenses) {
    const effects = new Map<number, number>([[e.paid_by, e.amount_minor]]);
    for (const portion of e.portions) {
      effects.set(portion.user_id, (effects.get(portion.user_id) ?? 0) - portion.amount_minor);
    }
    const cells = [e.spent_on, e.title, CATEGORY_LABELS[e.category], money(e.amount_minor), currency];
    rows.push({ date: e.spent_on, cells: [...cells, ...effectsRow(effects)] });
  }
  for (const p of input.payments) {
    const effects = new Map<number, number>([
      [p.from, p.amount_minor],
      [p.to, -p.amount_minor],
    ]);
    const title = `${nameOf.get(p.from) ?? p.from} paid ${nameOf.get(p.to) ?? p.to}`;
    const cells = [p.paid_on, title, PAYMENT_CATEGORY, money(p.amount_minor), currency];
    rows.push({ date: p.paid_on, cells: [...cells, ...effectsRow(effects)] });
  }
  // Stable sort: same-day rows keep expenses before payments, each in the order given.
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const total = ['', TOTAL_LABEL, '', '', currency, ...people.map((p) => money(totals.get(p.user_id) ?? 0))];
  return stringify([[...HEAD, ...people.map((p) => p.name)], ...rows.map((r) => r.cells), [], total]);
}

export interface ImportedExpense {
  line: number;
  title: string;
  amount_minor: number;
  paid_by: number;
  spent_on: string;
  category: ExpenseCategory;
  split: Split;
}
export interface ImportedPayment {
  line: number;
  from: number;
  to: number;
  amount_minor: number;
  paid_on: string;
}
export interface ImportPlan {
  expenses: ImportedExpense[];
  payments: ImportedPayment[];
  skipped: { line: number; reason: string }[];
}

/**
 * Reads a Splitwise export into expenses (split by exact amounts) and payments in the house currency.
 * `resolve` names the member for a person column. A file that is not such an export, or a person no member
 * matches, is a 400 and nothing is read; single rows that cannot be expressed are skipped with a reason.
 */
export function readSplitwiseCsv(
  text: string,
  currency: string,
  resolve: (name: string) => number | undefined,
): ImportPlan {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it was read; the line number is where it ends.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw validationError('csv', `csv could not be read: ${(error as Error).message}`);
  }
  const header = records[0]?.record ?? [];
  if (
    HEAD.some((name, i) => header[i]?.toLowerCase() !== name.toLowerCase()) ||
    header.length <= HEAD.length
  ) {
    throw validationError(
      'csv',
      `csv is not a Splitwise export: its first line must be ${HEAD.join(',')} followed by people's names.`,
    );
  }
  const names = header.slice(HEAD.length);
  const ids = names.map((name) => {
    const id = resolve(name);
    if (id === undefined)
      throw validationError('people', `No member matches “${name}”; choose one in people.`);
    return id;
  });
  if (new Set(ids).size !== ids.length) {
    throw validationError('people', 'people must match each name to a different member.');
  }

  const plan: ImportPlan = { expenses: [], payments: [], skipped: [] };
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    const [date = '', description = '', category = '', cost = '', rowCurrency = ''] = record;
    if (description === TOTAL_LABEL && date === '') continue;
    const skip = (reason: string) => plan.skipped.push({ line, reason });
    if (!parseDate(date)) {
      skip(`“${date}” is not a date (YYYY-MM-DD).`);
      continue;
    }
    if (rowCurrency.toUpperCase() !== currency) {
      skip(`It is in ${rowCurrency || 'no currency'}, not the house currency ${currency}.`);
      continue;
    }
    const amount = decimalToMinor(cost, currency);
    const effects = names.map((_, i) => decimalToMinor(record[HEAD.length + i] || '0', currency));
    if (amount === null || amount <= 0 || effects.some((e) => e === null)) {
      skip(`Its amounts are not ${currency} amounts above zero.`);
      continue;
    }
    const nets = effects as number[];
    if (nets.reduce((a, b) => a + b, 0) !== 0) {
      skip('Its balances do not add up to zero.');
      continue;
    }
    const givers = nets.flatMap((net, i) => (net > 0 ? [i] : []));
    if (category.toLowerCase() === PAYMENT_CATEGORY.toLowerCase()) {
      const takers = nets.flatMap((net, i) => (net < 0 ? [i] : []));
      if (givers.length !== 1 || takers.length !== 1 || nets[givers[0] as number] !== amount) {
        skip('A payment must go from one person to one other for its full amount.');
        continue;
      }
      plan.payments.push({
        line,
        from: ids[givers[0] as number] as number,
        to: ids[takers[0] as number] as number,
        amount_minor: amount,
        paid_on: date,
      });
      continue;
    }
    if (givers.length !== 1) {
      skip(givers.length === 0 ? 'Nobody is owed anything for it.' : 'It was paid by more than one person.');
      continue;
    }
    const payer = givers[0] as number;
    // Everyone else's share is what they now owe; the payer's is what they paid minus what they are owed.
    const shares = nets.map((net, i) => (i === payer ? amount - net : -net));
    if (shares.some((s) => s < 0)) {
      skip('Its shares are negative.');
      continue;
    }
    const parts = shares.flatMap((value, i) => (value > 0 ? [{ user_id: ids[i] as number, value }] : []));
    plan.expenses.push({
      line,
      title: (description || 'Imported expense').slice(0, EXPENSE_TITLE_MAX),
      amount_minor: amount,
      paid_by: ids[payer] as number,
      spent_on: date,
      category: categoryFromSplitwise(category),
      split: { mode: 'exact', parts },
    });
  }
  return plan;
}
