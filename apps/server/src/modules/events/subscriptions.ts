import { createHash, randomBytes } from 'node:crypto';
import type { CalendarSubscription } from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { houseRequired } from '../../lib/errors.js';
import type { SubscriptionsRepository } from './subscription-repository.js';
import type { CalendarSubscriptionRow } from './tables.js';

/** 256 random bits, URL-safe: never guessable, and nothing like the access token. */
export function newSubscriptionSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the secret: a leaked table gives no working links. */
export function hashSubscriptionSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function feedPath(houseId: number): string {
  return `/api/event/house/${houseId}/calendar.ics`;
}

/** The subscription link in the two forms calendar apps take: https:// and webcal://. */
export function subscriptionUrls(publicUrl: string, houseId: number, secret: string) {
  const https = `${publicUrl}${feedPath(houseId)}?token=${encodeURIComponent(secret)}`;
  return { https_url: https, webcal_url: https.replace(/^https?:/, 'webcal:') };
}

const subscribeNeedsHouse = () =>
  houseRequired('You need to join a house before subscribing to its calendar.');

/**
 * Each member's private calendar link for Google Calendar, Apple Calendar, Thunderbird and phones. One per
 * member; rotating revokes the old one at once. The link is shown only in the answer that made it.
 */
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly membership: Membership,
    private readonly publicUrl: string,
  ) {}

  private member(identity: Identity) {
    return this.membership.house(identity, subscribeNeedsHouse);
  }

  private view(row: CalendarSubscriptionRow, secret: string | null): CalendarSubscription {
    const urls = secret ? subscriptionUrls(this.publicUrl, row.house_id, secret) : null;
    return {
      subscription_id: row.subscription_id,
      house_id: row.house_id,
      created_at: row.created_at,
      hint: row.hint,
      https_url: urls?.https_url ?? null,
      webcal_url: urls?.webcal_url ?? null,
    };
  }

  private async make(userId: number, houseId: number, onlyIfNone: boolean) {
    const secret = newSubscriptionSecret();
    const row = await this.subscriptions.replace(
      {
        user_id: userId,
        house_id: houseId,
        token_hash: hashSubscriptionSecret(secret),
        hint: secret.slice(-4),
        created_at: new Date().toISOString(),
      },
      onlyIfNone,
    );
    return row ? this.view(row, secret) : undefined;
  }

  /** The member's link: made on the first request (with its URLs), described without them afterwards. */
  async current(identity: Identity): Promise<CalendarSubscription> {
    const { user, houseId } = await this.member(identity);
    const existing = await this.subscriptions.findByUser(user.user_id);
    if (existing && existing.house_id === houseId) return this.view(existing, null);
    try {
      // A link made in a former house is useless here: replace it.
      const made = await this.make(user.user_id, houseId, existing === undefined);
      if (made) return made;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    // Another request made it a moment ago.
    const row = await this.subscriptions.findByUser(user.user_id);
    if (!row) throw new Error('calendar subscription vanished while being made');
    return this.view(row, null);
  }

  /** Revokes the member's link and makes a new one. */
  async rotate(identity: Identity): Promise<CalendarSubscription> {
    const { user, houseId } = await this.member(identity);
    const made = await this.make(user.user_id, houseId, false);
    if (!made) throw new Error('calendar subscription was not made');
    return made;
  }

  /** Revokes the member's link without a new one. */
  async revoke(identity: Identity): Promise<void> {
    const user = await this.membership.profile(identity);
    await this.subscriptions.deleteByUser(user.user_id);
  }
}
