import type { FastifyBaseLogger } from 'fastify';
import type { LivePublisher } from '../../core/live.js';
import { logDatabaseFailure } from '../../lib/db-errors.js';
import { dayAfter, nextOccurrence, occurrencesBetween, todayIn } from './recurrence.js';
import type { BillsRepository } from './repository.js';
import { computePortions } from './split.js';

/** Templates handled per transaction; the job loops until none is due. */
const BATCH = 50;

/** The furthest-ahead zone on Earth: no house's today is later than its today. */
const EARLIEST_ZONE = 'Etc/GMT-14';

/**
 * Turns recurring bills into real expenses on their dates. Each run takes the templates with a date due
 * (locked, so another instance on the same PostgreSQL skips them), makes one expense per date up to
 * today in the house's time zone, and moves `next_on` past that day, all in one transaction: a date is
 * made exactly once, however many instances run and however often they restart. Missed dates are caught
 * up on the next run.
 */
export class RecurringRunner {
  constructor(
    private readonly bills: BillsRepository,
    private readonly live: LivePublisher,
    private readonly log: FastifyBaseLogger,
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
        const due = await repo.lockDueRecurring(latestToday, houseId, BATCH, afterId);
        for (const template of due) {
          const from = template.next_on as string;
          const today = todayIn(template.time_zone, now);
          if (from > today) continue;
          for (const date of occurrencesBetween(template, from, today)) {
            // An expense for this date exists when an older version of the job made it and then stopped.
            if (await repo.hasOccurrence(template.recurring_id, date)) continue;
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
            created.push({ house: template.house_id, expenseId });
          }
          await repo.setNextOn(template.recurring_id, nextOccurrence(template, dayAfter(today)));
        }
        return { templates: due.length, lastId: due.at(-1)?.recurring_id ?? afterId, created };
      });
      // Counted once the transaction has committed.
      made += batch.created.length;
      for (const c of batch.created) houses.set(c.house, c.expenseId);
      afterId = batch.lastId;
      if (batch.templates < BATCH) break;
    }
    for (const [house, expenseId] of houses) {
      await this.live.publish(house, { kind: 'bills', entity: 'expense', action: 'created', id: expenseId });
    }
    if (made > 0) this.log.info({ made }, 'recurring bills became expenses');
    return made;
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
