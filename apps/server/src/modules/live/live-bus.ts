import { randomBytes } from 'node:crypto';
import type { LiveChange } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type CacheVersions, houseScopeKey, userScopeKey } from '../../core/cache-versions.js';
import type { LiveEvent, LiveHub, LiveScope, LiveSubscriber, LiveSubscription } from '../../core/live.js';
import { databaseErrorSummary, isDatabaseUnavailable } from '../../lib/db-errors.js';

export type { LiveEvent, LiveScope, LiveSubscriber, LiveSubscription } from '../../core/live.js';

/*
 * The house-scoped change stream every feature publishes on.
 *
 * A service that changes shared data calls `live.publish(houseId, change)` after the change is committed
 * (personal data: `live.publishToUser(userId, change)`). The bus hands the message to a transport that
 * reaches every server instance (in process on SQLite, PostgreSQL LISTEN/NOTIFY otherwise); each instance
 * numbers what it receives, keeps the latest messages for resuming streams, and fans them out to the
 * streams of that house or user (GET /api/live, see routes.ts).
 */

/** A message as it travels between instances: a change and whom it is for. */
export interface LiveEnvelope {
  house_id?: number;
  user_id?: number;
  change: LiveChange;
}

/** What a transport calls back into. */
export interface LiveSink {
  deliver(envelope: LiveEnvelope): void;
  /** Messages may have been lost (e.g. the listening connection dropped): every stream must refetch. */
  gap(): void;
}

/** Moves envelopes between the instances of one deployment; every instance, the sender too, gets each one. */
export interface LiveTransport {
  start(sink: LiveSink): Promise<void>;
  /**
   * Sends the envelope. `raise`: kept answers' version counters to raise in the same transaction as the
   * message (given only to a transport that says `raisesVersions`).
   */
  send(envelope: LiveEnvelope, raise?: readonly string[]): Promise<void>;
  /** Whether send raises the counters it is given together with the message: both happen, or neither. */
  readonly raisesVersions?: boolean;
  close(): Promise<void>;
}

/** Waits between attempts to send a message whose first attempt met an unavailable database. */
const SEND_RETRY_DELAYS_MS = [50, 200, 500, 1000];
/** How often messages the database would not take are tried again, and how many wait at most. */
const OUTBOX_RETRY_MS = 1000;
const OUTBOX_LIMIT = 10_000;

interface Entry {
  scope: LiveScope;
  subscriber: LiveSubscriber;
}

const POSITION = /^([a-z0-9]{1,16})-(\d{1,15})-(\d{1,10})$/;

const newEpoch = () => randomBytes(5).toString('hex');

export class LiveBus implements LiveHub {
  /** Changes whenever numbering restarts or messages may have been lost, so old positions force a resync. */
  private epoch = newEpoch();
  private seq = 0;
  private recent: { seq: number; envelope: LiveEnvelope }[] = [];
  private readonly channels = new Map<string, Set<Entry>>();
  private closed = false;
  /** Committed changes no instance has heard of yet: sent, in order, once the database takes them. */
  private outbox: LiveEnvelope[] = [];
  private outboxTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly transport: LiveTransport,
    private readonly log: FastifyBaseLogger,
    private readonly replayLimit = 1000,
    /** Kept answers' version counters, raised before a change goes out (see core/cache-versions.ts). */
    private readonly versions?: Pick<CacheVersions, 'bump' | 'raiseFailed'>,
    /** How long a message is tried again while the database is unavailable, at most. */
    private readonly sendRetryMs = 5000,
  ) {}

  start(): Promise<void> {
    return this.transport.start({ deliver: (e) => this.deliver(e), gap: () => this.gap() });
  }

  publish(houseId: number, change: LiveChange): Promise<void> {
    return this.send({ house_id: houseId, change });
  }

  publishToUser(userId: number, change: LiveChange): Promise<void> {
    return this.send({ user_id: userId, change });
  }

  /**
   * Starts delivering the scope's changes. With the last event id a client saw, the changes it missed are
   * replayed when this instance still has them all; otherwise `resync` tells it to refetch.
   */
  subscribe(scope: LiveScope, subscriber: LiveSubscriber, lastEventId?: string | null): LiveSubscription {
    const entry: Entry = { scope, subscriber };
    const keys = scopeKeys(scope);
    for (const key of keys) {
      const set = this.channels.get(key) ?? new Set<Entry>();
      this.channels.set(key, set);
      set.add(entry);
    }
    const replay = this.replaySince(scope, lastEventId);
    return {
      resync: replay === null,
      replay: replay ?? [],
      position: this.positionNow(scope.houseId),
      unsubscribe: () => {
        for (const key of keys) {
          const set = this.channels.get(key);
          set?.delete(entry);
          if (set?.size === 0) this.channels.delete(key);
        }
      },
    };
  }

  /**
   * Where a stream of this house (null: none) would resume from now: an answer read after this call is
   * at least this new, and whatever changes after it reaches a stream that resumes from it.
   */
  positionNow(houseId: number | null): string {
    return this.position(houseId);
  }

  /** How many streams are open on this instance (for tests and health). */
  get subscriberCount(): number {
    return this.entries().size;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.outboxTimer) clearTimeout(this.outboxTimer);
    this.channels.clear();
    await this.transport.close();
  }

  /**
   * The change is committed when this runs; the message must reach every instance. A pooled connection
   * that the database ended (a restart, pg_terminate_backend) fails the first attempt, so an unavailable
   * database is tried again, on another connection, for a few seconds: otherwise the streams of other
   * instances would never hear of the change (only this instance would know to tell its own to resync).
   */
  private async send(envelope: LiveEnvelope): Promise<void> {
    const keys = envelopeKeys(envelope);
    const together = this.transport.raisesVersions === true && this.versions !== undefined;
    // First, so that whoever refetches on this message, on any instance, gets the answer with the change
    // (a transport that raises them in the message's own transaction does so before it is delivered).
    if (!together) await this.versions?.bump(keys);
    const deadline = Date.now() + this.sendRetryMs;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.transport.send(envelope, together ? keys : []);
        return;
      } catch (err) {
        const wait = SEND_RETRY_DELAYS_MS[Math.min(attempt, SEND_RETRY_DELAYS_MS.length - 1)] ?? 0;
        if (this.closed || !isDatabaseUnavailable(err) || Date.now() + wait > deadline) {
          // No stream hears of it yet: this instance's refetch, and no position from before it is resumed
          // from. Other instances can only hear of it through the database, so it waits there for it.
          this.log.error({ err, change: envelope.change }, 'live message could not be sent');
          if (together) this.versions?.raiseFailed(err, keys);
          this.gap();
          if (!this.closed && isDatabaseUnavailable(err)) this.sendLater(envelope);
          return;
        }
        this.log.warn(
          { database: databaseErrorSummary(err), attempt },
          'live message not sent; trying again',
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private sendLater(envelope: LiveEnvelope): void {
    this.outbox.push(envelope);
    if (this.outbox.length > OUTBOX_LIMIT) {
      const dropped = this.outbox.shift();
      this.log.error({ change: dropped?.change }, 'live message dropped: too many wait for the database');
    }
    this.scheduleOutbox();
  }

  private scheduleOutbox(): void {
    if (this.outboxTimer || this.closed) return;
    this.outboxTimer = setTimeout(() => {
      this.outboxTimer = null;
      void this.flushOutbox();
    }, OUTBOX_RETRY_MS);
    this.outboxTimer.unref();
  }

  private async flushOutbox(): Promise<void> {
    const together = this.transport.raisesVersions === true && this.versions !== undefined;
    for (let envelope = this.outbox[0]; envelope && !this.closed; envelope = this.outbox[0]) {
      const keys = envelopeKeys(envelope);
      try {
        if (!together) await this.versions?.bump(keys);
        await this.transport.send(envelope, together ? keys : []);
        this.outbox.shift();
      } catch (err) {
        if (isDatabaseUnavailable(err)) return this.scheduleOutbox();
        this.log.error({ err, change: envelope.change }, 'live message could not be sent');
        this.outbox.shift();
      }
    }
    if (this.outbox.length === 0) this.log.info('live messages that waited for the database were sent');
  }

  private deliver(envelope: LiveEnvelope): void {
    const seq = ++this.seq;
    this.recent.push({ seq, envelope });
    if (this.recent.length > this.replayLimit) this.recent.shift();
    const targets = new Set<Entry>();
    for (const key of envelopeKeys(envelope)) for (const e of this.channels.get(key) ?? []) targets.add(e);
    for (const entry of targets) {
      try {
        entry.subscriber.change({ id: this.positionNow(entry.scope.houseId), change: envelope.change });
      } catch (err) {
        this.log.warn({ err }, 'live subscriber failed');
      }
    }
  }

  private gap(): void {
    this.epoch = newEpoch();
    this.recent = [];
    for (const entry of this.entries()) {
      try {
        entry.subscriber.resync();
      } catch (err) {
        this.log.warn({ err }, 'live subscriber failed');
      }
    }
  }

  /** Every open stream once (a stream sits in its user's channel and its house's). */
  private entries(): Set<Entry> {
    const all = new Set<Entry>();
    for (const set of this.channels.values()) for (const e of set) all.add(e);
    return all;
  }

  /** `epoch-seq-house`: the house is part of it so a client that moved house refetches. */
  private position(houseId: number | null, seq = this.seq): string {
    return `${this.epoch}-${seq}-${houseId ?? 0}`;
  }

  private replaySince(scope: LiveScope, lastEventId: string | null | undefined): LiveEvent[] | null {
    const match = lastEventId ? POSITION.exec(lastEventId) : null;
    if (!match || match[1] !== this.epoch || Number(match[3]) !== (scope.houseId ?? 0)) return null;
    const since = Number(match[2]);
    const oldestKept = this.recent[0]?.seq ?? this.seq + 1;
    if (since > this.seq || since < oldestKept - 1) return null;
    const wanted = new Set(scopeKeys(scope));
    const out: LiveEvent[] = [];
    for (const { seq, envelope } of this.recent) {
      if (seq <= since || !envelopeKeys(envelope).some((k) => wanted.has(k))) continue;
      out.push({ id: this.position(scope.houseId, seq), change: envelope.change });
    }
    return out;
  }
}

// The same names as the kept answers' version counters.
const houseKey = houseScopeKey;
const userKey = userScopeKey;

/** The channels a stream of this scope listens on. */
function scopeKeys(scope: LiveScope): string[] {
  return [userKey(scope.userId), ...(scope.houseId === null ? [] : [houseKey(scope.houseId)])];
}

function envelopeKeys(envelope: LiveEnvelope): string[] {
  const keys: string[] = [];
  if (envelope.house_id !== undefined) keys.push(houseKey(envelope.house_id));
  if (envelope.user_id !== undefined) keys.push(userKey(envelope.user_id));
  return keys;
}
