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
  /** 'en' or 'de'; null follows the browser. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the person moved into their current house; null outside a house (older rows: profile creation). */
  joined_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Set when the account was deleted: the row stays as an anonymous "Former member" so the house's
   * records keep their author, with no identity, contact details or photo left in it.
   */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface HousesTable {
  house_id: Generated<number>;
  house_name: string;
  house_img: string | null;
  house_code: string;
  created_by: number;
  /** The house's IANA time zone (what house-wide dates are counted in). */
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: string;
}

/** A request to remove a member, waiting for a second member to confirm it. */
export interface MemberRemovalsTable {
  house_id: number;
  user_id: number;
  requested_by: number;
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

/**
 * Every table, by name. This file holds the core tables (people, houses, the built-in provider's);
 * each module adds its own from its `tables.ts` by extending this interface (declaration merging).
 */
export interface Database {
  users: UsersTable;
  houses: HousesTable;
  idp_payloads: IdpPayloadsTable;
  idp_accounts: IdpAccountsTable;
  idp_secrets: IdpSecretsTable;
  member_removals: MemberRemovalsTable;
  rate_limits: RateLimitsTable;
}

/** One fixed window of attempts for one digest key; `reset_at` is epoch milliseconds. */
export interface RateLimitsTable {
  limit_key: string;
  hits: number;
  reset_at: string | number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type HouseRow = Selectable<HousesTable>;
