import { webcrypto } from 'node:crypto';
import type { NotificationAction, NotificationKind } from '@hearth/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/errors.js';

/*
 * Signed, expiring, single-purpose links (HS256 JWTs with jose): an email's one-click unsubscribe, and a
 * push's action button. Each purpose has its own audience, so one can never be used as the other.
 */

const ISSUER = 'hearth-notifications';
const UNSUBSCRIBE = 'hearth:unsubscribe';
const ACTION = 'hearth:notification-action';

export const UNSUBSCRIBE_TTL_SECONDS = 60 * 24 * 3600;
export const ACTION_TTL_SECONDS = 7 * 24 * 3600;

export const linkInvalid = () =>
  new AppError(
    400,
    'link_invalid',
    'This link is not valid any more. Open Hearth to change your notifications.',
  );

export interface UnsubscribeClaims {
  userId: number;
  kind: NotificationKind;
}

export interface ActionClaims {
  userId: number;
  action: NotificationAction;
  /** The task or reminder. */
  sourceId: number;
  /** The occurrence the notification was about (UTC ISO). */
  dueAt: string;
}

/** Unsubscribe links are made once per person and kind for this long (each email need not sign anew). */
const UNSUBSCRIBE_REUSE_MS = 60 * 60 * 1000;

export class LinkSigner {
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly unsubscribeLinks = new Map<string, { token: string; until: number }>();

  constructor(
    secret: Uint8Array,
    private readonly clock: () => Date = () => new Date(),
  ) {
    // Imported once: handing jose the raw bytes would import them again for every signature.
    this.key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  private async sign(audience: string, userId: number, claims: Record<string, unknown>, ttlSeconds: number) {
    const now = Math.floor(this.clock().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(String(userId))
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(await this.key);
  }

  private async verify(token: string, audience: string) {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience,
        algorithms: ['HS256'],
        currentDate: this.clock(),
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || userId < 1) throw linkInvalid();
      return { payload, userId };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JOSEError) throw linkInvalid();
      throw err;
    }
  }

  async unsubscribeToken(userId: number, kind: NotificationKind): Promise<string> {
    const key = `${userId}:${kind}`;
    const now = this.clock().getTime();
    const cached = this.unsubscribeLinks.get(key);
    if (cached && cached.until > now && cached.until - now <= UNSUBSCRIBE_REUSE_MS) return cached.token;
    const token = await this.sign(UNSUBSCRIBE, userId, { kind }, UNSUBSCRIBE_TTL_SECONDS);
    if (this.unsubscribeLinks.size > 50_000) this.unsubscribeLinks.clear();
    this.unsubscribeLinks.set(key, { token, until: now + UNSUBSCRIBE_REUSE_MS });
    return token;
  }

  async readUnsubscribe(token: string): Promise<UnsubscribeClaims> {
    const { payload, userId } = await this.verify(token, UNSUBSCRIBE);
    const kind = payload.kind;
    if (kind !== 'reminders' && kind !== 'tasks' && kind !== 'bills' && kind !== 'house') throw linkInvalid();
    return { userId, kind };
  }

  actionToken(claims: ActionClaims): Promise<string> {
    return this.sign(
      ACTION,
      claims.userId,
      { act: claims.action, src: claims.sourceId, due: claims.dueAt },
      ACTION_TTL_SECONDS,
    );
  }

  async readAction(token: string, action: NotificationAction): Promise<ActionClaims> {
    const { payload, userId } = await this.verify(token, ACTION);
    // Single purpose: a Snooze token cannot mark a task done, nor the other way round.
    if (payload.act !== action || typeof payload.src !== 'number' || typeof payload.due !== 'string') {
      throw linkInvalid();
    }
    return { userId, action, sourceId: payload.src, dueAt: payload.due };
  }
}
