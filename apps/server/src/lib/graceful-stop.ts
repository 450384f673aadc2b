import type { FastifyInstance } from 'fastify';

/** An instance asked to stop is gone within this long, whatever it was doing (Docker waits 10 s). */
export const STOP_DEADLINE_MS = 10_000;

/** Shared with the app: true from the stop signal on, so /readyz turns the load balancer away. */
export interface Lifecycle {
  stopping: boolean;
}

export interface StopOptions {
  lifecycle: Lifecycle;
  /** How long to keep serving, not ready, before closing: a load balancer's health checks notice. */
  delayMs: number;
  deadlineMs?: number;
  exit?: (code: number) => void;
}

/**
 * SIGTERM and SIGINT stop the instance gracefully: /readyz says 503 at once, then (after `delayMs`) the
 * listener closes, requests in flight finish, live streams are told to reconnect elsewhere, the scheduler
 * hands its claims back and the database pool closes. Whatever is still running at the deadline is cut
 * off; a second signal exits at once.
 */
export function stopOnSignals(app: FastifyInstance, options: StopOptions): void {
  const { lifecycle, delayMs, deadlineMs = STOP_DEADLINE_MS } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (started) {
      app.log.warn({ signal }, 'stopping now, without waiting');
      exit(1);
      return;
    }
    started = Date.now();
    lifecycle.stopping = true;
    app.log.info({ signal, delayMs }, 'stopping: finishing the requests in flight');
    // A little before the deadline, so the exit itself happens inside it.
    const deadline = setTimeout(() => {
      app.log.error({ elapsedMs: Date.now() - started }, 'did not stop in time; exiting anyway');
      app.server.closeAllConnections();
      exit(1);
    }, deadlineMs - 1500);
    const close = () =>
      app.close().then(
        () => {
          clearTimeout(deadline);
          app.log.info({ elapsedMs: Date.now() - started }, 'stopped');
          exit(0);
        },
        (err: unknown) => {
          clearTimeout(deadline);
          app.log.error({ err }, 'stopping failed');
          exit(1);
        },
      );
    setTimeout(close, Math.max(0, Math.min(delayMs, deadlineMs - 2000)));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
