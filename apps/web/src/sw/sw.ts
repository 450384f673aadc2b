/// <reference lib="webworker" />
/*
 * Hearth's service worker. Offline: every built file is precached, and any page of the app opens from the
 * kept index.html (never the API or the sign-in pages). Push: a message from the server becomes a
 * notification; its buttons (Done, Snooze) call the server with the message's signed token without opening
 * the app, and a tap opens (or focuses) the page it is about.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { actionRequest, renewRequest } from './push-action';
import { type ClickPlan, parsePushMessage, pickWindow, planClick, toNotification } from './push-handling';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once (the app reloads its data itself).
self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/oidc(\/|$)/],
  }),
);

self.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text());
  const max = (Notification as unknown as { maxActions?: number }).maxActions ?? 2;
  const { title, options } = toNotification(message, max);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  const plan = planClick(event.notification.data, event.action);
  event.notification.close();
  event.waitUntil(plan.kind === 'action' ? act(plan) : openPage(plan.url));
});

/** Not in TypeScript's worker lib: the event a browser fires when it replaces a push subscription. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

// The browser replaced this device's subscription (keys rotated, or the old one expired): subscribe again
// if it has not, and tell the server, proving with the old subscription that it is the same device.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(renew(change.oldSubscription, change.newSubscription));
});

async function renew(old: PushSubscription | null, fresh: PushSubscription | null): Promise<void> {
  // Without the old subscription there is nothing to prove the device with; the person enables it again
  // in Settings, and the server drops the old one at its first 404/410.
  if (!old) return;
  const next = fresh ?? (await self.registration.pushManager.subscribe(old.options));
  const request = renewRequest(old.toJSON(), next.toJSON());
  if (!request) return;
  const response = await fetch(request.path, request.init);
  if (!response.ok) console.warn(`renewing the push subscription failed: answered ${response.status}`);
}

/** A button: the server does it; the app stays closed. If it cannot, a notice says so and a tap opens the page. */
async function act(plan: Extract<ClickPlan, { kind: 'action' }>): Promise<void> {
  let problem: string;
  try {
    const { path, init } = actionRequest(plan.token, plan.action);
    const response = await fetch(path, init);
    if (response.ok) return;
    problem = `answered ${response.status}`;
  } catch (err) {
    problem = err instanceof Error ? err.message : String(err);
  }
  // Kept in the worker's console so a failed button can be told apart from one never pressed.
  console.warn(`notification action ${plan.action} failed: ${problem}`);
  await self.registration.showNotification(plan.failure.title, {
    body: plan.failure.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    tag: 'hearth-action-failed',
    data: { url: plan.url, actions: [] },
  });
}

async function openPage(path: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const found = pickWindow(windows, self.location.origin, path);
  if (!found) {
    await self.clients.openWindow(path);
    return;
  }
  // Focusing needs the click's user activation; without it the window is still taken to the page.
  const focused = await found.window.focus().catch(() => found.window);
  if (found.navigate) await focused.navigate(path);
}
