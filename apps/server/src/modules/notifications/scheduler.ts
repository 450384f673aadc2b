import type { FastifyBaseLogger } from 'fastify';
import { logDatabaseFailure } from '../../lib/db-errors.js';
import type { Dispatcher } from './dispatcher.js';
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
  /** The sender of the runs so far (none before the first run has its runtime). */
  private dispatcher: Dispatcher | null = null;

  constructor(
    private readonly service: NotificationsService,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = TICK_MS,
  ) {}

  /** One run: plan, then send until nothing due is left. */
  async tick(clock: () => Date = () => new Date()): Promise<void> {
    const { planner, dispatcher } = await this.service.runtime();
    this.dispatcher = dispatcher;
    if (this.stopped) return;
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

  /**
   * Stops the loop: the run under way sends what is already on the wire and claims nothing more, then
   * this instance's other claims go back to pending, for another instance to send at once.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dispatcher?.stop();
    await this.running;
    const released = await this.dispatcher?.releaseClaims().catch((err: unknown) => {
      this.log.warn({ err }, 'notification claims could not be handed back; they lapse instead');
      return 0;
    });
    if (released) this.log.info({ released }, 'notification claims handed back');
  }
}
