import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Instants are stored as UTC ISO-8601 text and calendar dates as YYYY-MM-DD text in both engines, so
 * SQLite and PostgreSQL answer alike and text order is time order. Booleans are integers 0/1 on SQLite.
 */

export interface UsersTable {
  user_id: Generated<number>;
  issuer: string;
  subject: string;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_num: string | null;
  profile_img: string | null;
  house_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface HousesTable {
  house_id: Generated<number>;
  house_name: string;
  house_img: string | null;
  house_code: string;
  created_by: number;
  created_at: string;
}

/** Everything oidc-provider stores (sessions, grants, codes, refresh tokens, interactions). */
export interface IdpPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface IdpAccountsTable {
  account_id: string;
  /** Lower-cased email: one account per address. */
  email: string;
  password_hash: string;
  given_name: string | null;
  family_name: string | null;
  created_at: string;
}

/** The built-in provider's signing keys and cookie secrets, kept so tokens and sessions survive a restart. */
export interface IdpSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  houses: HousesTable;
  idp_payloads: IdpPayloadsTable;
  idp_accounts: IdpAccountsTable;
  idp_secrets: IdpSecretsTable;
  events: EventsTable;
  calendar_subscriptions: CalendarSubscriptionsTable;
  reminders: RemindersTable;
  grocery_lists: GroceryListsTable;
  grocery_items: GroceryItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type HouseRow = Selectable<HousesTable>;

/** A personal reminder; a repeating one is a series starting at remind_time, kept in time_zone. */
export interface RemindersTable {
  reminder_id: Generated<number>;
  owner_id: number;
  title: string;
  description: string | null;
  /** The first occurrence, UTC ISO. */
  remind_time: string;
  /** 'Daily', 'Weekly', 'Monthly' or null. */
  repeat_interval: string | null;
  /** IANA zone whose wall clock the series keeps. */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

export type ReminderRow = Selectable<RemindersTable>;
export type NewReminderRow = Insertable<RemindersTable>;
export type ReminderUpdate = Updateable<RemindersTable>;

/** A house's grocery list; deleting the house deletes it. */
export interface GroceryListsTable {
  grocery_list_id: Generated<number>;
  house_id: number;
  grocery_list_name: string;
  created_by: number | null;
  created_at: string;
}

/** An item of a grocery list; deleting the list deletes it. */
export interface GroceryItemsTable {
  grocery_item_id: Generated<number>;
  grocery_list_id: number;
  grocery_item_name: string;
  /** boolean on PostgreSQL, 0/1 on SQLite: write 0/1 (both accept it), read with Boolean(). */
  completed: ColumnType<boolean | number, number | undefined, number>;
  created_by: number | null;
  created_at: string;
}

export type GroceryItemRow = Selectable<GroceryItemsTable>;

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
  created_at: string;
  updated_at: string;
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
