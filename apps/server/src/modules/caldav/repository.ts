import type { Db } from '../../db/create-db.js';
import type { FeedRow } from '../events/index.js';

/** An event row as the house calendar's objects are made from it, with what CalDAV keeps beside it. */
export interface HouseObjectRow extends FeedRow {
  event_id: number;
  title: string;
  start_datetime: string;
  end_datetime: string;
  updated_at: string;
  created_at: string;
  user_id: number;
  sequence: number;
  href_name: string | null;
  uid: string | null;
  extra: string | null;
}

/** Where a collection stands: its newest change and its newest deletion. */
export interface CollectionState {
  lastChange: string | null;
  lastTombstone: number;
}

export const houseCollection = (houseId: number) => `house:${houseId}`;

export class CaldavRepository {
  constructor(private readonly db: Db) {}

  /** The house's name and zone. */
  house(houseId: number): Promise<{ house_id: number; house_name: string; time_zone: string } | undefined> {
    return this.db
      .selectFrom('houses')
      .select(['house_id', 'house_name', 'time_zone'])
      .where('house_id', '=', houseId)
      .executeTakeFirst();
  }

  /**
   * The house's events (series, one-offs and changed occurrences) in one query, with the house's name,
   * each creator's username and what CalDAV keeps beside them. `eventIds` narrows it to those series.
   */
  async houseRows(houseId: number, eventIds?: readonly number[]): Promise<HouseObjectRow[]> {
    if (eventIds && eventIds.length === 0) return [];
    let query = this.db
      .selectFrom('events as e')
      .innerJoin('houses as h', 'h.house_id', 'e.house_id')
      .innerJoin('users as u', 'u.user_id', 'e.user_id')
      .leftJoin('dav_objects as d', 'd.event_id', 'e.event_id')
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
        'd.href_name',
        'd.uid',
        'd.extra',
      ])
      .where('e.house_id', '=', houseId);
    if (eventIds) {
      const ids = [...eventIds];
      query = query.where((eb) => eb.or([eb('e.event_id', 'in', ids), eb('e.series_id', 'in', ids)]));
    }
    return query.orderBy('e.start_datetime').orderBy('e.event_id').execute();
  }

  async state(houseId: number): Promise<CollectionState> {
    const [changed, deleted] = await Promise.all([
      this.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('updated_at').as('last'))
        .where('house_id', '=', houseId)
        .executeTakeFirst(),
      this.db
        .selectFrom('dav_tombstones')
        .select((eb) => eb.fn.max('tombstone_id').as('last'))
        .where('collection', '=', houseCollection(houseId))
        .executeTakeFirst(),
    ]);
    return { lastChange: changed?.last ?? null, lastTombstone: Number(deleted?.last ?? 0) };
  }

  /** Series changed at or after `since` (a changed occurrence also touches its series). */
  async changedSince(houseId: number, since: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('events')
      .select('event_id')
      .where('house_id', '=', houseId)
      .where('series_id', 'is', null)
      .where('updated_at', '>=', since)
      .execute();
    return rows.map((r) => r.event_id);
  }

  /** Names deleted after the tombstone `after`. */
  async deletedSince(houseId: number, after: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dav_tombstones')
      .select('href_name')
      .where('collection', '=', houseCollection(houseId))
      .where('tombstone_id', '>', after)
      .execute();
    return [...new Set(rows.map((r) => r.href_name))];
  }

  /** The series a calendar app's object name stands for, if it chose one. */
  async eventByHref(houseId: number, hrefName: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('dav_objects')
      .select('event_id')
      .where('house_id', '=', houseId)
      .where('href_name', '=', hrefName)
      .executeTakeFirst();
    return row?.event_id;
  }

  /** Whether the house holds an event of Hearth's own name for this id, with no app-chosen name. */
  async ownSeries(houseId: number, eventId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('events as e')
      .leftJoin('dav_objects as d', 'd.event_id', 'e.event_id')
      .select(['e.event_id', 'd.href_name'])
      .where('e.event_id', '=', eventId)
      .where('e.house_id', '=', houseId)
      .where('e.series_id', 'is', null)
      .executeTakeFirst();
    return row !== undefined && row.href_name == null;
  }

  /** The series that already carries this UID in the house, if any. */
  async eventByUid(houseId: number, uid: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('dav_objects')
      .select('event_id')
      .where('house_id', '=', houseId)
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row?.event_id;
  }

  /** Keeps (or replaces) what CalDAV holds for one event row. */
  async save(row: {
    event_id: number;
    house_id: number;
    href_name: string | null;
    uid: string | null;
    extra: string;
  }) {
    await this.db
      .insertInto('dav_objects')
      .values(row)
      .onConflict((oc) =>
        oc.column('event_id').doUpdateSet({ href_name: row.href_name, uid: row.uid, extra: row.extra }),
      )
      .execute();
  }
}
