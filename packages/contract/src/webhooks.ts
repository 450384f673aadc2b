import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How many webhooks one house may have. */
export const WEBHOOKS_PER_HOUSE_MAX = 20;
/** How many deliveries the log shows. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 50;

/** A webhook as listed: the signing secret is shown only when it is made. */
export const Webhook = Type.Object({
  webhook_id: Type.Integer(),
  url: Type.String(),
  /** Event types (see HOUSE_EVENT_TYPES). */
  events: Type.Array(Type.String()),
  description: Type.String(),
  enabled: Type.Boolean(),
  created_by: Type.Integer(),
  /** UTC ISO-8601. */
  created_at: Type.String(),
  /** Why it was switched off by Hearth (it kept failing), null otherwise. */
  disabled_reason: Type.Union([Type.Literal('failing'), Type.Null()]),
});
export type Webhook = Static<typeof Webhook>;

/** The answer to POST /api/webhook/: the only time the secret (`whsec_` + base64) appears. */
export const NewWebhook = Type.Object({
  webhook_id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.String(),
  secret: Type.String(),
  enabled: Type.Boolean(),
  created_by: Type.Integer(),
  created_at: Type.String(),
});
export type NewWebhook = Static<typeof NewWebhook>;

/** POST /api/webhook/. */
export const WebhookInput = Type.Object({
  url: Type.String({ maxLength: WEBHOOK_URL_MAX }),
  events: Type.Array(Type.String({ maxLength: 60 }), { maxItems: 100 }),
  description: Type.Optional(Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX })),
});
export type WebhookInput = Static<typeof WebhookInput>;

/** PUT /api/webhook/{webhook_id}: what is sent changes. */
export const WebhookUpdate = Type.Object({
  url: Type.Optional(Type.String({ maxLength: WEBHOOK_URL_MAX })),
  events: Type.Optional(Type.Array(Type.String({ maxLength: 60 }), { maxItems: 100 })),
  description: Type.Optional(Type.String({ maxLength: WEBHOOK_DESCRIPTION_MAX })),
  enabled: Type.Optional(Type.Boolean()),
});
export type WebhookUpdate = Static<typeof WebhookUpdate>;

export const WebhookList = Type.Array(Webhook);
export type WebhookList = Static<typeof WebhookList>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One entry of a webhook's delivery log. */
export const WebhookDelivery = Type.Object({
  /** The `webhook-id` header: the same on every try. */
  delivery_id: Type.String(),
  event: Type.String(),
  /** When the change happened (UTC ISO-8601). */
  created_at: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('sending'),
    Type.Literal('delivered'),
    Type.Literal('failed'),
  ]),
  /** The HTTP status of the last try; null when none answered. */
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  attempts: Type.Integer(),
  /** When the last try was made. */
  last_attempt_at: Type.Union([Type.String(), Type.Null()]),
  /** When the next try is due; null when none is coming. */
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  /** What went wrong last (a network error, the status), null when nothing did. */
  last_error: Type.Union([Type.String(), Type.Null()]),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookDeliveryList = Type.Array(WebhookDelivery);
export type WebhookDeliveryList = Static<typeof WebhookDeliveryList>;

export const WebhookIdParams = Type.Object({ webhook_id: IdParam });
export type WebhookIdParams = Static<typeof WebhookIdParams>;
