/*
 * What the service worker does with a push and with a click on its notification, as plain functions (no
 * service-worker globals) so they are tested on their own. The payload is the server's JSON; anything that
 * does not look like it still shows a notification, since a push the person never sees is refused by
 * browsers.
 */

/** A button on a notification: its id (the server's action name) and its label. */
export interface PushAction {
  action: string;
  title: string;
}

/** The part of the server's push payload the worker reads. */
export interface PushMessage {
  title: string;
  body: string;
  /** The page a tap opens (a path of the app). */
  url: string;
  /** Replaces an earlier notification with the same tag instead of stacking up. */
  tag?: string;
  actions: PushAction[];
  /** A signed, single-purpose token that lets an action button work without signing in. */
  action_token?: string;
  /** When the thing fell due (ms since the epoch), shown as the notification's time. */
  timestamp?: number;
  /** The notice shown when a button's call fails, in the person's language (the server writes it). */
  failure?: FailureNotice;
}

export interface FailureNotice {
  title: string;
  body: string;
}

/** What `showNotification` is given, plus the data a click reads back. */
export interface ShownNotification {
  title: string;
  options: {
    body: string;
    tag?: string;
    timestamp?: number;
    icon: string;
    badge: string;
    data: NotificationData;
    actions: PushAction[];
  };
}

export interface NotificationData {
  url: string;
  action_token?: string;
  /** The action names the buttons stand for, so a click on an unknown one opens the page instead. */
  actions: string[];
  failure?: FailureNotice;
}

const ICON = '/icons/icon-192.png';
const FALLBACK: PushMessage = {
  title: 'Hearth',
  body: 'Something needs your attention.',
  url: '/home',
  actions: [],
};

/** Said when a button's call fails and the push carried no words for it (an older server). */
const FAILURE: FailureNotice = { title: "Hearth couldn't do that", body: 'Open Hearth to do it there.' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Only a path of this app is opened: a payload never sends the person to another site. */
export function safePath(url: unknown): string {
  const path = text(url);
  return path?.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/home';
}

/** Reads the push's JSON text; missing or malformed parts fall back to a plain notice that opens Home. */
export function parsePushMessage(data: string | null | undefined): PushMessage {
  if (!data) return FALLBACK;
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    // A plain-text push: its text is the body.
    return { ...FALLBACK, body: data.slice(0, 500) };
  }
  if (!isRecord(raw)) return FALLBACK;
  const actions = Array.isArray(raw.actions)
    ? raw.actions.flatMap((a): PushAction[] =>
        isRecord(a) && text(a.action) && text(a.title)
          ? [{ action: a.action as string, title: a.title as string }]
          : [],
      )
    : [];
  const token = text(raw.action_token);
  const tag = text(raw.tag);
  const due = typeof raw.due_at === 'string' ? Date.parse(raw.due_at) : Number.NaN;
  const failed = isRecord(raw.action_failed) ? raw.action_failed : {};
  const failureTitle = text(failed.title);
  return {
    title: text(raw.title) ?? FALLBACK.title,
    body: typeof raw.body === 'string' ? raw.body : '',
    url: safePath(raw.url),
    ...(tag && { tag }),
    // Buttons need the token to do anything; without one they would only open the page.
    actions: token ? actions : [],
    ...(token && { action_token: token }),
    ...(Number.isFinite(due) && { timestamp: due }),
    ...(failureTitle && {
      failure: { title: failureTitle, body: typeof failed.body === 'string' ? failed.body : '' },
    }),
  };
}

/** The notification for a push message. */
export function toNotification(message: PushMessage, maxActions = 2): ShownNotification {
  const actions = message.actions.slice(0, maxActions);
  return {
    title: message.title,
    options: {
      body: message.body,
      ...(message.tag && { tag: message.tag }),
      ...(message.timestamp !== undefined && { timestamp: message.timestamp }),
      icon: ICON,
      badge: ICON,
      actions,
      data: {
        url: message.url,
        ...(message.action_token && { action_token: message.action_token }),
        actions: actions.map((a) => a.action),
        ...(message.failure && { failure: message.failure }),
      },
    },
  };
}

/** What a click does: call the server's action endpoint (a button), or open the page (a tap). */
export type ClickPlan =
  | { kind: 'action'; action: string; token: string; url: string; failure: FailureNotice }
  | { kind: 'open'; url: string };

export function planClick(data: unknown, action: string): ClickPlan {
  const record = isRecord(data) ? data : {};
  const url = safePath(record.url);
  const token = text(record.action_token);
  const known = Array.isArray(record.actions) && record.actions.includes(action);
  const failed = isRecord(record.failure) ? record.failure : {};
  const failureTitle = text(failed.title);
  const failure = failureTitle
    ? { title: failureTitle, body: typeof failed.body === 'string' ? failed.body : '' }
    : FAILURE;
  if (action && token && known) return { kind: 'action', action, token, url, failure };
  return { kind: 'open', url };
}

/** Of the app's open windows, the one to focus: one already on the page, else any (it then navigates). */
export function pickWindow<T extends { url: string }>(
  windows: readonly T[],
  origin: string,
  path: string,
): { window: T; navigate: boolean } | null {
  const ours = windows.filter((w) => new URL(w.url).origin === origin);
  const exact = ours.find((w) => {
    const u = new URL(w.url);
    return `${u.pathname}${u.search}` === path;
  });
  if (exact) return { window: exact, navigate: false };
  const any = ours[0];
  return any ? { window: any, navigate: true } : null;
}
