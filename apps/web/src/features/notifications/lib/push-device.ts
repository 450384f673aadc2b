import type { PushSubscriptionInput } from '@hearth/contract';

/*
 * Web Push on this browser: whether it can, what the person allowed, and the subscription made through
 * Hearth's service worker. Which of the server's devices is this browser is remembered here (the list the
 * server gives holds no endpoints).
 */

export type PushPermission = NotificationPermission | 'unsupported';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

const THIS_DEVICE = 'hearth.push-device';

/** The id the server gave this browser's subscription, if it has one. */
export function thisDeviceId(): number | null {
  const id = Number(localStorage.getItem(THIS_DEVICE));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberThisDevice(id: number): void {
  localStorage.setItem(THIS_DEVICE, String(id));
}

export function forgetThisDevice(): void {
  localStorage.removeItem(THIS_DEVICE);
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why this browser could not be set up: each has its own sentence on the page. */
export type PushSetupProblem = 'denied' | 'dismissed' | 'unsupported' | 'no-worker' | 'subscribe-failed';

export class PushSetupError extends Error {
  readonly problem: PushSetupProblem;
  constructor(problem: PushSetupProblem, cause?: unknown) {
    super(`Push setup failed: ${problem}`, { cause });
    this.name = 'PushSetupError';
    this.problem = problem;
  }
}

/** Hearth's service worker; a browser without one (blocked, or a development build) would wait forever. */
async function registration(timeoutMs: number): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError('no-worker')), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's current subscription through Hearth's worker, or null. */
export async function currentSubscription(timeoutMs = 3000): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  try {
    return await (await registration(timeoutMs)).pushManager.getSubscription();
  } catch {
    return null;
  }
}

/** Asks for permission (call it straight from the click: browsers only ask during one). */
export async function askPermission(): Promise<void> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  const answer = await Notification.requestPermission();
  if (answer === 'denied') throw new PushSetupError('denied');
  if (answer !== 'granted') throw new PushSetupError('dismissed');
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * Subscribes this browser with the server's VAPID key (a subscription made with another key is replaced)
 * and returns what the server stores. Permission must have been given.
 */
export async function subscribe(
  publicKey: string,
  timeoutMs = 10_000,
): Promise<{ subscription: PushSubscription; input: Omit<PushSubscriptionInput, 'device_label'> }> {
  const reg = await registration(timeoutMs);
  const key = base64UrlToBytes(publicKey);
  let subscription: PushSubscription;
  try {
    const existing = await reg.pushManager.getSubscription();
    if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
    subscription =
      existing && sameKey(existing.options.applicationServerKey, key)
        ? existing
        : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    throw new PushSetupError('subscribe-failed', err);
  }
  const json = subscription.toJSON();
  return {
    subscription,
    input: {
      endpoint: json.endpoint ?? subscription.endpoint,
      ...(json.expirationTime !== undefined && { expirationTime: json.expirationTime }),
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  };
}
