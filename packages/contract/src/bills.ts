import { type Static, Type } from 'typebox';
import { IdParam, ImageDataUrl } from './common.js';

/** Codes of the bills domain beyond the common catalogue. */
export const BillsErrorCode = {
  /** The house currency cannot change once an expense or payment exists. */
  currencyLocked: 'currency_locked',
  /** Money cannot be recorded before the house has chosen its currency. */
  currencyRequired: 'currency_required',
} as const;

/** Amounts are integer minor units of the house currency, above zero and at most 10^12. */
export const AMOUNT_MINOR_MAX = 1_000_000_000_000;
export const EXPENSE_TITLE_MAX = 120;
export const EXPENSE_NOTE_MAX = 2000;
/** A split names each member at most once; a house never has more people than this. */
export const SPLIT_PARTS_MAX = 100;
/** Shares are positive numbers with at most 2 decimals (1, 1.5, 2...). */
export const SHARE_MAX = 1000;
/** Percentages have at most this many decimals and add up to exactly 100. */
export const PERCENT_DECIMALS = 2;
export const SPLIT_VALUE_DECIMALS = 2;
/** Settle-up is the exact fewest transfers up to this many members, a greedy match above. */
export const SETTLE_EXACT_MAX_MEMBERS = 12;
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
/** Recurring bills repeat every 1 to this many weeks, months or years. */
export const REPEAT_INTERVAL_MAX = 52;
/**
 * A recurring bill starts at most this many years before today (in the house's time zone) and at most
 * RECURRING_START_FUTURE_YEARS after: its past dates become expenses at once, so an older start would
 * make a flood of them.
 */
export const RECURRING_START_PAST_YEARS = 1;
export const RECURRING_START_FUTURE_YEARS = 10;
/** Catching up makes a bill's missed dates back to this many years before today; older ones are skipped. */
export const RECURRING_CATCH_UP_YEARS = 1;
/** A Splitwise export is read from at most this many characters. */
export const IMPORT_CSV_MAX = 2_000_000;

export const EXPENSE_CATEGORIES = ['groceries', 'rent', 'utilities', 'household', 'other'] as const;
export const ExpenseCategory = Type.Union([
  Type.Literal('groceries'),
  Type.Literal('rent'),
  Type.Literal('utilities'),
  Type.Literal('household'),
  Type.Literal('other'),
]);
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const SPLIT_MODES = ['equal', 'shares', 'percent', 'exact'] as const;
export const SplitMode = Type.Union([
  Type.Literal('equal'),
  Type.Literal('shares'),
  Type.Literal('percent'),
  Type.Literal('exact'),
]);
export type SplitMode = (typeof SPLIT_MODES)[number];

export const REPEAT_UNITS = ['weeks', 'months', 'years'] as const;
export const RepeatUnit = Type.Union([Type.Literal('weeks'), Type.Literal('months'), Type.Literal('years')]);
export type RepeatUnit = (typeof REPEAT_UNITS)[number];

/** A calendar date, YYYY-MM-DD; the server also checks that it exists. */
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const DateOnly = Type.String({ pattern: DATE_PATTERN, maxLength: 10 });
/** An ISO 4217 code such as EUR, JPY or KWD; the server checks it is a real one. */
export const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 });
export const AmountMinor = Type.Integer({ minimum: 1, maximum: AMOUNT_MINOR_MAX });
const UserId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** GET and PUT /api/house/{house_id}/currency: null until the house first chooses one. */
export const HouseCurrency = Type.Object({
  currency: Type.Union([CurrencyCode, Type.Null()]),
  /** True once the house has recorded money (an expense, payment or recurring bill): the currency is fixed. */
  locked: Type.Boolean(),
});
export type HouseCurrency = Static<typeof HouseCurrency>;
export const HouseCurrencyInput = Type.Object({ currency: CurrencyCode });
export type HouseCurrencyInput = Static<typeof HouseCurrencyInput>;

/** One member's part of a split; `value` is ignored in equal mode. */
export const SplitPart = Type.Object({
  user_id: UserId,
  value: Type.Number({ minimum: 0, maximum: AMOUNT_MINOR_MAX }),
});
export type SplitPart = Static<typeof SplitPart>;

/**
 * How an amount is shared: equally (values ignored), by shares (above 0, up to 2 decimals), by
 * percentages (up to 2 decimals, summing to 100) or by exact amounts (whole minor units summing to the
 * amount). Leftover minor units go to members in the order `parts` lists them.
 */
export const Split = Type.Object({
  mode: SplitMode,
  parts: Type.Array(SplitPart, { minItems: 1, maxItems: SPLIT_PARTS_MAX }),
});
export type Split = Static<typeof Split>;

export const Portion = Type.Object({ user_id: Type.Integer(), amount_minor: Type.Integer() });
export type Portion = Static<typeof Portion>;

export const Expense = Type.Object({
  expense_id: Type.Integer(),
  title: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  paid_by: Type.Integer(),
  spent_on: Type.String(),
  category: ExpenseCategory,
  note: Type.Union([Type.String(), Type.Null()]),
  receipt_img: Type.Union([Type.String(), Type.Null()]),
  split: Split,
  /** Computed by the server from the split; they add up to amount_minor exactly. */
  portions: Type.Array(Portion),
  recurring_id: Type.Union([Type.Integer(), Type.Null()]),
  created_by: Type.Integer(),
  created_at: Type.String(),
});
export type Expense = Static<typeof Expense>;

/** POST /api/expense/ and PUT /api/expense/{expense_id}; the title is trimmed and must not be blank. */
export const ExpenseInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: EXPENSE_TITLE_MAX }),
  amount_minor: AmountMinor,
  paid_by: UserId,
  spent_on: DateOnly,
  category: ExpenseCategory,
  note: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: EXPENSE_NOTE_MAX })])),
  receipt_img: Type.Optional(Type.Union([Type.Null(), ImageDataUrl])),
  split: Split,
});
export type ExpenseInput = Static<typeof ExpenseInput>;

/** A page cursor: the last row's date and id, as `YYYY-MM-DD.<id>`; the next page is older. */
export const PageCursor = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}\\.\\d{1,10}$', maxLength: 21 });

/** GET /api/expense/: newest first (by date, then id); `from` and `to` are inclusive dates. */
export const ExpenseQuery = Type.Object({
  member: Type.Optional(UserId),
  category: Type.Optional(ExpenseCategory),
  from: Type.Optional(DateOnly),
  to: Type.Optional(DateOnly),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX })),
  before: Type.Optional(PageCursor),
});
export type ExpenseQuery = Static<typeof ExpenseQuery>;

export const ExpensePage = Type.Object({
  expenses: Type.Array(Expense),
  /** Pass as `before` to read the next (older) page; null on the last page. */
  next_before: Type.Union([PageCursor, Type.Null()]),
});
export type ExpensePage = Static<typeof ExpensePage>;

export const ExpenseIdParams = Type.Object({ expense_id: IdParam });

/** GET /api/balance/: net_minor = paid_minor - share_minor (positive: is owed money). */
export const MemberBalance = Type.Object({
  user_id: Type.Integer(),
  paid_minor: Type.Integer(),
  share_minor: Type.Integer(),
  net_minor: Type.Integer(),
});
export type MemberBalance = Static<typeof MemberBalance>;

export const Transfer = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  amount_minor: Type.Integer(),
});
export type Transfer = Static<typeof Transfer>;

/** Someone named in the house's bills: a member, or a former member who still has amounts. */
export const BillPerson = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  in_house: Type.Boolean(),
});
export type BillPerson = Static<typeof BillPerson>;

export const Balance = Type.Object({
  currency: Type.Union([Type.String(), Type.Null()]),
  /** Every member (zeros included) and every former member who still has amounts. */
  members: Type.Array(MemberBalance),
  /** Names for everyone in `members`, members first. */
  people: Type.Array(BillPerson),
  /** The fewest payments that clear every balance. */
  settle: Type.Array(Transfer),
});
export type Balance = Static<typeof Balance>;

/** A payment counts as paid by `from` and owed by `to`. */
export const Payment = Type.Object({
  payment_id: Type.Integer(),
  from: Type.Integer(),
  to: Type.Integer(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  paid_on: Type.String(),
  created_by: Type.Integer(),
  created_at: Type.String(),
});
export type Payment = Static<typeof Payment>;

export const PaymentInput = Type.Object({
  from: UserId,
  to: UserId,
  amount_minor: AmountMinor,
  paid_on: DateOnly,
});
export type PaymentInput = Static<typeof PaymentInput>;

export const PaymentQuery = Type.Object({
  member: Type.Optional(UserId),
  from: Type.Optional(DateOnly),
  to: Type.Optional(DateOnly),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX })),
  before: Type.Optional(PageCursor),
});
export type PaymentQuery = Static<typeof PaymentQuery>;

export const PaymentPage = Type.Object({
  payments: Type.Array(Payment),
  next_before: Type.Union([PageCursor, Type.Null()]),
});
export type PaymentPage = Static<typeof PaymentPage>;

export const PaymentIdParams = Type.Object({ payment_id: IdParam });

/**
 * When a recurring bill falls due: every `interval` weeks or years from its start, or every `interval`
 * months on `month_day` (a day of the month, clamped to shorter months, or 'last'). `month_day` is only
 * read for months; null there means the start date's day.
 */
export const Repeat = Type.Object({
  every: RepeatUnit,
  interval: Type.Integer({ minimum: 1, maximum: REPEAT_INTERVAL_MAX }),
  // Null first: the validator would otherwise coerce null to 0 for the integer.
  month_day: Type.Union([Type.Null(), Type.Literal('last'), Type.Integer({ minimum: 1, maximum: 31 })]),
});
export type Repeat = Static<typeof Repeat>;

export const RecurringExpenseInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: EXPENSE_TITLE_MAX }),
  amount_minor: AmountMinor,
  paid_by: UserId,
  category: ExpenseCategory,
  split: Split,
  repeat: Repeat,
  starts_on: Type.String({
    pattern: DATE_PATTERN,
    maxLength: 10,
    description: `YYYY-MM-DD, at most ${RECURRING_START_PAST_YEARS} year(s) before and ${RECURRING_START_FUTURE_YEARS} year(s) after today in the house's time zone (an edit may keep the bill's own start).`,
  }),
  ends_on: Type.Union([Type.Null(), DateOnly]),
});
export type RecurringExpenseInput = Static<typeof RecurringExpenseInput>;

export const RecurringExpense = Type.Object({
  recurring_id: Type.Integer(),
  title: Type.String(),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  paid_by: Type.Integer(),
  category: ExpenseCategory,
  split: Split,
  repeat: Repeat,
  starts_on: Type.String(),
  ends_on: Type.Union([Type.String(), Type.Null()]),
  /** The next date an expense will be created on; null once the end date has passed. */
  next_on: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.Integer(),
  created_at: Type.String(),
});
export type RecurringExpense = Static<typeof RecurringExpense>;

export const RecurringExpenseList = Type.Array(RecurringExpense);
export type RecurringExpenseList = Static<typeof RecurringExpenseList>;

export const RecurringIdParams = Type.Object({ id: IdParam });

/** POST /api/grocery-list/{id}/purchase: the list's ticked items become one expense and leave the list. */
export const PurchaseInput = Type.Object({
  amount_minor: AmountMinor,
  paid_by: UserId,
  split: Split,
  title: Type.Optional(Type.String({ minLength: 1, maxLength: EXPENSE_TITLE_MAX })),
  spent_on: Type.Optional(DateOnly),
});
export type PurchaseInput = Static<typeof PurchaseInput>;

/**
 * POST /api/expense/import: a Splitwise CSV export. Each person column is matched to the member named in
 * `people`, or else to the member whose full name or username equals it (case-insensitive).
 */
export const ExpenseImportInput = Type.Object({
  csv: Type.String({ minLength: 1, maxLength: IMPORT_CSV_MAX }),
  people: Type.Optional(
    Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), user_id: UserId }), {
      maxItems: SPLIT_PARTS_MAX,
    }),
  ),
});
export type ExpenseImportInput = Static<typeof ExpenseImportInput>;

export const ExpenseImportResult = Type.Object({
  expenses: Type.Integer(),
  payments: Type.Integer(),
  /** Rows left out, with the 1-based line number and why. */
  skipped: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })),
});
export type ExpenseImportResult = Static<typeof ExpenseImportResult>;

/** GET /api/expense/spending: totals per month (YYYY-MM) and category, oldest month first. */
export const SpendingQuery = Type.Object({ from: Type.Optional(DateOnly), to: Type.Optional(DateOnly) });
export type SpendingQuery = Static<typeof SpendingQuery>;
export const SpendingRow = Type.Object({
  month: Type.String(),
  category: ExpenseCategory,
  amount_minor: Type.Integer(),
});
export const Spending = Type.Object({
  currency: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Array(SpendingRow),
});
export type Spending = Static<typeof Spending>;

export const BILL_ACTIVITY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export const BILL_ACTIVITY_SUBJECTS = ['expense', 'payment', 'recurring'] as const;

/** One line of the house's bills activity log: who did what to which expense, payment or recurring bill. */
export const BillActivity = Type.Object({
  activity_id: Type.Integer(),
  /** Null when the server made the change itself (a recurring bill falling due). */
  actor: Type.Union([Type.Integer(), Type.Null()]),
  action: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
  subject: Type.Union([Type.Literal('expense'), Type.Literal('payment'), Type.Literal('recurring')]),
  subject_id: Type.Integer(),
  title: Type.String(),
  amount_minor: Type.Integer(),
  at: Type.String(),
});
export type BillActivity = Static<typeof BillActivity>;

export const BillActivityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_LIMIT_MAX })),
  before: Type.Optional(IdParam),
});
export type BillActivityQuery = Static<typeof BillActivityQuery>;
export const BillActivityPage = Type.Object({
  activity: Type.Array(BillActivity),
  next_before: Type.Union([Type.Integer(), Type.Null()]),
});
export type BillActivityPage = Static<typeof BillActivityPage>;

const digitsByCurrency = new Map<string, number>();

/**
 * Digits after the decimal point in a currency's minor unit (JPY 0, EUR 2, KWD 3), as Intl knows it. Kept
 * per currency: building the formatter that knows it costs far more than asking it.
 */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}
