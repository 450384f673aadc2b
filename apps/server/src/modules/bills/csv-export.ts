import { setImmediate as pause } from 'node:timers/promises';
import type { Expense, Payment } from '@hearth/contract';
import type { BillsRepository, PageKey } from './repository.js';
import type { SplitwiseCsvWriter } from './splitwise-csv.js';

/** Rows read per query: a page's parts are fetched by its expense ids, far below any engine's limit. */
export const EXPORT_PAGE = 200;

/** Reads one table a page at a time, oldest first, and hands its rows over one by one. */
class PagedRows<T> {
  private page: T[] = [];
  private at = 0;
  private after: PageKey | null = null;
  private done = false;

  constructor(
    private readonly read: (after: PageKey | null) => Promise<T[]>,
    private readonly keyOf: (row: T) => PageKey,
  ) {}

  /** The next row without taking it; undefined once the table is read. */
  async peek(): Promise<T | undefined> {
    if (this.at < this.page.length) return this.page[this.at];
    if (this.done) return undefined;
    this.page = await this.read(this.after);
    this.at = 0;
    this.done = this.page.length < EXPORT_PAGE;
    const last = this.page.at(-1);
    if (last) this.after = this.keyOf(last);
    return this.page[0];
  }

  take(): void {
    this.at += 1;
  }
}

/**
 * The CSV of a house, in pieces: the header, then expenses and payments merged by date a page at a time
 * (on the same day expenses come first, as in a one-piece export), then the totals. Between pieces the
 * event loop is let go, so other requests are answered while a big house streams out.
 */
export async function* csvPages(
  bills: BillsRepository,
  houseId: number,
  writer: SplitwiseCsvWriter,
): AsyncGenerator<string> {
  yield writer.header();
  const expenses = new PagedRows<Expense>(
    (after) => bills.expensesAfter(houseId, after, EXPORT_PAGE),
    (e) => ({ date: e.spent_on, id: e.expense_id }),
  );
  const payments = new PagedRows<Payment>(
    (after) => bills.paymentsAfter(houseId, after, EXPORT_PAGE),
    (p) => ({ date: p.paid_on, id: p.payment_id }),
  );
  for (;;) {
    const rows: Parameters<SplitwiseCsvWriter['rows']>[0][number][] = [];
    while (rows.length < EXPORT_PAGE) {
      const [expense, payment] = [await expenses.peek(), await payments.peek()];
      if (expense && (!payment || expense.spent_on <= payment.paid_on)) {
        // Zero portions (a share of nothing) are not written.
        rows.push({
          expense: { ...expense, portions: expense.portions.filter((p) => p.amount_minor !== 0) },
        });
        expenses.take();
      } else if (payment) {
        rows.push({ payment });
        payments.take();
      } else break;
    }
    if (rows.length > 0) yield writer.rows(rows);
    if (rows.length < EXPORT_PAGE) break;
    await pause();
  }
  yield writer.end();
}
