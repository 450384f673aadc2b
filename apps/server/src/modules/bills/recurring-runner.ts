import { setImmediate as pause } from 'node:timers/promises';
import { RECURRING_CATCH_UP_YEARS } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type HouseEvents, NO_HOUSE_EVENTS } from '../../core/house-events.js';
import type { LivePublisher } from '../../core/live.js';
import { logDatabaseFailure } from '../../lib/db-errors.js';
import { dayAfter, nextOccurrence, occurrencesBetween, todayIn, yearsBefore } from './recurrence.js';
import type { BillsRepository, DueTemplate } from './repository.js';
import { computePortions } from './split.js';

/** Templates looked at per transaction; the job loops until none is due. */
const TEMPLATES_PER_TRANSACTION = 50;
/**
 * Expenses one transaction makes at most (by default). A bill with more dates due goes on in the next
 * transaction, and the job lets the event loop go between two, so catching up never holds the server.
 */
const EXPENSES_PER_TRANSACTION = 200;

/** The furthest-ahead zone on Earth: no house's today is later than its today. */
const EARLIEST_ZONE = 'Etc/GMT-14';

/**
 * Turns recurring bills into real expenses on their dates. Each run takes the templates with a date due
 * (locked, so another instance on the same PostgreSQL skips them), makes one expense per date up to
 * today in the house's time zone, and moves `next_on` past the dates made, in one transaction: a date is
 * made exactly once, however many instances run and however often they restart. Missed dates are caught
 * up on the next run, back to RECURRING_CATCH_UP_YEARS before today: an older date (a bill imported with
 * a next date long past, a server down for years) is skipped, and the log says which bill skipped what.
 */
export class RecurringRunner {
  constructor(
    private readonly bills: BillsRepository,
    private readonly live: LivePublisher,
    private readonly log: FastifyBaseLogger,
    private readonly expensesPerTransaction = EXPENSES_PER_TRANSACTION,
    private readonly houseEvents: HouseEvents = NO_HOUSE_EVENTS,
  ) {}

  /** Makes every date due by `now` in each house's zone into an expense; returns how many it made. */
  async catchUp(now: Date, houseId?: number): Promise<number> {
    let made = 0;
    let afterId = 0;
    const houses = new Map<number, number>();
    // Candidates are due somewhere on Earth; each is then judged by its own house's today.
    const latestToday = todayIn(EARLIEST_ZONE, now);
    for (;;) {
      const batch = await this.bills.transaction(async (repo) => {
        const created: { house: number; expenseId: number }[] = [];
        const skipped: { recurring_id: number; house_id: number; from: string; until: string }[] = [];
        const due = await repo.lockDueRecurring(latestToday, houseId, TEMPLATES_PER_TRANSACTION, afterId);
        let budget = this.expensesPerTransaction;
        let lastDone = afterId;
        let full = false;
        for (const template of due) {
          const today = todayIn(template.time_zone, now);
          let from = template.next_on as string;
          if (from <= today) {
            const oldest = yearsBefore(today, RECURRING_CATCH_UP_YEARS);
            if (from < oldest) {
              skipped.push({
                recurring_id: template.recurring_id,
                house_id: template.house_id,
                from,
                until: oldest,
              });
              from = oldest;
            }
            const dates = occurrencesBetween(template, from, today);
            for (const date of dates.slice(0, budget)) {
              const expenseId = await this.makeOne(repo, template, date);
              if (expenseId !== null) {
                created.push({ house: template.house_id, expenseId });
                // Made by Hearth, not a person: no actor. Announced in the same transaction.
                const expense = await repo.expense(template.house_id, expenseId);
                if (expense) {
                  await this.houseEvents.emit(template.house_id, null, 'expense.created', expense, repo.db);
                }
              }
            }
            if (dates.length > budget) {
              // The rest in the next transaction: this bill is due again from its first date not made.
              await repo.setNextOn(template.recurring_id, dates[budget] as string);
              full = true;
              break;
            }
            budget -= dates.length;
            await repo.setNextOn(template.recurring_id, nextOccurrence(template, dayAfter(today)));
          }
          lastDone = template.recurring_id;
        }
        return { more: full || due.length === TEMPLATES_PER_TRANSACTION, lastId: lastDone, created, skipped };
      });
      // Counted once the transaction has committed.
      made += batch.created.length;
      for (const c of batch.created) {
        houses.set(c.house, c.expenseId);
      }
      for (const s of batch.skipped) {
        this.log.warn(s, 'recurring bill: dates older than the catch-up window were skipped, not made');
      }
      afterId = batch.lastId;
      if (!batch.more) break;
      await pause();
    }
    for (const [house, expenseId] of houses) {
      await this.live.publish(house, { kind: 'bills', entity: 'expense', action: 'created', id: expenseId });
    }
    if (made > 0) this.log.info({ made }, 'recurring bills became expenses');
    return made;
  }

  /** One date of a bill as an expense; null when an earlier run (of an older version) made it already. */
  private async makeOne(repo: BillsRepository, template: DueTemplate, date: string): Promise<number | null> {
    if (await repo.hasOccurrence(template.recurring_id, date)) return null;
    const portions = computePortions(template.amount_minor, template.split);
    const expenseId = await repo.insertExpense(
      template.house_id,
      { ...template, spent_on: date, note: null, receipt_img: null, portions },
      template.created_by,
      template.recurring_id,
    );
    await repo.logActivity(template.house_id, {
      actor_id: null,
      action: 'created',
      subject: 'expense',
      subject_id: expenseId,
      title: template.title,
      amount_minor: template.amount_minor,
    });
    return expenseId;
  }

  private timer: NodeJS.Timeout | undefined;

  /**
   * Catches up once (awaited, so a started server has made every missed date), then every `everyMs`
   * until stopped. A failed run is logged and tried again at the next tick; it never stops the server.
   */
  async start(everyMs: number, clock: () => Date = () => new Date()): Promise<void> {
    const run = () =>
      this.catchUp(clock()).then(
        () => undefined,
        (err: unknown) => logDatabaseFailure(this.log, err, 'recurring bills run failed'),
      );
    await run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
