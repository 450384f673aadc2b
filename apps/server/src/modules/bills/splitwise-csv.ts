import { Readable } from 'node:stream';
import { EXPENSE_TITLE_MAX, type ExpenseCategory, type Portion, type Split } from '@hearth/contract';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { validationError } from '../../lib/errors.js';
import { pauses } from '../../lib/pauses.js';
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

/**
 * A spreadsheet may run a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's
 * list; Apple Numbers also reads their full-width forms so): csv-stringify's `escape_formulas` puts a `'`
 * before such a text cell. Text that already starts with quotes before such a character gets one more
 * here, so reading a cell back (one `'` off) is exact for every text.
 */
const QUOTED_FORMULA_START = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell as written: the library neutralises formulas, this keeps a typed `'=...` apart from them. */
function textCell(text: string): string {
  return QUOTED_FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A text cell as read: the `'` an export put before a formula (or before text that began with quotes and
 * a formula character) is taken off again, so a round trip gives back exactly what was typed. A `'` before
 * anything else is the text itself.
 */
export function readTextCell(cell: string): string {
  return QUOTED_FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/**
 * Writes the CSV a piece at a time, so an export streams: the header, then rows oldest first as pages of
 * them come (the caller merges expenses and payments by date), then the total balance line.
 * Money goes to csv-stringify as numbers (minor units), which it never neutralises, so `-12.50` stays a
 * number while every text cell (titles, names) starting with a formula character gets a leading `'`.
 */
export class SplitwiseCsvWriter {
  private readonly nameOf: Map<number, string>;
  private readonly totals: Map<number, number>;

  constructor(
    private readonly currency: string,
    private readonly people: readonly ExportPerson[],
  ) {
    this.nameOf = new Map(people.map((p) => [p.user_id, p.name]));
    this.totals = new Map(people.map((p) => [p.user_id, 0]));
  }

  private stringify(records: (string | number)[][]): string {
    return stringify(records, {
      escape_formulas: true,
      cast: { number: (minor) => minorToDecimal(minor, this.currency) },
    });
  }

  header(): string {
    return this.stringify([[...HEAD, ...this.people.map((p) => textCell(p.name))]]);
  }

  private effects(effects: Map<number, number>): number[] {
    return this.people.map((p) => {
      const effect = effects.get(p.user_id) ?? 0;
      this.totals.set(p.user_id, (this.totals.get(p.user_id) ?? 0) + effect);
      return effect;
    });
  }

  private expenseRow(e: ExportExpense): (string | number)[] {
    const effects = new Map<number, number>([[e.paid_by, e.amount_minor]]);
    for (const portion of e.portions) {
      effects.set(portion.user_id, (effects.get(portion.user_id) ?? 0) - portion.amount_minor);
    }
    const cells = [e.spent_on, textCell(e.title), CATEGORY_LABELS[e.category], e.amount_minor, this.currency];
    return [...cells, ...this.effects(effects)];
  }

  private paymentRow(p: ExportPayment): (string | number)[] {
    const effects = new Map<number, number>([
      [p.from, p.amount_minor],
      [p.to, -p.amount_minor],
    ]);
    const title = `${this.nameOf.get(p.from) ?? p.from} paid ${this.nameOf.get(p.to) ?? p.to}`;
    const cells = [p.paid_on, textCell(title), PAYMENT_CATEGORY, p.amount_minor, this.currency];
    return [...cells, ...this.effects(effects)];
  }

  /** Rows in the order given, which must be oldest first. */
  rows(rows: readonly ({ expense: ExportExpense } | { payment: ExportPayment })[]): string {
    return this.stringify(
      rows.map((r) => ('expense' in r ? this.expenseRow(r.expense) : this.paymentRow(r.payment))),
    );
  }

  /** A blank line and each person's total over every row written. */
  end(): string {
    const total = [
      '',
      TOTAL_LABEL,
      '',
      '',
      this.currency,
      ...this.people.map((p) => this.totals.get(p.user_id) ?? 0),
    ];
    return this.stringify([[], total]);
  }
}

/** The house's expenses and payments, oldest first, as a Splitwise-style CSV, in one piece. */
export function toSplitwiseCsv(input: {
  currency: string;
  people: readonly ExportPerson[];
  expenses: readonly ExportExpense[];
  payments: readonly ExportPayment[];
}): string {
  const writer = new SplitwiseCsvWriter(input.currency, input.people);
  const rows = [
    ...input.expenses.map((expense) => ({ date: expense.spent_on, row: { expense } })),
    ...input.payments.map((payment) => ({ date: payment.paid_on, row: { payment } })),
  ];
  // Stable sort: same-day rows keep expenses before payments, each in the order given.
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return writer.header() + writer.rows(rows.map((r) => r.row)) + writer.end();
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

/** How many bytes of the file the parser takes at a time (it reads a slice's rows in one go). */
const PARSE_SLICE_BYTES = 8 * 1024;

/**
 * The file's records, each with the line it ends on, read a slice at a time with pauses for the event loop
 * (lib/pauses), so a big file never holds the server. A file that is not CSV is a 400.
 */
async function* csvRecords(text: string): AsyncGenerator<{ record: string[]; line: number }> {
  const bytes = Buffer.from(text);
  // Byte slices (not string ones): the parser joins a character split between two of them.
  const slices = function* () {
    for (let at = 0; at < bytes.length; at += PARSE_SLICE_BYTES) {
      yield bytes.subarray(at, at + PARSE_SLICE_BYTES);
    }
  };
  const parser = Readable.from(slices()).pipe(
    // With `info`, each record comes with where it was read; the line number is where it ends.
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }),
  );
  const pause = pauses();
  const records = parser[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<{ record: string[]; info: { lines: number } }>;
    try {
      next = await records.next();
    } catch (error) {
      throw validationError('csv', `csv could not be read: ${(error as Error).message}`);
    }
    if (next.done) return;
    yield { record: next.value.record, line: next.value.info.lines };
    await pause();
  }
}

/**
 * Reads a Splitwise export into expenses (split by exact amounts) and payments in the house currency.
 * `resolve` names the member for a person column. A file that is not such an export, or a person no member
 * matches, is a 400 and nothing is read; single rows that cannot be expressed are skipped with a reason.
 * Text cells lose the `'` an export put before a formula (see readTextCell).
 */
export async function readSplitwiseCsv(
  text: string,
  currency: string,
  resolve: (name: string) => number | undefined,
): Promise<ImportPlan> {
  const records = csvRecords(text);
  try {
    return await planOf(records, currency, resolve);
  } finally {
    // A refused file is not read further.
    await records.return(undefined);
  }
}

async function planOf(
  records: AsyncGenerator<{ record: string[]; line: number }>,
  currency: string,
  resolve: (name: string) => number | undefined,
): Promise<ImportPlan> {
  const first = await records.next();
  const header = first.done ? [] : first.value.record;
  if (
    HEAD.some((name, i) => header[i]?.toLowerCase() !== name.toLowerCase()) ||
    header.length <= HEAD.length
  ) {
    throw validationError(
      'csv',
      `csv is not a Splitwise export: its first line must be ${HEAD.join(',')} followed by people's names.`,
    );
  }
  const names = header.slice(HEAD.length).map(readTextCell);
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
  for await (const { record, line } of records) {
    const [date = '', cell = '', category = '', cost = '', rowCurrency = ''] = record;
    const description = readTextCell(cell);
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
