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

/** A collection's state from its newest change (read from its own table) and its newest tombstone. */
async function collectionState(
  db: Db,
  collection: string,
  lastChange: Promise<{ last: string | null } | undefined>,
): Promise<CollectionState> {
  const [changed, deleted] = await Promise.all([
    lastChange,
    db
      .selectFrom('dav_tombstones')
      .select((eb) => eb.fn.max('tombstone_id').as('last'))
      .where('collection', '=', collection)
      .executeTakeFirst(),
  ]);
  return { lastChange: changed?.last ?? null, lastTombstone: Number(deleted?.last ?? 0) };
}

/** Names deleted from a collection after the tombstone `after`, each once. */
async function tombstonesAfter(db: Db, collection: string, after: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dav_tombstones')
    .select('href_name')
    .where('collection', '=', collection)
    .where('tombstone_id', '>', after)
    .execute();
  return [...new Set(rows.map((r) => r.href_name))];
}

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

  state(houseId: number): Promise<CollectionState> {
    return collectionState(
      this.db,
      houseCollection(houseId),
      this.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('updated_at').as('last'))
        .where('house_id', '=', houseId)
        .executeTakeFirst(),
    );
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
  deletedSince(houseId: number, after: number): Promise<string[]> {
    return tombstonesAfter(this.db, houseCollection(houseId), after);
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

/** A house task as its to-do is made from it. */
export interface TaskObjectRow {
  task_id: number;
  title: string;
  notes: string | null;
  due_at: string;
  completed: boolean | number;
  created_at: string;
  updated_at: string;
  assignee_id: number;
  assignee_username: string;
  assignee_first_name: string;
  href_name: string | null;
  uid: string | null;
  extra: string | null;
}

export const tasksCollection = (houseId: number) => `tasks:${houseId}`;

/** The house's tasks and what CalDAV keeps beside them. */
export class CaldavTasksRepository {
  constructor(private readonly db: Db) {}

  /** Open tasks (a done one-off has left the list), or the given ones, in one query. */
  rows(houseId: number, taskIds?: readonly number[]): Promise<TaskObjectRow[]> {
    if (taskIds && taskIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('tasks as t')
      .innerJoin('users as u', 'u.user_id', 't.assignee_id')
      .leftJoin('dav_task_objects as d', 'd.task_id', 't.task_id')
      .select([
        't.task_id',
        't.title',
        't.notes',
        't.due_at',
        't.completed',
        't.created_at',
        't.updated_at',
        't.assignee_id',
        'u.username as assignee_username',
        'u.first_name as assignee_first_name',
        'd.href_name',
        'd.uid',
        'd.extra',
      ])
      .where('t.house_id', '=', houseId)
      .where('t.completed', '=', 0);
    if (taskIds) query = query.where('t.task_id', 'in', [...taskIds]);
    return query.orderBy('t.due_at').orderBy('t.task_id').execute();
  }

  state(houseId: number): Promise<CollectionState> {
    return collectionState(
      this.db,
      tasksCollection(houseId),
      this.db
        .selectFrom('tasks')
        .select((eb) => eb.fn.max('updated_at').as('last'))
        .where('house_id', '=', houseId)
        .executeTakeFirst(),
    );
  }

  /** Tasks changed at or after `since`, done one-offs included (they are reported as gone). */
  async changedSince(
    houseId: number,
    since: string,
  ): Promise<{ task_id: number; href_name: string | null }[]> {
    return this.db
      .selectFrom('tasks as t')
      .leftJoin('dav_task_objects as d', 'd.task_id', 't.task_id')
      .select(['t.task_id', 'd.href_name'])
      .where('t.house_id', '=', houseId)
      .where('t.updated_at', '>=', since)
      .execute();
  }

  deletedSince(houseId: number, after: number): Promise<string[]> {
    return tombstonesAfter(this.db, tasksCollection(houseId), after);
  }

  /** The task an object name stands for: an app's chosen name, or Hearth's own `task-<id>.ics`. */
  async taskByHref(houseId: number, hrefName: string): Promise<number | undefined> {
    const chosen = await this.db
      .selectFrom('dav_task_objects')
      .select('task_id')
      .where('house_id', '=', houseId)
      .where('href_name', '=', hrefName)
      .executeTakeFirst();
    if (chosen) return chosen.task_id;
    const own = /^task-(\d{1,10})\.ics$/.exec(hrefName);
    if (!own) return undefined;
    const row = await this.db
      .selectFrom('tasks as t')
      .leftJoin('dav_task_objects as d', 'd.task_id', 't.task_id')
      .select(['t.task_id', 'd.href_name'])
      .where('t.task_id', '=', Number(own[1]))
      .where('t.house_id', '=', houseId)
      .executeTakeFirst();
    return row && row.href_name == null ? row.task_id : undefined;
  }

  async taskByUid(houseId: number, uid: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('dav_task_objects')
      .select('task_id')
      .where('house_id', '=', houseId)
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row?.task_id;
  }

  async save(row: {
    task_id: number;
    house_id: number;
    href_name: string | null;
    uid: string | null;
    extra: string;
  }) {
    await this.db
      .insertInto('dav_task_objects')
      .values(row)
      .onConflict((oc) =>
        oc.column('task_id').doUpdateSet({ href_name: row.href_name, uid: row.uid, extra: row.extra }),
      )
      .execute();
  }
}

/** A reminder as its to-do is made from it. */
export interface ReminderObjectRow {
  reminder_id: number;
  title: string;
  description: string | null;
  remind_time: string;
  repeat_interval: string | null;
  time_zone: string;
  created_at: string;
  updated_at: string;
  href_name: string | null;
  uid: string | null;
  extra: string | null;
}

export const remindersCollection = (userId: number) => `reminders:${userId}`;

/** A person's reminders and what CalDAV keeps beside them: always filtered by their owner. */
export class CaldavRemindersRepository {
  constructor(private readonly db: Db) {}

  rows(ownerId: number, reminderIds?: readonly number[]): Promise<ReminderObjectRow[]> {
    if (reminderIds && reminderIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('reminders as r')
      .leftJoin('dav_reminder_objects as d', 'd.reminder_id', 'r.reminder_id')
      .select([
        'r.reminder_id',
        'r.title',
        'r.description',
        'r.remind_time',
        'r.repeat_interval',
        'r.time_zone',
        'r.created_at',
        'r.updated_at',
        'd.href_name',
        'd.uid',
        'd.extra',
      ])
      .where('r.owner_id', '=', ownerId);
    if (reminderIds) query = query.where('r.reminder_id', 'in', [...reminderIds]);
    return query.orderBy('r.remind_time').orderBy('r.reminder_id').execute();
  }

  state(ownerId: number): Promise<CollectionState> {
    return collectionState(
      this.db,
      remindersCollection(ownerId),
      this.db
        .selectFrom('reminders')
        .select((eb) => eb.fn.max('updated_at').as('last'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirst(),
    );
  }

  async changedSince(ownerId: number, since: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('reminders')
      .select('reminder_id')
      .where('owner_id', '=', ownerId)
      .where('updated_at', '>=', since)
      .execute();
    return rows.map((r) => r.reminder_id);
  }

  deletedSince(ownerId: number, after: number): Promise<string[]> {
    return tombstonesAfter(this.db, remindersCollection(ownerId), after);
  }

  async reminderByHref(ownerId: number, hrefName: string): Promise<number | undefined> {
    const chosen = await this.db
      .selectFrom('dav_reminder_objects')
      .select('reminder_id')
      .where('owner_id', '=', ownerId)
      .where('href_name', '=', hrefName)
      .executeTakeFirst();
    if (chosen) return chosen.reminder_id;
    const own = /^reminder-(\d{1,10})\.ics$/.exec(hrefName);
    if (!own) return undefined;
    const row = await this.db
      .selectFrom('reminders as r')
      .leftJoin('dav_reminder_objects as d', 'd.reminder_id', 'r.reminder_id')
      .select(['r.reminder_id', 'd.href_name'])
      .where('r.reminder_id', '=', Number(own[1]))
      .where('r.owner_id', '=', ownerId)
      .executeTakeFirst();
    return row && row.href_name == null ? row.reminder_id : undefined;
  }

  async reminderByUid(ownerId: number, uid: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('dav_reminder_objects')
      .select('reminder_id')
      .where('owner_id', '=', ownerId)
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row?.reminder_id;
  }

  async save(row: {
    reminder_id: number;
    owner_id: number;
    href_name: string | null;
    uid: string | null;
    extra: string;
  }) {
    await this.db
      .insertInto('dav_reminder_objects')
      .values(row)
      .onConflict((oc) =>
        oc.column('reminder_id').doUpdateSet({ href_name: row.href_name, uid: row.uid, extra: row.extra }),
      )
      .execute();
  }
}
