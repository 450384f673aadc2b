import type { CalendarSubscription } from '@hearth/contract';

/**
 * The server keeps only a hash of a subscription secret, so its links come once, in the answer that made
 * them. This browser remembers them for the member, per user, so the Subscribe panel can show them again.
 */
export interface StoredLink {
  subscription_id: number;
  https_url: string;
  webcal_url: string;
}

const key = (userId: number) => `hearth.calendar-link.${userId}`;

export function rememberLink(userId: number, subscription: CalendarSubscription): void {
  if (!subscription.https_url || !subscription.webcal_url) return;
  const stored: StoredLink = {
    subscription_id: subscription.subscription_id,
    https_url: subscription.https_url,
    webcal_url: subscription.webcal_url,
  };
  try {
    localStorage.setItem(key(userId), JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the links just are not remembered.
  }
}

/** The links of this subscription if this browser saw them made; null otherwise. */
export function recallLink(userId: number, subscription: CalendarSubscription): StoredLink | null {
  if (subscription.https_url && subscription.webcal_url) {
    return {
      subscription_id: subscription.subscription_id,
      https_url: subscription.https_url,
      webcal_url: subscription.webcal_url,
    };
  }
  try {
    const raw = localStorage.getItem(key(userId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredLink>;
    return stored.subscription_id === subscription.subscription_id &&
      typeof stored.https_url === 'string' &&
      typeof stored.webcal_url === 'string'
      ? (stored as StoredLink)
      : null;
  } catch {
    return null;
  }
}
