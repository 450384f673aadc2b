import type { ColumnType, Generated, Selectable } from 'kysely';

/** An outside calendar and the last copy of its feed that parsed. */
export interface ExternalCalendarsTable {
  external_calendar_id: Generated<number>;
  house_id: number;
  /** Who added it (a personal one is theirs alone); null once that account is deleted. */
  user_id: number | null;
  name: string;
  /** As given; webcal:// is fetched over https. */
  url: string;
  color: string;
  shared: ColumnType<boolean | number, boolean | number, boolean | number>;
  /** The iCalendar text of the last successful fetch. */
  feed: string | null;
  /** SHA-256 of `feed`: parsed copies are kept per hash, so an instance re-parses only what changed. */
  feed_hash: string | null;
  /** Validators of the last successful fetch, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  last_fetched_at: string | null;
  last_error: string | null;
  /** When the scheduler fetches it next (UTC ISO); moved forward by the instance that claims it. */
  next_fetch_at: string;
  created_at: string;
  updated_at: string;
}
export type ExternalCalendarRow = Selectable<ExternalCalendarsTable>;

/** The tables this module adds to the shared Database type. */
export interface ExternalCalendarsTables {
  external_calendars: ExternalCalendarsTable;
}
declare module '../../db/tables.js' {
  interface Database extends ExternalCalendarsTables {}
}
