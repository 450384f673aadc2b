import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, poolStats } from '../db/create-db.js';

/*
 * GET /metrics in Prometheus's text format, for operators who scrape their instances. Off unless
 * METRICS_TOKEN is set; then the scraper sends it as a Bearer token. Everything here is per instance:
 * Prometheus adds each target's `instance` label, and sums across them are the deployment's figures.
 */

export type NotificationOutcome = 'sent' | 'failed' | 'retried';

/** What the app's parts count into; one per app, with a registry of its own. */
export class AppMetrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly notifications = new Counter({
    name: 'hearth_notifications_total',
    help: 'Notification deliveries this instance handled, by outcome (sent, failed for good, retried later) and channel',
    labelNames: ['outcome', 'channel'] as const,
    registers: [this.registry],
  });

  readonly cacheHits = new Counter({
    name: 'hearth_response_cache_hits_total',
    help: 'Polled reads answered from the kept answers (a 304 or the kept bytes) without reading the database',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  notification(outcome: NotificationOutcome, channel: string): void {
    this.notifications.inc({ outcome, channel });
  }
}

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  token: string;
  db: Db;
  /** How many live streams are open on this instance. */
  liveStreams: () => number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (digests of equal length), so the answer's timing tells nothing of the token. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), expected);
}

/** Measures every request and serves /metrics to the holder of the token. */
export const metricsPlugin = fp<MetricsPluginOptions>(async (app: FastifyInstance, opts) => {
  const { metrics, db, liveStreams } = opts;
  const expected = digest(opts.token);
  const { registry } = metrics;

  // A callback hook: every request passes it. The route pattern, never the URL (ids would make a series
  // each); requests matching no route share one label.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new Gauge({
    name: 'hearth_db_pool_connections',
    help: 'Database connections of this instance by state (SQLite: its one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = poolStats(db);
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'hearth_db_pool_waiting',
    help: 'Queries waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(poolStats(db).waiting);
    },
  });
  new Gauge({
    name: 'hearth_live_streams_open',
    help: 'Live streams open on this instance',
    registers: [registry],
    collect() {
      this.set(liveStreams());
    },
  });
  new Gauge({
    name: 'hearth_notifications_due',
    help: 'Notification deliveries due now and not yet sent (the whole deployment: read from the database)',
    registers: [registry],
    async collect() {
      try {
        const row = await sql<{ due: number | string }>`
          select count(*) as due from notification_deliveries
          where status in ('pending', 'sending') and send_at <= ${new Date().toISOString()}`.execute(db);
        this.set(Number(row.rows[0]?.due ?? 0));
      } catch {
        // The database is away: the other figures still go out, this one keeps its last value.
      }
    },
  });

  app.get('/metrics', { schema: { hide: true }, compress: false }, async (request, reply: FastifyReply) => {
    if (!tokenMatches(request.headers.authorization, expected)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthorized', message: 'The metrics token is required.' } });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
