import { type Static, Type } from 'typebox';
import { IdParam, TimeZoneName } from './common.js';

/**
 * Notifications: per-person channels, quiet hours and a digest; Web Push devices; the calls a push's action
 * buttons and an email's one-click unsubscribe make without an access token (they carry a signed token).
 * Request bodies refuse unknown fields with a 400 naming the field (`additionalProperties: false`).
 */

/** What a person can be told about; each kind has its own channels. */
export const NOTIFICATION_KINDS = ['reminders', 'tasks', 'bills', 'house'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationKind = Type.Union([
  Type.Literal('reminders'),
  Type.Literal('tasks'),
  Type.Literal('bills'),
  Type.Literal('house'),
]);

export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NotificationChannel = Type.Union([Type.Literal('push'), Type.Literal('email')]);

/** A wall-clock time in the person's zone, 'HH:MM' from 00:00 to 23:59. */
export const CLOCK_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
export const ClockTime = Type.String({ pattern: CLOCK_TIME_PATTERN });

const ChannelList = Type.Array(NotificationChannel, { maxItems: 2, uniqueItems: true });
/** On input a channel named twice counts once. */
const ChannelListInput = Type.Array(NotificationChannel, { maxItems: 4 });

export const NotificationChannels = Type.Object({
  reminders: ChannelList,
  tasks: ChannelList,
  bills: ChannelList,
  house: ChannelList,
});
export type NotificationChannels = Static<typeof NotificationChannels>;

/** Quiet hours may wrap midnight (22:00-07:00); start equal to end is refused. */
export const QuietHours = Type.Object({ start: ClockTime, end: ClockTime }, { additionalProperties: false });
export type QuietHours = Static<typeof QuietHours>;

/** GET/PUT /api/notification-settings/ answer. */
export const NotificationSettings = Type.Object({
  /** IANA zone the quiet hours and the digest time are read in. */
  time_zone: Type.String(),
  channels: NotificationChannels,
  quiet_hours: Type.Union([QuietHours, Type.Null()]),
  /** The daily digest's time; null: no digest. */
  digest_time: Type.Union([ClockTime, Type.Null()]),
  /** False when the server has no SMTP configured: the email choice is hidden and email is never sent. */
  email_enabled: Type.Boolean(),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/**
 * PUT /api/notification-settings/: every field is optional, a missing one keeps its value (a missing kind in
 * `channels` too). `email_enabled` is accepted and ignored (read-only). Times are checked by the server
 * (400 naming the field, e.g. `quiet_hours.start`).
 */
export const NotificationSettingsInput = Type.Object(
  {
    time_zone: Type.Optional(TimeZoneName),
    channels: Type.Optional(
      Type.Object(
        {
          reminders: Type.Optional(ChannelListInput),
          tasks: Type.Optional(ChannelListInput),
          bills: Type.Optional(ChannelListInput),
          house: Type.Optional(ChannelListInput),
        },
        { additionalProperties: false },
      ),
    ),
    quiet_hours: Type.Optional(
      Type.Union([
        Type.Object(
          { start: Type.String({ maxLength: 16 }), end: Type.String({ maxLength: 16 }) },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
    ),
    // Null first: the validator would otherwise coerce null to an empty string.
    digest_time: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 16 })])),
    email_enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type NotificationSettingsInput = Static<typeof NotificationSettingsInput>;

/** POST /api/notification-settings/test: what was sent right now to each channel you have. */
export const NotificationTestResult = Type.Object({
  /** Devices the test push was delivered to / could not be delivered to (a gone device is removed). */
  push_sent: Type.Integer(),
  push_failed: Type.Integer(),
  /** 'sent', 'failed', or 'off' (no SMTP on the server). */
  email: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('off')]),
});
export type NotificationTestResult = Static<typeof NotificationTestResult>;

/** GET /api/push/public-key: the VAPID public key (base64url, uncompressed P-256 point) for pushManager.subscribe. */
export const PushPublicKey = Type.Object({ public_key: Type.String() });
export type PushPublicKey = Static<typeof PushPublicKey>;

export const DEVICE_LABEL_MAX = 80;
export const PUSH_ENDPOINT_MAX = 2048;

/**
 * POST /api/push-subscription/: the browser's `PushSubscription.toJSON()` plus a label. `keys.p256dh` is 65
 * bytes and `keys.auth` 16 bytes, base64url; the endpoint must be https and never a loopback, private or
 * link-local address. Posting an endpoint again updates that device (it moves to you if another person had
 * it on the same browser). device_label defaults to 'This device'.
 */
export const PushSubscriptionInput = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object(
      { p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) },
      { additionalProperties: false },
    ),
    device_label: Type.Optional(Type.String({ maxLength: DEVICE_LABEL_MAX })),
  },
  { additionalProperties: false },
);
export type PushSubscriptionInput = Static<typeof PushSubscriptionInput>;

export const PushSubscription = Type.Object({
  push_subscription_id: Type.Integer(),
  device_label: Type.String(),
  /** UTC ISO-8601 instant. */
  created_at: Type.String(),
});
export type PushSubscription = Static<typeof PushSubscription>;

/** GET /api/push-subscription/: your own devices, newest first. */
export const PushSubscriptionList = Type.Array(PushSubscription);
export type PushSubscriptionList = Static<typeof PushSubscriptionList>;

/**
 * POST /api/push-subscription/renew (no access token): the service worker's answer to the browser's
 * `pushsubscriptionchange`. The old subscription's endpoint and auth secret (known only to that browser and
 * this server) prove it is the same device; the device keeps its person and label and takes the new endpoint
 * and keys. An unknown endpoint or a wrong secret is a 404 and changes nothing.
 */
export const PushSubscriptionRenewInput = Type.Object(
  {
    old_endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }),
    old_auth: Type.String({ minLength: 1, maxLength: 100 }),
    endpoint: Type.String({ minLength: 1, maxLength: PUSH_ENDPOINT_MAX }),
    keys: Type.Object(
      { p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PushSubscriptionRenewInput = Static<typeof PushSubscriptionRenewInput>;

/** DELETE /api/push-subscription/{push_subscription_id} (someone else's id is a 404). */
export const PushSubscriptionIdParams = Type.Object({ push_subscription_id: IdParam });

/** The buttons a push may carry: Done on a task, Snooze 10 min on a reminder. */
export const NotificationAction = Type.Union([Type.Literal('done'), Type.Literal('snooze')]);
export type NotificationAction = Static<typeof NotificationAction>;

/**
 * What the service worker receives in a push event (JSON, decrypted by the browser). Show it with
 * `registration.showNotification(title, { body, tag, data: payload, actions })`; a click on the body opens
 * `url` (same-origin path); a click on an action POSTs `/api/notification-action` with `action_token`.
 */
export const PushPayload = Type.Object({
  /** The delivery's id; also the push Topic, so a receiver can recognise a repeat. */
  delivery_id: Type.String(),
  kind: Type.Union([NotificationKind, Type.Literal('digest'), Type.Literal('test')]),
  title: Type.String(),
  body: Type.String(),
  /** A path in the app to open, e.g. '/reminders' or '/tasks'. */
  url: Type.String(),
  /** Notification tag: one per item, so a newer push for the same thing replaces the older one. */
  tag: Type.String(),
  actions: Type.Array(Type.Object({ action: NotificationAction, title: Type.String() })),
  /** Present when `actions` is not empty: the signed, expiring, single-purpose token for the action call. */
  action_token: Type.Optional(Type.String()),
  /**
   * Present with `actions`: the notice the worker shows, in the person's language, when an action's call
   * fails (the worker has no catalogue of its own).
   */
  action_failed: Type.Optional(Type.Object({ title: Type.String(), body: Type.String() })),
  /** When the thing fell due (UTC ISO), for the notification's timestamp. */
  due_at: Type.String(),
});
export type PushPayload = Static<typeof PushPayload>;

/**
 * POST /api/notification-action (no access token: the signed token is the credential). `done` completes the
 * task occurrence; `snooze` sends the reminder again in 10 minutes. A tampered, expired or wrong-action token
 * is a 400 with code `link_invalid` and changes nothing.
 */
export const NotificationActionInput = Type.Object(
  { action_token: Type.String({ minLength: 1, maxLength: 4096 }), action: NotificationAction },
  { additionalProperties: false },
);
export type NotificationActionInput = Static<typeof NotificationActionInput>;

export const NotificationActionResult = Type.Object({
  action: NotificationAction,
  /** For snooze: when the reminder comes again (UTC ISO). */
  snoozed_until: Type.Optional(Type.String()),
});
export type NotificationActionResult = Static<typeof NotificationActionResult>;

/** Minutes a Snooze puts a reminder off by. */
export const SNOOZE_MINUTES = 10;

/**
 * POST /api/unsubscribe?token=... (RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click`
 * as a form) or POST /api/unsubscribe with JSON `{ token }` (the /unsubscribe?token=... page's button).
 * No access token. Turns email off for the token's kind; a tampered or expired token is a 400 with code
 * `link_invalid` and changes nothing. The email's link opens the web page /unsubscribe?token=..., which
 * asks before posting (a GET never changes anything).
 */
export const UnsubscribeInput = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  { additionalProperties: false },
);
export type UnsubscribeInput = Static<typeof UnsubscribeInput>;
export const UnsubscribeQuery = Type.Object({
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
});
export const UnsubscribeResult = Type.Object({ kind: NotificationKind });
export type UnsubscribeResult = Static<typeof UnsubscribeResult>;

/** Codes of the notification calls, beside the common ones. */
export const NotificationErrorCode = {
  /** A signed action or unsubscribe token that is tampered, expired or for another purpose. */
  linkInvalid: 'link_invalid',
} as const;
