import { LiveChange } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { Value } from 'typebox/value';
import { raiseVersions } from '../../core/cache-versions.js';
import type { Db } from '../../db/create-db.js';
import { databaseErrorSummary, logDatabaseFailure } from '../../lib/db-errors.js';
import type { LiveEnvelope, LiveSink, LiveTransport } from './live-bus.js';

export interface PgTransportOptions {
  connectionString: string;
  /** The app's pool: NOTIFY goes through it; the schema it works in names the channel. */
  db: Db;
  log: FastifyBaseLogger;
  /** Backoff between reconnect attempts of the listening connection. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** How often the listening connection is checked; a silent network drop is found this way. */
  pingMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY, so every instance on one database sees every instance's changes. NOTIFY goes
 * through the pool, in one statement with the raise of the kept answers' version counters; one dedicated connection LISTENs and is replaced, with backoff, when it drops. While it
 * is down messages are lost, so after each reconnect the sink hears of a gap and streams resync.
 */
export class PgTransport implements LiveTransport {
  private sink: LiveSink | null = null;
  private client: pg.Client | null = null;
  private listenerProcess: number | null = null;
  private channel = '';
  private applicationName = 'hearth-live';
  private closed = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: PgTransportOptions) {}

  /** The channel carries the schema, so deployments (and test runs) sharing a database stay apart. */
  get channelName(): string {
    return this.channel;
  }

  async start(sink: LiveSink): Promise<void> {
    this.sink = sink;
    const { rows } = await sql<{ schema: string; app: string }>`
      select current_schema() as schema, current_setting('application_name') as app
    `.execute(this.opts.db);
    this.channel = channelFor(rows[0]?.schema ?? 'public');
    // Named after the pool's connections, so an operator (or a test) finds all of one deployment's.
    this.applicationName = `${rows[0]?.app || 'hearth'}-live`.slice(0, 63);
    try {
      await this.connect();
    } catch (err) {
      this.opts.log.error({ err }, 'live updates: could not LISTEN on PostgreSQL; retrying');
      this.scheduleReconnect();
    }
  }

  /** The counters are raised in the message's own statement: delivered at its commit, after the raise. */
  readonly raisesVersions = true;

  async send(envelope: LiveEnvelope, raise: readonly string[] = []): Promise<void> {
    const notify = sql`pg_notify(${this.channel}, ${JSON.stringify(envelope)})`.as('sent');
    if (raise.length === 0) await this.opts.db.selectNoFrom(notify).execute();
    else
      await this.opts.db
        .with('raised', (db) => raiseVersions(db, raise))
        .selectNoFrom(notify)
        .execute();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    this.sink = null;
    await client?.end().catch(() => undefined);
  }

  /** The server process of the listening connection, or null while it is down. */
  get listenerPid(): number | null {
    return this.listenerProcess;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      keepAlive: true,
      application_name: this.applicationName,
      query_timeout: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.receive(msg.payload);
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.channel)}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.listenerProcess = rows[0]?.pid ?? null;
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      client.query('select 1').catch((err: unknown) => this.lost(client, err));
    }, this.opts.pingMs ?? 30_000);
    this.pingTimer.unref();
  }

  private lost(client: pg.Client, err?: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.listenerProcess = null;
    if (this.pingTimer) clearInterval(this.pingTimer);
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    // A lost connection is expected when the database restarts: a warning, without a stack.
    const database = err === undefined ? {} : { database: databaseErrorSummary(err) };
    this.opts.log.warn(database, 'live updates: lost the PostgreSQL LISTEN connection; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const min = this.opts.retryMinMs ?? 500;
    const max = this.opts.retryMaxMs ?? 15_000;
    const delay = Math.min(max, min * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => {
          if (!this.closed) {
            this.opts.log.info('live updates: listening on PostgreSQL again');
            this.sink?.gap();
          }
        },
        (err: unknown) => {
          logDatabaseFailure(this.opts.log, err, 'live updates: reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  private receive(payload: string): void {
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload);
    } catch {
      this.opts.log.warn('live updates: ignored a malformed notification');
      return;
    }
    if (!isEnvelope(envelope)) {
      this.opts.log.warn('live updates: ignored a notification of an unknown shape');
      return;
    }
    this.sink?.deliver(envelope);
  }
}

function isEnvelope(value: unknown): value is LiveEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const target = Number.isInteger(v.house_id) || Number.isInteger(v.user_id);
  return target && Value.Check(LiveChange, v.change);
}

/** hearth_live, or hearth_live_<schema> outside the public schema; identifiers stop at 63 bytes. */
export function channelFor(schema: string): string {
  return (schema === 'public' ? 'hearth_live' : `hearth_live_${schema}`).slice(0, 63);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
