import type { FastifyBaseLogger } from 'fastify';
import { logDatabaseFailure } from '../../lib/db-errors.js';
import type { NotificationsService } from './service.js';

/*
 * The loop inside each server: plan what fell due, then send what may go, every few seconds, so a
 * notification leaves within seconds of its time (well inside a minute). A run that fails (the database
 * is away) is logged and the next one tries again; nothing is lost, as the work is rows in the database.
 */

export const TICK_MS = 3000;

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly service: NotificationsService,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = TICK_MS,
  ) {}

  /** One run: plan, then send until nothing due is left. */
  async tick(clock: () => Date = () => new Date()): Promise<void> {
    const { planner, dispatcher } = await this.service.runtime();
    await planner.run(clock());
    await dispatcher.drain(clock);
  }

  start(): void {
    this.stopped = false;
    const loop = () => {
      this.running = this.tick()
        .catch((err) => logDatabaseFailure(this.log, err, 'notification scheduler run failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) {
            this.timer = setTimeout(loop, this.everyMs);
            this.timer.unref();
          }
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
