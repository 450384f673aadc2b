import type { Updateable } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { ExternalCalendarRow, ExternalCalendarsTable } from './tables.js';

export interface CalendarFields {
  name: string;
  url: string;
  color: string;
  shared: boolean;
}

/** What a fetch leaves behind: a new copy, or only the time and the error. */
export type FetchOutcome =
  | { feed: string; feed_hash: string; etag: string | null; last_modified: string | null; at: string }
  | { unchanged: true; at: string }
  | { error: string };

export class ExternalCalendarsRepository {
  constructor(private readonly db: Db) {}

  /** The house-wide calendars of the house and the user's own there. */
  private visible(houseId: number, userId: number) {
    return this.db
      .selectFrom('external_calendars')
      .where('house_id', '=', houseId)
      .where((eb) => eb.or([eb('shared', '=', 1), eb('user_id', '=', userId)]));
  }

  listVisible(houseId: number, userId: number): Promise<ExternalCalendarRow[]> {
    return this.visible(houseId, userId)
      .selectAll()
      .orderBy('name')
      .orderBy('external_calendar_id')
      .execute();
  }

  findVisible(houseId: number, userId: number, id: number): Promise<ExternalCalendarRow | undefined> {
    return this.visible(houseId, userId)
      .selectAll()
      .where('external_calendar_id', '=', id)
      .executeTakeFirst();
  }

  /** The visible calendars that hold a feed, with it (for the calendar layer). */
  /** The calendars with a kept feed, by the hash of its text: the text itself is read only when needed. */
  async feedsVisible(houseId: number, userId: number) {
    const rows = await this.visible(houseId, userId)
      .select(['external_calendar_id', 'name', 'color', 'feed_hash'])
      .where('feed', 'is not', null)
      .where('feed_hash', 'is not', null)
      .orderBy('external_calendar_id')
      .execute();
    return rows.map((row) => ({ ...row, feed_hash: row.feed_hash ?? '' }));
  }

  /** The kept feed texts of these calendars (those not parsed on this instance yet), each with its hash. */
  async feedTexts(ids: readonly number[]): Promise<{ feed: string; feed_hash: string }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('external_calendars')
      .select(['feed', 'feed_hash'])
      .where('external_calendar_id', 'in', ids)
      .execute();
    return rows.flatMap(({ feed, feed_hash }) =>
      feed === null || feed_hash === null ? [] : [{ feed, feed_hash }],
    );
  }

  async countInHouse(houseId: number): Promise<number> {
    const row = await this.db
      .selectFrom('external_calendars')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('house_id', '=', houseId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(
    houseId: number,
    userId: number,
    fields: CalendarFields,
    now: string,
    nextFetch: string,
  ): Promise<ExternalCalendarRow> {
    return this.db
      .insertInto('external_calendars')
      .values({
        house_id: houseId,
        user_id: userId,
        ...fields,
        // 1/0 reads as a boolean on PostgreSQL too; SQLite keeps integers.
        shared: fields.shared ? 1 : 0,
        feed: null,
        feed_hash: null,
        etag: null,
        last_modified: null,
        last_fetched_at: null,
        last_error: null,
        next_fetch_at: nextFetch,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Changes the fields; a new address forgets the old copy and its validators. */
  async update(id: number, fields: CalendarFields, urlChanged: boolean, now: string): Promise<void> {
    const reset: Updateable<ExternalCalendarsTable> = urlChanged
      ? {
          feed: null,
          feed_hash: null,
          etag: null,
          last_modified: null,
          last_fetched_at: null,
          last_error: null,
          next_fetch_at: now,
        }
      : {};
    await this.db
      .updateTable('external_calendars')
      .set({ ...fields, shared: fields.shared ? 1 : 0, ...reset, updated_at: now })
      .where('external_calendar_id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('external_calendars').where('external_calendar_id', '=', id).execute();
  }

  byId(id: number): Promise<ExternalCalendarRow | undefined> {
    return this.db
      .selectFrom('external_calendars')
      .selectAll()
      .where('external_calendar_id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Records a fetch of the address it was made for: when the address changed meanwhile, nothing is
   * written. A failure keeps the last good copy.
   */
  async recordFetch(id: number, url: string, outcome: FetchOutcome): Promise<void> {
    const set: Updateable<ExternalCalendarsTable> =
      'error' in outcome
        ? { last_error: outcome.error }
        : 'unchanged' in outcome
          ? { last_error: null, last_fetched_at: outcome.at }
          : {
              feed: outcome.feed,
              feed_hash: outcome.feed_hash,
              etag: outcome.etag,
              last_modified: outcome.last_modified,
              last_fetched_at: outcome.at,
              last_error: null,
            };
    await this.db
      .updateTable('external_calendars')
      .set(set)
      .where('external_calendar_id', '=', id)
      .where('url', '=', url)
      .execute();
  }

  /** Ids of calendars due for a fetch. */
  async due(now: string, limit: number): Promise<{ external_calendar_id: number; next_fetch_at: string }[]> {
    return this.db
      .selectFrom('external_calendars')
      .select(['external_calendar_id', 'next_fetch_at'])
      .where('next_fetch_at', '<=', now)
      .orderBy('next_fetch_at')
      .limit(limit)
      .execute();
  }

  /**
   * Claims a due calendar by moving its next fetch on, only if no other instance did first (the schedule
   * value is compared): true for the one instance that gets it.
   */
  async claim(id: number, seen: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('external_calendars')
      .set({ next_fetch_at: next })
      .where('external_calendar_id', '=', id)
      .where('next_fetch_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Moves the next scheduled fetch (after a fetch asked for by a person). */
  async reschedule(id: number, next: string): Promise<void> {
    await this.db
      .updateTable('external_calendars')
      .set({ next_fetch_at: next })
      .where('external_calendar_id', '=', id)
      .execute();
  }
}
