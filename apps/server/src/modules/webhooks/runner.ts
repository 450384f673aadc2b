import type { FastifyBaseLogger } from 'fastify';
import { logDatabaseFailure } from '../../lib/db-errors.js';
import type { WebhookDispatcher } from './dispatcher.js';

/** How often each instance looks for deliveries due: a change reaches its receivers within seconds. */
export const WEBHOOK_TICK_MS = 1000;

/**
 * The loop inside each server (when the scheduler is on, NOTIFICATIONS_SCHEDULER): send what is due,
 * wait, again. A failed run (the database is away) is logged; the rows wait for the next one.
 */
export class WebhookRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = WEBHOOK_TICK_MS,
  ) {}

  start(): void {
    this.stopped = false;
    const loop = () => {
      this.running = this.dispatcher
        .drain()
        .catch((err) => logDatabaseFailure(this.log, err, 'webhook delivery run failed'))
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

  /** Stops: tries on the wire finish, then this instance's other claims go back for another to send. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dispatcher.stop();
    await this.running;
    await this.dispatcher.releaseClaims().catch((err: unknown) => {
      this.log.warn({ err }, 'webhook claims could not be handed back; they lapse instead');
    });
  }
}
