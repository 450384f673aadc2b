import type { Generated, Insertable, Selectable } from 'kysely';

/** A house's subscription to its own changes. */
export interface WebhooksTable {
  webhook_id: Generated<number>;
  house_id: number;
  url: string;
  /** JSON array of event types. */
  events: string;
  description: string;
  /** The signing secret as handed out (whsec_ + base64). */
  secret: string;
  /** 0 or 1. */
  enabled: number;
  /** 'failing' when Hearth switched it off; null otherwise. */
  disabled_reason: string | null;
  disabled_at: string | null;
  /** When the first of the failures since the last success happened; null while it works. */
  failing_since: string | null;
  created_by: number;
  created_at: string;
  updated_at: string;
}

/** One announcement to one webhook, sent (and retried) by the scheduler. */
export interface WebhookDeliveriesTable {
  delivery_id: Generated<number>;
  house_id: number;
  webhook_id: number;
  /** The webhook-id header: the same on every try. */
  message_id: string;
  event_type: string;
  /** The body, exactly as signed and sent. */
  payload: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  status_code: number | null;
  last_error: string | null;
  created_at: string;
  /** When the next try is due (null once delivered or failed). */
  send_at: string | null;
  last_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewWebhookDeliveryRow = Insertable<WebhookDeliveriesTable>;

/** The tables this module adds to the shared Database type. */
export interface WebhooksTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

declare module '../../db/tables.js' {
  interface Database extends WebhooksTables {}
}
