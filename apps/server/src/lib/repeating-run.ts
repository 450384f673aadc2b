import type { FastifyBaseLogger } from 'fastify';
import { logDatabaseFailure } from './db-errors.js';

/** What a background loop runs each time, and how it lets go when the server stops. */
export interface RepeatedWork {
  /** One run over whatever fell due; the rows it claims say what is due, so a run may find nothing. */
  run(): Promise<unknown>;
  /** After the last run has finished: hands back what this instance still holds (optional). */
  release?(): Promise<unknown>;
  /** Asks a run in progress to stop starting new work (optional). */
  interrupt?(): void;
}

/**
 * A loop inside each server: run, wait `everyMs`, again, one run at a time. A failed run (the database is
 * away) is logged and the next one tries again; the schedule itself lives in the database, so nothing
 * is lost when an instance stops between runs.
 */
export class RepeatingRun {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly work: RepeatedWork,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs: number,
    private readonly failure: string,
  ) {}

  start(): void {
    this.stopped = false;
    const loop = () => {
      this.running = this.work
        .run()
        .catch((err) => logDatabaseFailure(this.log, err, this.failure))
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

  /** Stops: a run in progress finishes, then what this instance still holds goes back for another. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.work.interrupt?.();
    await this.running;
    await this.work.release?.().catch((err: unknown) => {
      this.log.warn({ err }, `${this.failure}: claims could not be handed back; they lapse instead`);
    });
  }
}
