import { NOTIFICATION_KINDS, type NotificationKind } from '@hearth/contract';

/**
 * The kind an unsubscribe link is for, read from the token's payload only to say so on the page before
 * the person confirms. Nothing is trusted here: the server checks the signature and expiry when the button
 * posts it. null when the token cannot be read.
 */
export function kindOfToken(token: string): NotificationKind | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const kind = typeof claims === 'object' && claims !== null ? (claims as { kind?: unknown }).kind : null;
    return (NOTIFICATION_KINDS as readonly unknown[]).includes(kind) ? (kind as NotificationKind) : null;
  } catch {
    return null;
  }
}
