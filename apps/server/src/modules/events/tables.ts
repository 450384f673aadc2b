import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * A house calendar event. Timed: start/end are UTC ISO instants, dates null. All-day: start_date and
 * end_date (YYYY-MM-DD, end inclusive) are what counts; the instants are 00:00 and 23:59 of those days in
 * time_zone, the zone the dates were picked in.
 */
export interface EventsTable {
  event_id: Generated<number>;
  house_id: number;
  /** The creator. */
  user_id: number;
  title: string;
  description: string | null;
  location: string | null;
  start_datetime: string;
  end_datetime: string;
  /** boolean on PostgreSQL, 0/1 on SQLite: write 0/1 (both accept it), read with Boolean(). */
  all_day: ColumnType<boolean | number, number, number>;
  start_date: string | null;
  end_date: string | null;
  time_zone: string;
  /** Bumped on every change: the feed's SEQUENCE, so calendar apps notice edits. */
  sequence: ColumnType<number, number | undefined, number>;
  /** RFC 5545 RRULE value (no "RRULE:"), counted in time_zone; null for a one-off event. */
  rrule: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the original starts (UTC ISO) of removed occurrences. */
  exdates: ColumnType<string, string | undefined, string>;
  /** An edited occurrence: its series, and the original start of the occurrence it replaces. */
  series_id: ColumnType<number | null, number | null | undefined, number | null>;
  recurrence_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A member's personal feed link (house events, their tasks, bills due, their reminders): a hash only. */
export interface PersonalFeedLinksTable {
  user_id: number;
  token_hash: string;
  hint: string;
  created_at: string;
}

/** A member's calendar subscription link: only the SHA-256 of its secret is kept. One per member. */
export interface CalendarSubscriptionsTable {
  subscription_id: Generated<number>;
  user_id: number;
  house_id: number;
  token_hash: string;
  /** The secret's last characters, so people can tell links apart. */
  hint: string;
  created_at: string;
}

export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Insertable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type CalendarSubscriptionRow = Selectable<CalendarSubscriptionsTable>;

/** The tables this module adds to the shared Database type. */
export interface EventsTables {
  events: EventsTable;
  calendar_subscriptions: CalendarSubscriptionsTable;
  personal_feed_links: PersonalFeedLinksTable;
}

declare module '../../db/tables.js' {
  interface Database extends EventsTables {}
}
