import type { NotificationActionInput, PushSubscriptionRenewInput } from '@hearth/contract';

/**
 * The call a notification's button makes: no access token (the worker has none), the push's signed,
 * single-purpose token instead. Only 'done' and 'snooze' exist; anything else never reaches the server.
 */
export function actionRequest(token: string, action: string): { path: string; init: RequestInit } {
  if (action !== 'done' && action !== 'snooze') throw new Error(`Unknown notification action: ${action}`);
  const body: NotificationActionInput = { action_token: token, action };
  return {
    path: '/api/notification-action',
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    },
  };
}

/** What the worker knows of a subscription (PushSubscription.toJSON()). */
export interface SubscriptionJSON {
  endpoint?: string;
  keys?: Record<string, string>;
}

/**
 * The call that moves a device to the subscription the browser replaced it with: the old one's endpoint and
 * auth secret prove it is the same device (the worker has no access token). Null when either subscription
 * lacks what the server needs.
 */
export function renewRequest(
  old: SubscriptionJSON,
  fresh: SubscriptionJSON,
): { path: string; init: RequestInit } | null {
  const oldAuth = old.keys?.auth;
  const p256dh = fresh.keys?.p256dh;
  const auth = fresh.keys?.auth;
  if (!old.endpoint || !oldAuth || !fresh.endpoint || !p256dh || !auth) return null;
  const body: PushSubscriptionRenewInput = {
    old_endpoint: old.endpoint,
    old_auth: oldAuth,
    endpoint: fresh.endpoint,
    keys: { p256dh, auth },
  };
  return {
    path: '/api/push-subscription/renew',
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    },
  };
}
