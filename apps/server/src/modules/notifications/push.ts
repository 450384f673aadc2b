import type { OutgoingHttpHeaders } from 'node:http';
import type { PushPayload } from '@hearth/contract';
import webpush from 'web-push';
import { OutboundError, type OutboundPolicy, outboundFetch } from '../../lib/outbound/index.js';
import type { VapidKeys } from './secrets.js';

/*
 * Web Push (RFC 8291 payload encryption, RFC 8292 VAPID) with web-push: it builds the encrypted request,
 * and the request itself goes through the server's one outbound guard (public https addresses only,
 * checked again as it connects), so a push endpoint can never make the server reach inward. VAPID headers
 * are signed once per push service per hour instead of once per message.
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { ok: true }
  /** gone: the subscription no longer exists (404/410); retry: try again later (429/5xx/network). */
  | { ok: false; gone: boolean; retry: boolean; retryAfterMs: number | null; error: string };

/** How long a push service keeps an undelivered message (a day: a reminder a day late is still worth it). */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;
const VAPID_REUSE_MS = 60 * 60 * 1000;
/** A push service's answer is a status and perhaps a short error text. */
const MAX_ANSWER_BYTES = 64 * 1024;

export class PushSender {
  private readonly vapidCache = new Map<string, { header: string; until: number }>();

  constructor(
    private readonly vapid: VapidKeys,
    private readonly subject: string,
    private readonly policy: OutboundPolicy,
  ) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  private vapidHeader(audience: string): string {
    const now = Date.now();
    const cached = this.vapidCache.get(audience);
    if (cached && cached.until > now) return cached.header;
    // Valid for 12 h (the most VAPID allows is 24 h); reused for one.
    const expiration = Math.floor(now / 1000) + 12 * 3600;
    const headers = webpush.getVapidHeaders(
      audience,
      this.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      expiration,
    );
    this.vapidCache.set(audience, { header: headers.Authorization, until: now + VAPID_REUSE_MS });
    return headers.Authorization;
  }

  /** Sends one message; `topic` (at most 32 base64url characters) lets the push service replace a repeat. */
  async send(target: PushTarget, payload: PushPayload, topic: string): Promise<PushOutcome> {
    let url: URL;
    try {
      url = new URL(target.endpoint);
    } catch {
      return { ok: false, gone: true, retry: false, retryAfterMs: null, error: 'endpoint is not a URL' };
    }
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      // No vapidDetails (and no global ones are ever set): the cached VAPID header goes in as it is.
      {
        TTL: TTL_SECONDS,
        topic,
        urgency: 'normal',
        headers: { Authorization: this.vapidHeader(`${url.protocol}//${url.host}`) },
      },
    );
    let status: number;
    let retryAfterText: string | string[] | undefined;
    try {
      const answer = await outboundFetch(url, this.policy, {
        method: 'POST',
        headers: details.headers as OutgoingHttpHeaders,
        body: details.body as Buffer | null,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
        // A push service answers where it was asked (RFC 8030); a redirect is a failure, not followed.
        maxRedirects: 0,
      });
      status = answer.status;
      retryAfterText = answer.headers['retry-after'];
    } catch (err) {
      const reason = err instanceof OutboundError ? err.reason : 'network';
      const message = err instanceof Error ? err.message : String(err);
      // A refused address never becomes reachable: the subscription is dropped. Network trouble is retried.
      const refused = reason === 'refused';
      const retry = reason === 'network' || reason === 'timeout';
      return {
        ok: false,
        gone: refused,
        retry,
        retryAfterMs: null,
        error: `push failed (${reason}): ${message}`,
      };
    }
    if (status >= 200 && status < 300) return { ok: true };
    const retryAfter = Number(retryAfterText);
    return {
      ok: false,
      gone: status === 404 || status === 410,
      retry: status === 429 || status >= 500,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
      error: `push service answered ${status}`,
    };
  }
}
