import type { Db } from '../../db/create-db.js';
import type { EventRow, EventUpdate, NewEventRow } from './tables.js';

/** An event row with its creator's username. */
export type EventWithCreator = EventRow & { username: string };

/** One row of the feed query: the house's name, and an event (all null when the house has none). */
export interface FeedRow {
  house_name: string;
  event_id: number | null;
  title: string | null;
  description: string | null;
  location: string | null;
  start_datetime: string | null;
  end_datetime: string | null;
  all_day: boolean | number | null;
  start_date: string | null;
  end_date: string | null;
  sequence: number | null;
  time_zone: string | null;
  rrule: string | null;
  exdates: string | null;
  series_id: number | null;
  recurrence_id: string | null;
  created_at: string | null;
  updated_at: string | null;
  user_id: number | null;
  username: string | null;
}

/** Who asks for a feed: a signed-in identity, or the hash of a member's subscription secret. */
export type FeedCaller = { issuer: string; subject: string } | { tokenHash: string };

export class EventsRepository {
  constructor(readonly db: Db) {}

  /** The event, only if it belongs to houseId (one query; a miss says nothing about other houses). */
  findInHouse(eventId: number, houseId: number): Promise<EventWithCreator | undefined> {
    return this.db
      .selectFrom('events')
      .innerJoin('users', 'users.user_id', 'events.user_id')
      .selectAll('events')
      .select('users.username')
      .where('events.event_id', '=', eventId)
      .where('events.house_id', '=', houseId)
      .where('events.series_id', 'is', null)
      .executeTakeFirst();
  }

  /** Runs `work` with a repository bound to one transaction: all of it is written, or none. */
  transaction<T>(work: (events: EventsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new EventsRepository(trx)));
  }

  /**
   * The rows a range needs, in one query: series and one-off events that may occur in [from, to), and
   * every edited occurrence of the house (they replace occurrences wherever they moved to).
   */
  rangeRows(houseId: number, from: string, to: string): Promise<EventWithCreator[]> {
    return this.db
      .selectFrom('events')
      .innerJoin('users', 'users.user_id', 'events.user_id')
      .selectAll('events')
      .select('users.username')
      .where('events.house_id', '=', houseId)
      .where((eb) =>
        eb.or([
          eb('events.series_id', 'is not', null),
          eb.and([eb('events.rrule', 'is not', null), eb('events.start_datetime', '<', to)]),
          eb.and([eb('events.start_datetime', '<', to), eb('events.end_datetime', '>=', from)]),
        ]),
      )
      .orderBy('events.start_datetime')
      .orderBy('events.event_id')
      .execute();
  }

  /** The edited occurrence of a series that replaces the occurrence originally at `recurrenceId`. */
  findOverride(seriesId: number, recurrenceId: string): Promise<EventRow | undefined> {
    return this.db
      .selectFrom('events')
      .selectAll()
      .where('series_id', '=', seriesId)
      .where('recurrence_id', '=', recurrenceId)
      .executeTakeFirst();
  }

  /** Removes the edited occurrence that replaced the one originally at `recurrenceId`, if any. */
  async deleteOverride(seriesId: number, recurrenceId: string): Promise<void> {
    await this.db
      .deleteFrom('events')
      .where('series_id', '=', seriesId)
      .where('recurrence_id', '=', recurrenceId)
      .execute();
  }

  /** Removes a series' edited occurrences from `fromKey` on (all of them without it). */
  async deleteOverrides(seriesId: number, fromKey?: string): Promise<void> {
    let query = this.db.deleteFrom('events').where('series_id', '=', seriesId);
    if (fromKey !== undefined) query = query.where('recurrence_id', '>=', fromKey);
    await query.execute();
  }

  /** Hands a series' edited occurrences from `fromKey` on to another series (a split). */
  async moveOverrides(fromSeries: number, toSeries: number, fromKey: string): Promise<void> {
    await this.db
      .updateTable('events')
      .set({ series_id: toSeries })
      .where('series_id', '=', fromSeries)
      .where('recurrence_id', '>=', fromKey)
      .execute();
  }

  insert(row: NewEventRow): Promise<EventRow> {
    return this.db.insertInto('events').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Updates the event if it is in houseId; false when it is not (or no longer) there. */
  async update(eventId: number, houseId: number, changes: EventUpdate): Promise<boolean> {
    const result = await this.db
      .updateTable('events')
      .set((eb) => ({ ...changes, sequence: eb('sequence', '+', 1) }))
      .where('event_id', '=', eventId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(eventId: number, houseId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('events')
      .where('event_id', '=', eventId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /**
   * The whole feed in ONE query: the house (only if the caller is a member of it now), each event and
   * its creator's username. No rows means no such house for this caller. A subscription counts only for
   * the house it was made in, and only while its member still lives there.
   */
  feedRows(houseId: number, caller: FeedCaller): Promise<FeedRow[]> {
    return this.db
      .selectFrom('houses as h')
      .where('h.house_id', '=', houseId)
      .where((eb) =>
        'tokenHash' in caller
          ? eb.exists(
              eb
                .selectFrom('calendar_subscriptions as s')
                .innerJoin('users as me', 'me.user_id', 's.user_id')
                .select('s.subscription_id')
                .where('s.token_hash', '=', caller.tokenHash)
                .whereRef('s.house_id', '=', 'h.house_id')
                .whereRef('me.house_id', '=', 'h.house_id'),
            )
          : eb.exists(
              eb
                .selectFrom('users as me')
                .select('me.user_id')
                .where('me.issuer', '=', caller.issuer)
                .where('me.subject', '=', caller.subject)
                .whereRef('me.house_id', '=', 'h.house_id'),
            ),
      )
      .leftJoin('events as e', 'e.house_id', 'h.house_id')
      .leftJoin('users as u', 'u.user_id', 'e.user_id')
      .select([
        'h.house_name',
        'e.event_id',
        'e.title',
        'e.description',
        'e.location',
        'e.start_datetime',
        'e.end_datetime',
        'e.all_day',
        'e.start_date',
        'e.end_date',
        'e.sequence',
        'e.time_zone',
        'e.rrule',
        'e.exdates',
        'e.series_id',
        'e.recurrence_id',
        'e.created_at',
        'e.updated_at',
        'e.user_id',
        'u.username',
      ])
      .orderBy('e.start_datetime')
      .orderBy('e.event_id')
      .execute();
  }
}
