import { randomUUID } from 'node:crypto';
import { WEBHOOK_DELIVERY_LOG_SIZE } from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import { OutboundError, type OutboundPolicy, outboundFetch } from '../../lib/outbound/index.js';
import type { WebhooksRepository } from './repository.js';
import { DISABLE_AFTER_MS, outcome, type TryResult } from './retry.js';
import { signedHeaders } from './signing.js';
import type { WebhookDeliveryRow } from './tables.js';

/*
 * Sends due deliveries. Rows are claimed with a lease (SKIP LOCKED on PostgreSQL), so several instances
 * share the work and a stopped instance's claims are taken over once they lapse: at least once, and every
 * try of a delivery carries its one webhook-id. A receiver gets 10 s to answer.
 */

const BATCH = 10;
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
/** A receiver's answer is not read beyond this. */
const MAX_ANSWER_BYTES = 64 * 1024;
const USER_AGENT = 'Hearth-Webhooks/1';

export interface DispatcherOptions {
  outbound: OutboundPolicy;
  log: FastifyBaseLogger;
}

export class WebhookDispatcher {
  readonly instance = `webhooks-${randomUUID()}`;
  private stopped = false;

  constructor(
    private readonly repo: WebhooksRepository,
    private readonly options: DispatcherOptions,
  ) {}

  /** Sends batches until nothing is due at `clock()`; answers how many tries were made. */
  async drain(clock: () => Date = () => new Date()): Promise<number> {
    let tried = 0;
    while (!this.stopped) {
      const rows = await this.repo.claim(this.instance, clock(), BATCH, LEASE_MS);
      if (rows.length === 0) break;
      await Promise.all(rows.map((row) => this.send(row, clock)));
      tried += rows.length;
    }
    return tried;
  }

  stop(): void {
    this.stopped = true;
  }

  releaseClaims(): Promise<number> {
    return this.repo.releaseClaims(this.instance);
  }

  private async send(row: WebhookDeliveryRow, clock: () => Date): Promise<void> {
    const hook = await this.repo.byId(row.webhook_id);
    const startedAt = clock();
    if (!hook?.enabled) {
      // Switched off after this was announced: not sent, and said so in the log.
      await this.repo.finish(row.delivery_id, this.instance, {
        status: 'failed',
        at: startedAt,
        statusCode: null,
        error: 'webhook disabled',
        next: null,
      });
      return;
    }
    const result = await this.post(hook.url, hook.secret, row, startedAt);
    const now = clock();
    const next = outcome(result, row.attempts, new Date(row.created_at), now);
    const statusCode = 'status' in result ? result.status : null;
    const error = 'error' in result ? result.error : next.kind === 'delivered' ? null : `HTTP ${statusCode}`;
    await this.repo.finish(row.delivery_id, this.instance, {
      status: next.kind === 'retry' ? 'pending' : next.kind,
      at: now,
      statusCode,
      error,
      next: next.kind === 'retry' ? next.at : null,
    });
    // Older finished deliveries than the log shows are not kept.
    if (next.kind !== 'retry') await this.repo.trim(hook.webhook_id, WEBHOOK_DELIVERY_LOG_SIZE);
    if (next.kind === 'delivered') {
      await this.repo.markWorking(hook.webhook_id);
      return;
    }
    const failing = await this.repo.markFailing(hook.webhook_id, now.toISOString());
    if (!failing?.failing_since) return;
    const before = new Date(now.getTime() - DISABLE_AFTER_MS).toISOString();
    if (await this.repo.disableFailing(hook.webhook_id, before, now.toISOString())) {
      this.options.log.warn({ webhook_id: hook.webhook_id }, 'webhook disabled after failing for 3 days');
    }
  }

  private async post(url: string, secret: string, row: WebhookDeliveryRow, at: Date): Promise<TryResult> {
    try {
      const response = await outboundFetch(url, this.options.outbound, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...signedHeaders(secret, row.message_id, at, row.payload),
        },
        body: row.payload,
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: TIMEOUT_MS,
        // A receiver that moved is told by its 3xx, not followed: the body is signed for this URL.
        maxRedirects: 0,
      });
      const retryAfter = response.headers['retry-after'];
      return { status: response.status, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter };
    } catch (err) {
      if (err instanceof OutboundError) {
        // No answer (network, timeout) may be passing; a refused address or a redirect will stay so.
        const retryable = err.reason === 'network' || err.reason === 'timeout';
        return { error: `${err.reason}: ${err.message}`, retryable };
      }
      return { error: err instanceof Error ? err.message : String(err), retryable: true };
    }
  }
}
