import type { FastifyBaseLogger } from 'fastify';
import { logDatabaseFailure } from '../../lib/db-errors.js';
import type { ExternalCalendarsService } from './service.js';

/** How often each instance looks for calendars that fell due (each is fetched every 30 minutes). */
export const REFRESH_TICK_MS = 60_000;

/**
 * The loop inside each server that fetches outside calendars when they fall due. The schedule is the
 * `next_fetch_at` of each row, claimed by one instance at a time, so nothing is fetched twice and nothing
 * is lost when an instance stops; a run that fails is logged and the next one tries again.
 */
export class RefreshLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly service: ExternalCalendarsService,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = REFRESH_TICK_MS,
  ) {}

  start(): void {
    this.stopped = false;
    const loop = () => {
      this.running = this.service
        .refreshDue()
        .catch((err) => logDatabaseFailure(this.log, err, 'outside calendar refresh failed'))
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
