import type { Generated, Insertable, Selectable } from 'kysely';

/** A person's notification choices; no row: the defaults. */
export interface NotificationSettingsTable {
  user_id: number;
  time_zone: string;
  /** JSON of NotificationChannels. */
  channels: string;
  quiet_start: string | null;
  quiet_end: string | null;
  digest_time: string | null;
  updated_at: string;
}

/** One browser's Web Push subscription. */
export interface PushSubscriptionsTable {
  push_subscription_id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_label: string;
  created_at: string;
}

/** Secrets the server makes once and keeps (VAPID keys, the link-signing key). */
export interface NotificationSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface NotificationPlannerTable {
  name: string;
  planned_until: string;
}

export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'folded' | 'digested' | 'cancelled' | 'failed';

/** One message to one person on one channel (and device): planned, claimed, sent. */
export interface NotificationDeliveriesTable {
  delivery_id: Generated<number>;
  user_id: number;
  kind: string;
  source_id: number;
  due_at: string;
  channel: string;
  target_id: number;
  details: string;
  status: DeliveryStatus;
  send_at: string;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;
export type DeliveryRow = Selectable<NotificationDeliveriesTable>;
export type NewDeliveryRow = Insertable<NotificationDeliveriesTable>;

/** The tables this module adds to the shared Database type. */
export interface NotificationsTables {
  notification_settings: NotificationSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_secrets: NotificationSecretsTable;
  notification_planner: NotificationPlannerTable;
  notification_deliveries: NotificationDeliveriesTable;
}

declare module '../../db/tables.js' {
  interface Database extends NotificationsTables {}
}
