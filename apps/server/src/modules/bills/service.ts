import {
  type Balance,
  type BillActivityPage,
  type BillActivityQuery,
  BillsErrorCode,
  EXPENSE_NOTE_MAX,
  EXPENSE_TITLE_MAX,
  type Expense,
  type ExpenseImportInput,
  type ExpenseImportResult,
  type ExpenseInput,
  type ExpensePage,
  type ExpenseQuery,
  type HouseCurrency,
  type LiveChange,
  PAGE_LIMIT_DEFAULT,
  type Payment,
  type PaymentInput,
  type PaymentPage,
  type PaymentQuery,
  type PurchaseInput,
  RECURRING_START_FUTURE_YEARS,
  RECURRING_START_PAST_YEARS,
  type RecurringExpense,
  type RecurringExpenseInput,
  type Spending,
  type SpendingQuery,
  type Split,
} from '@hearth/contract';
import type { HouseEvents } from '../../core/house-events.js';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { HouseMember, Membership } from '../../core/membership.js';
import { conflict, houseRequired, notFound, validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { pauses } from '../../lib/pauses.js';
import { optionalText, requiredText } from '../../lib/text.js';
import { memberBalances } from './balances.js';
import { csvPages } from './csv-export.js';
import { isKnownCurrency } from './money.js';
import { dayAfter, nextOccurrence, parseDate, todayIn, yearsBefore } from './recurrence.js';
import type { RecurringRunner } from './recurring-runner.js';
import type { BillsRepository, ExpenseValues, ListFilter } from './repository.js';
import { settleUp } from './settle-up.js';
import { computePortions } from './split.js';
import { readSplitwiseCsv, readTextCell, SplitwiseCsvWriter } from './splitwise-csv.js';

/** Rows of a Splitwise import written together (a few statements), with a pause between batches. */
const IMPORT_BATCH = 50;

const billsNeedHouse = () => houseRequired('You need to join a house before using bills.');
const expenseNotFound = () => notFound('Expense');
const paymentNotFound = () => notFound('Payment');
const recurringNotFound = () => notFound('Recurring expense');

/** A YYYY-MM-DD that names a real day, or a 400 naming the field. */
function checkDate(value: string, field: string): string {
  if (!parseDate(value)) throw validationError(field, `${field} must be a real date, YYYY-MM-DD.`);
  return value;
}

/*
 * The rules of each kind of money record that need no database, in one place: the routes' service and
 * the house import both call them, so a value one refuses the other refuses too.
 */

/** A house currency: an ISO 4217 code this runtime knows. */
export function checkCurrency(currency: string, field = 'currency'): string {
  if (!isKnownCurrency(currency)) {
    throw validationError(field, `${field} must be an ISO 4217 code such as EUR, USD or JPY.`);
  }
  return currency;
}

/** An expense's title, date and note, and its portions (the split must add up to the amount). */
export function checkExpense(
  input: Pick<ExpenseInput, 'title' | 'amount_minor' | 'spent_on' | 'split'> & { note?: string | null },
) {
  return {
    title: requiredText(input.title, 'title', EXPENSE_TITLE_MAX),
    spent_on: checkDate(input.spent_on, 'spent_on'),
    note: optionalText(input.note, 'note', EXPENSE_NOTE_MAX),
    portions: computePortions(input.amount_minor, input.split),
  };
}

/** A payment's date, between two different people. */
export function checkPayment(input: Pick<PaymentInput, 'from' | 'to' | 'paid_on'>): void {
  checkDate(input.paid_on, 'paid_on');
  if (input.from === input.to) throw validationError('to', 'to must be someone other than from.');
}

/** A recurring bill's title, its dates in order, and a split that works for its amount. */
export function checkRecurring(input: RecurringExpenseInput): { title: string } {
  const title = requiredText(input.title, 'title', EXPENSE_TITLE_MAX);
  checkDate(input.starts_on, 'starts_on');
  if (input.ends_on !== null) {
    checkDate(input.ends_on, 'ends_on');
    if (input.ends_on < input.starts_on)
      throw validationError('ends_on', 'ends_on must not be before starts_on.');
  }
  computePortions(input.amount_minor, input.split);
  return { title };
}

function cursorOf(text: string | undefined): ListFilter['before'] {
  if (!text) return undefined;
  const [date = '', id = ''] = text.split('.');
  return { date: checkDate(date, 'before'), id: Number(id) };
}

/**
 * The house's shared money. Every member may record, change and delete expenses and payments; anyone else
 * gets 404 for every id. Rules are checked before anything is written, every write that touches several
 * rows is one transaction, and every change is logged in the house's activity and published live.
 */
export class BillsService {
  constructor(
    private readonly bills: BillsRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly recurring: RecurringRunner,
    private readonly houseEvents: HouseEvents,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Today in the house's time zone: the day an expense without a date is spent on. */
  private async houseToday(houseId: number): Promise<string> {
    return todayIn(await this.bills.houseTimeZone(houseId), this.clock());
  }

  private member(identity: Identity) {
    return this.membership.house(identity, billsNeedHouse);
  }

  private publish(houseId: number, actorId: number, change: Omit<LiveChange, 'kind' | 'actor_id'>) {
    return this.live.publish(houseId, { kind: 'bills', ...change, actor_id: actorId });
  }

  /** The house currency; money cannot be recorded before it is chosen. */
  private async requireCurrency(houseId: number): Promise<string> {
    const currency = await this.bills.currency(houseId);
    if (!currency) {
      throw conflict(BillsErrorCode.currencyRequired, 'Choose the house currency first.', 'currency');
    }
    return currency;
  }

  // --- currency ---

  async currency(identity: Identity, houseId: number): Promise<HouseCurrency> {
    await this.membership.ofHouse(identity, houseId);
    const currency = await this.bills.currency(houseId);
    // Told up front, so a page offers a change only while it can succeed.
    return { currency, locked: currency !== null && (await this.bills.hasMoney(houseId)) };
  }

  async setCurrency(identity: Identity, houseId: number, currency: string): Promise<HouseCurrency> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    checkCurrency(currency);
    const { changed, locked } = await this.bills.transaction(async (repo) => {
      const current = await repo.currency(houseId);
      const hasMoney = current !== null && (await repo.hasMoney(houseId));
      if (current === currency) return { changed: false, locked: hasMoney };
      if (hasMoney) {
        throw conflict(
          BillsErrorCode.currencyLocked,
          'The currency cannot change once the house has recorded money.',
          'currency',
        );
      }
      await repo.setCurrency(houseId, currency);
      return { changed: true, locked: false };
    });
    if (changed)
      await this.publish(houseId, user.user_id, { entity: 'currency', action: 'updated', id: houseId });
    return { currency, locked };
  }

  // --- expenses ---

  /** Checks an expense's fields and computes its portions; throws a 400 naming the first bad field. */
  private async expenseValues(
    houseId: number,
    currency: string,
    input: Omit<ExpenseInput, 'note' | 'receipt_img'> & { note?: string | null; receipt_img?: string | null },
  ): Promise<ExpenseValues> {
    const { title, spent_on, note, portions } = checkExpense(input);
    await this.membership.requireMembers(houseId, [input.paid_by], 'paid_by');
    await this.requireSplitMembers(houseId, input.split);
    const receipt_img = await checkImage(input.receipt_img, 'receipt_img');
    return {
      title,
      amount_minor: input.amount_minor,
      currency,
      paid_by: input.paid_by,
      spent_on,
      category: input.category,
      note,
      receipt_img,
      split: input.split,
      portions,
    };
  }

  private requireSplitMembers(houseId: number, split: Split) {
    return this.membership.requireMembers(
      houseId,
      split.parts.map((p) => p.user_id),
      'split.parts',
    );
  }

  async listExpenses(identity: Identity, query: ExpenseQuery): Promise<ExpensePage> {
    const { houseId } = await this.member(identity);
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    if (query.from) checkDate(query.from, 'from');
    if (query.to) checkDate(query.to, 'to');
    const expenses = await this.bills.expenses(houseId, {
      member: query.member,
      category: query.category,
      from: query.from,
      to: query.to,
      before: cursorOf(query.before),
      limit,
    });
    const last = expenses.at(-1);
    return {
      expenses,
      next_before: expenses.length === limit && last ? `${last.spent_on}.${last.expense_id}` : null,
    };
  }

  async createExpense(identity: Identity, input: ExpenseInput): Promise<Expense> {
    const { user, houseId } = await this.member(identity);
    const currency = await this.requireCurrency(houseId);
    const values = await this.expenseValues(houseId, currency, input);
    const expense = await this.bills.transaction(async (repo) => {
      const expenseId = await repo.insertExpense(houseId, values, user.user_id);
      await repo.logActivity(houseId, this.activity(user, 'created', 'expense', expenseId, values));
      return this.announceExpense(repo, houseId, user, 'expense.created', expenseId);
    });
    await this.publish(houseId, user.user_id, {
      entity: 'expense',
      action: 'created',
      id: expense.expense_id,
    });
    return expense;
  }

  async updateExpense(identity: Identity, expenseId: number, input: ExpenseInput): Promise<Expense> {
    const { user, houseId } = await this.member(identity);
    // The id first: another house's expense is a 404 whatever the body says.
    if (!(await this.bills.expense(houseId, expenseId))) throw expenseNotFound();
    const currency = await this.requireCurrency(houseId);
    const values = await this.expenseValues(houseId, currency, input);
    const expense = await this.bills.transaction(async (repo) => {
      if (!(await repo.updateExpense(houseId, expenseId, values))) throw expenseNotFound();
      await repo.logActivity(houseId, this.activity(user, 'updated', 'expense', expenseId, values));
      return this.announceExpense(repo, houseId, user, 'expense.updated', expenseId);
    });
    await this.publish(houseId, user.user_id, { entity: 'expense', action: 'updated', id: expenseId });
    return expense;
  }

  async deleteExpense(identity: Identity, expenseId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    await this.bills.transaction(async (repo) => {
      const row = await repo.deleteExpense(houseId, expenseId);
      if (!row) throw expenseNotFound();
      await repo.logActivity(
        houseId,
        this.activity(user, 'deleted', 'expense', expenseId, {
          title: row.title,
          amount_minor: Number(row.amount_minor),
        }),
      );
      await this.houseEvents.emit(houseId, user, 'expense.deleted', { expense_id: expenseId }, repo.db);
    });
    await this.publish(houseId, user.user_id, { entity: 'expense', action: 'deleted', id: expenseId });
  }

  /** Reads the expense as the API answers it and announces it, in the change's own transaction. */
  private async announceExpense(
    repo: BillsRepository,
    houseId: number,
    user: HouseMember['user'],
    type: 'expense.created' | 'expense.updated',
    expenseId: number,
  ): Promise<Expense> {
    const expense = await repo.expense(houseId, expenseId);
    if (!expense) throw expenseNotFound();
    await this.houseEvents.emit(houseId, user, type, expense, repo.db);
    return expense;
  }

  private activity(
    user: HouseMember['user'],
    action: 'created' | 'updated' | 'deleted',
    subject: 'expense' | 'payment' | 'recurring',
    subjectId: number,
    what: { title: string; amount_minor: number },
  ) {
    return {
      actor_id: user.user_id,
      action,
      subject,
      subject_id: subjectId,
      title: what.title,
      amount_minor: what.amount_minor,
    };
  }

  // --- balances, spending, activity ---

  async balance(identity: Identity): Promise<Balance> {
    const { houseId } = await this.member(identity);
    const [currency, memberIds, totals] = await Promise.all([
      this.bills.currency(houseId),
      this.membership.memberIds(houseId),
      this.bills.totals(houseId),
    ]);
    const members = memberBalances(memberIds, totals);
    const people = await this.bills.people(
      houseId,
      members.map((m) => m.user_id).filter((id) => !memberIds.includes(id)),
    );
    return { currency, members, people, settle: settleUp(members) };
  }

  async spending(identity: Identity, query: SpendingQuery): Promise<Spending> {
    const { houseId } = await this.member(identity);
    if (query.from) checkDate(query.from, 'from');
    if (query.to) checkDate(query.to, 'to');
    const [currency, rows] = await Promise.all([
      this.bills.currency(houseId),
      this.bills.spending(houseId, query.from, query.to),
    ]);
    return { currency, rows };
  }

  async activityLog(identity: Identity, query: BillActivityQuery): Promise<BillActivityPage> {
    const { houseId } = await this.member(identity);
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    const activity = await this.bills.activity(houseId, limit, query.before);
    const last = activity.at(-1);
    return { activity, next_before: activity.length === limit && last ? last.activity_id : null };
  }

  // --- payments ---

  async listPayments(identity: Identity, query: PaymentQuery): Promise<PaymentPage> {
    const { houseId } = await this.member(identity);
    const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
    if (query.from) checkDate(query.from, 'from');
    if (query.to) checkDate(query.to, 'to');
    const payments = await this.bills.payments(houseId, {
      member: query.member,
      from: query.from,
      to: query.to,
      before: cursorOf(query.before),
      limit,
    });
    const last = payments.at(-1);
    return {
      payments,
      next_before: payments.length === limit && last ? `${last.paid_on}.${last.payment_id}` : null,
    };
  }

  async createPayment(identity: Identity, input: PaymentInput): Promise<Payment> {
    const { user, houseId } = await this.member(identity);
    const currency = await this.requireCurrency(houseId);
    checkPayment(input);
    await this.membership.requireMembers(houseId, [input.from], 'from');
    await this.membership.requireMembers(houseId, [input.to], 'to');
    const payment = await this.bills.transaction(async (repo) => {
      const created = await repo.insertPayment(houseId, { ...input, currency }, user.user_id);
      await repo.logActivity(
        houseId,
        this.activity(user, 'created', 'payment', created.payment_id, {
          title: 'Payment',
          amount_minor: created.amount_minor,
        }),
      );
      await this.houseEvents.emit(houseId, user, 'payment.created', created, repo.db);
      return created;
    });
    await this.publish(houseId, user.user_id, {
      entity: 'payment',
      action: 'created',
      id: payment.payment_id,
    });
    return payment;
  }

  async deletePayment(identity: Identity, paymentId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    await this.bills.transaction(async (repo) => {
      const payment = await repo.deletePayment(houseId, paymentId);
      if (!payment) throw paymentNotFound();
      await repo.logActivity(
        houseId,
        this.activity(user, 'deleted', 'payment', paymentId, {
          title: 'Payment',
          amount_minor: payment.amount_minor,
        }),
      );
      await this.houseEvents.emit(houseId, user, 'payment.deleted', { payment_id: paymentId }, repo.db);
    });
    await this.publish(houseId, user.user_id, { entity: 'payment', action: 'deleted', id: paymentId });
  }

  // --- recurring bills ---

  /**
   * Checks a recurring bill's fields (the rules an import shares), and that its start lies within
   * RECURRING_START_PAST_YEARS before and RECURRING_START_FUTURE_YEARS after the house's today: its past
   * dates are made at once, so a start in year 1 would make 100,000 expenses. An edit may keep the start
   * the bill already has.
   */
  private async recurringValues(
    houseId: number,
    currency: string,
    input: RecurringExpenseInput,
    keptStart?: string,
  ) {
    const { title } = checkRecurring(input);
    if (input.starts_on !== keptStart) {
      const today = await this.houseToday(houseId);
      const earliest = yearsBefore(today, RECURRING_START_PAST_YEARS);
      const latest = yearsBefore(today, -RECURRING_START_FUTURE_YEARS);
      if (input.starts_on < earliest || input.starts_on > latest) {
        throw validationError(
          'starts_on',
          `starts_on must be between ${earliest} and ${latest} (at most ${RECURRING_START_PAST_YEARS} year back and ${RECURRING_START_FUTURE_YEARS} years ahead).`,
        );
      }
    }
    await this.membership.requireMembers(houseId, [input.paid_by], 'paid_by');
    await this.requireSplitMembers(houseId, input.split);
    return { ...input, title, currency };
  }

  async listRecurring(identity: Identity): Promise<RecurringExpense[]> {
    const { houseId } = await this.member(identity);
    return this.bills.recurringList(houseId);
  }

  async createRecurring(identity: Identity, input: RecurringExpenseInput): Promise<RecurringExpense> {
    const { user, houseId } = await this.member(identity);
    const currency = await this.requireCurrency(houseId);
    const values = await this.recurringValues(houseId, currency, input);
    const next_on = nextOccurrence(values, values.starts_on);
    const created = await this.bills.transaction(async (repo) => {
      const row = await repo.insertRecurring(houseId, { ...values, next_on }, user.user_id);
      await repo.logActivity(houseId, this.activity(user, 'created', 'recurring', row.recurring_id, values));
      return row;
    });
    await this.publish(houseId, user.user_id, {
      entity: 'recurring',
      action: 'created',
      id: created.recurring_id,
    });
    // Dates already past become expenses at once.
    await this.recurring.catchUp(this.clock(), houseId);
    return this.freshRecurring(houseId, created.recurring_id);
  }

  async updateRecurring(
    identity: Identity,
    id: number,
    input: RecurringExpenseInput,
  ): Promise<RecurringExpense> {
    const { user, houseId } = await this.member(identity);
    // The id first: another house's bill is a 404 whatever the body says.
    const stored = (await this.bills.recurringList(houseId)).find((r) => r.recurring_id === id);
    if (!stored) throw recurringNotFound();
    const currency = await this.requireCurrency(houseId);
    const values = await this.recurringValues(houseId, currency, input, stored.starts_on);
    const zone = await this.bills.houseTimeZone(houseId);
    await this.bills.transaction(async (repo) => {
      const current = (await repo.recurringList(houseId)).find((r) => r.recurring_id === id);
      if (!current) throw recurringNotFound();
      // The new rule takes over from where the old one had got to: dates already made are not made again.
      const resumeFrom = current.next_on ?? dayAfter(current.ends_on ?? todayIn(zone, this.clock()));
      const from = resumeFrom > values.starts_on ? resumeFrom : values.starts_on;
      await repo.updateRecurring(houseId, id, { ...values, next_on: nextOccurrence(values, from) });
      await repo.logActivity(houseId, this.activity(user, 'updated', 'recurring', id, values));
    });
    await this.publish(houseId, user.user_id, { entity: 'recurring', action: 'updated', id });
    await this.recurring.catchUp(this.clock(), houseId);
    return this.freshRecurring(houseId, id);
  }

  async deleteRecurring(identity: Identity, id: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    await this.bills.transaction(async (repo) => {
      const row = await repo.deleteRecurring(houseId, id);
      if (!row) throw recurringNotFound();
      await repo.logActivity(houseId, this.activity(user, 'deleted', 'recurring', id, row));
    });
    await this.publish(houseId, user.user_id, { entity: 'recurring', action: 'deleted', id });
  }

  private async freshRecurring(houseId: number, id: number): Promise<RecurringExpense> {
    const row = (await this.bills.recurringList(houseId)).find((r) => r.recurring_id === id);
    if (!row) throw recurringNotFound();
    return row;
  }

  // --- grocery purchase ---

  /** The list's ticked items become one groceries expense and leave the list, in one transaction. */
  async purchase(identity: Identity, listId: number, input: PurchaseInput): Promise<Expense> {
    const { user, houseId } = await this.member(identity);
    const ticked = await this.bills.tickedItems(houseId, listId);
    if (!ticked) throw notFound('Grocery list');
    const currency = await this.requireCurrency(houseId);
    if (ticked.items.length === 0) {
      throw validationError('items', 'Tick the items you bought before recording the purchase.');
    }
    const values = await this.expenseValues(houseId, currency, {
      title: input.title ?? ticked.list_name,
      amount_minor: input.amount_minor,
      paid_by: input.paid_by,
      spent_on: input.spent_on ?? (await this.houseToday(houseId)),
      category: 'groceries',
      note: ticked.items
        .map((i) => i.name)
        .join(', ')
        .slice(0, EXPENSE_NOTE_MAX),
      split: input.split,
    });
    const expense = await this.bills.transaction(async (repo) => {
      const removed = await repo.removeItems(
        listId,
        ticked.items.map((i) => i.id),
      );
      // A housemate changed the list meanwhile: nothing is recorded, so nobody pays for items twice.
      if (removed !== ticked.items.length) {
        throw conflict(
          'list_changed',
          'The list changed while you were recording; check it and try again.',
          'items',
        );
      }
      const expenseId = await repo.insertExpense(houseId, values, user.user_id);
      await repo.logActivity(houseId, this.activity(user, 'created', 'expense', expenseId, values));
      return this.announceExpense(repo, houseId, user, 'expense.created', expenseId);
    });
    await this.publish(houseId, user.user_id, {
      entity: 'expense',
      action: 'created',
      id: expense.expense_id,
      parent_id: listId,
    });
    return expense;
  }

  // --- CSV ---

  /**
   * Every expense and payment as a Splitwise-style CSV, made a page at a time as it is sent: each page is
   * one bounded query (keyset, oldest first) and the event loop is let go between pages, so a big house
   * neither fails on the database's limit of bound values nor holds the server. The checks and the header
   * come first, so a refusal is still an ordinary error answer.
   */
  async exportCsv(identity: Identity): Promise<AsyncIterable<string>> {
    const { houseId } = await this.member(identity);
    const currency = await this.requireCurrency(houseId);
    const people = await this.bills.people(houseId, await this.bills.peopleInMoney(houseId));
    const full = (p: (typeof people)[number]) => `${p.first_name} ${p.last_name}`.trim();
    const counts = new Map<string, number>();
    for (const p of people) counts.set(full(p), (counts.get(full(p)) ?? 0) + 1);
    const writer = new SplitwiseCsvWriter(
      currency,
      // Names must tell people apart, since an import matches columns by name.
      people.map((p) => ({
        user_id: p.user_id,
        name: counts.get(full(p)) === 1 ? full(p) : `${full(p)} (${p.username})`,
      })),
    );
    return csvPages(this.bills, houseId, writer);
  }

  async importCsv(identity: Identity, input: ExpenseImportInput): Promise<ExpenseImportResult> {
    const { user, houseId } = await this.member(identity);
    const currency = await this.requireCurrency(houseId);
    const people = await this.bills.people(houseId, []);
    const mapped = new Map<string, number>();
    for (const [i, p] of (input.people ?? []).entries()) {
      if (!people.some((m) => m.user_id === p.user_id)) {
        throw validationError(
          `people[${i}].user_id`,
          `people[${i}].user_id must name a member of your house.`,
        );
      }
      // Named as the file names them, or as they read once an export's formula guard is taken off.
      mapped.set(readTextCell(p.name.trim()).toLowerCase(), p.user_id);
    }
    const resolve = (name: string) => {
      const key = name.trim().toLowerCase();
      if (mapped.has(key)) return mapped.get(key);
      const match = people.filter(
        (p) =>
          `${p.first_name} ${p.last_name}`.trim().toLowerCase() === key ||
          p.username.toLowerCase() === key ||
          `${p.first_name} ${p.last_name} (${p.username})`.toLowerCase() === key,
      );
      return match.length === 1 ? match[0]?.user_id : undefined;
    };
    const plan = await readSplitwiseCsv(input.csv, currency, resolve);
    const { expenses } = plan;
    // One transaction, so a failed import adds nothing; made and written in batches with the event loop
    // let go between them, so a big file does not hold the server.
    const pause = pauses();
    await this.bills.transaction(async (repo) => {
      for (let from = 0; from < expenses.length; from += IMPORT_BATCH) {
        const batch = expenses.slice(from, from + IMPORT_BATCH).map((e) => ({
          ...e,
          portions: computePortions(e.amount_minor, e.split),
          currency,
          note: null,
          receipt_img: null,
        }));
        const ids = await repo.insertExpenses(houseId, batch, user.user_id);
        await repo.logActivities(
          houseId,
          batch.map((e, i) => this.activity(user, 'created', 'expense', ids[i] as number, e)),
        );
        await pause();
      }
      for (let from = 0; from < plan.payments.length; from += IMPORT_BATCH) {
        const lines = [];
        for (const p of plan.payments.slice(from, from + IMPORT_BATCH)) {
          const created = await repo.insertPayment(houseId, { ...p, currency }, user.user_id);
          lines.push(
            this.activity(user, 'created', 'payment', created.payment_id, {
              title: 'Payment',
              amount_minor: p.amount_minor,
            }),
          );
        }
        await repo.logActivities(houseId, lines);
        await pause();
      }
    });
    if (expenses.length + plan.payments.length > 0) {
      await this.publish(houseId, user.user_id, { entity: 'import', action: 'created', id: houseId });
    }
    return { expenses: expenses.length, payments: plan.payments.length, skipped: plan.skipped };
  }
}
