import http from 'node:http';
import https from 'node:https';
import type { PushPayload } from '@hearth/contract';
import webpush from 'web-push';
import { guardedLookup, literalAllowed } from './endpoint-guard.js';
import type { VapidKeys } from './secrets.js';

/*
 * Web Push (RFC 8291 payload encryption, RFC 8292 VAPID) with web-push: it builds the encrypted request,
 * and the request itself goes through node:http(s) with a lookup that refuses local and private addresses,
 * so a push endpoint can never make the server reach inward. VAPID headers are signed once per push
 * service per hour instead of once per message.
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

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export class PushSender {
  private readonly vapidCache = new Map<string, { header: string; until: number }>();

  constructor(
    private readonly vapid: VapidKeys,
    private readonly subject: string,
    private readonly allowInsecure: boolean,
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
    const protocol = url.protocol as 'http:' | 'https:';
    const allowedProtocol = protocol === 'https:' || (protocol === 'http:' && this.allowInsecure);
    if (!allowedProtocol || !literalAllowed(url, this.allowInsecure)) {
      return { ok: false, gone: true, retry: false, retryAfterMs: null, error: 'endpoint address refused' };
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
    return new Promise<PushOutcome>((resolve) => {
      const request = (protocol === 'https:' ? https : http).request(
        url,
        {
          method: 'POST',
          headers: details.headers as http.OutgoingHttpHeaders,
          agent: agents[protocol],
          lookup: guardedLookup(protocol, this.allowInsecure),
          timeout: TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve({ ok: true });
          const retryAfter = Number(response.headers['retry-after']);
          resolve({
            ok: false,
            gone: status === 404 || status === 410,
            retry: status === 429 || status >= 500,
            retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
            error: `push service answered ${status}`,
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service timed out')));
      request.on('error', (err: NodeJS.ErrnoException) => {
        const refused = err.code === 'EHEARTHREFUSED';
        resolve({ ok: false, gone: refused, retry: !refused, retryAfterMs: null, error: err.message });
      });
      request.end(details.body as Buffer | null);
    });
  }
}
