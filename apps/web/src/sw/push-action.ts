import type { NotificationActionInput } from '@hearth/contract';

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
