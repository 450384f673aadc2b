import type { RepeatInterval } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import { nextOccurrence } from './recurrence.js';

/*
 * Read-only, for the notification scheduler: which reminder occurrences fall due in a span of time, and
 * whether an occurrence still stands (the reminder may have been edited or deleted since it was planned).
 */

export interface DueReminder {
  reminder_id: number;
  owner_id: number;
  title: string;
  description: string | null;
  /** The occurrence, UTC ISO. */
  due_at: string;
  repeat_interval: RepeatInterval | null;
  time_zone: string;
}

/** At most this many occurrences of one series in one span (a server down for months plans no flood). */
const MAX_PER_SERIES = 50;

/** Occurrences of everyone's reminders in (from, to], in two queries. */
export async function remindersDueBetween(db: Db, from: Date, to: Date): Promise<DueReminder[]> {
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const rows = await db
    .selectFrom('reminders')
    .select([
      'reminder_id',
      'owner_id',
      'title',
      'description',
      'remind_time',
      'repeat_interval',
      'time_zone',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('repeat_interval', 'is', null),
          eb('remind_time', '>', fromIso),
          eb('remind_time', '<=', toIso),
        ]),
        eb.and([eb('repeat_interval', 'is not', null), eb('remind_time', '<=', toIso)]),
      ]),
    )
    .orderBy('reminder_id')
    .execute();
  const out: DueReminder[] = [];
  for (const r of rows) {
    const interval = r.repeat_interval as RepeatInterval | null;
    const base = { ...r, repeat_interval: interval };
    if (interval === null) {
      out.push({ ...base, due_at: new Date(r.remind_time).toISOString() });
      continue;
    }
    let after = new Date(from.getTime() + 1);
    for (let n = 0; n < MAX_PER_SERIES; n++) {
      const at = nextOccurrence(r.remind_time, interval, r.time_zone, after);
      if (Date.parse(at) > to.getTime()) break;
      out.push({ ...base, due_at: new Date(at).toISOString() });
      after = new Date(Date.parse(at) + 1);
    }
  }
  return out;
}

/** The occurrence of `reminderId` after `dueAt` (a series' next one), or null for a one-off or a gone reminder. */
export async function nextReminderOccurrence(
  db: Db,
  reminderId: number,
  dueAt: Date,
): Promise<DueReminder | null> {
  const r = await db
    .selectFrom('reminders')
    .select([
      'reminder_id',
      'owner_id',
      'title',
      'description',
      'remind_time',
      'repeat_interval',
      'time_zone',
    ])
    .where('reminder_id', '=', reminderId)
    .executeTakeFirst();
  if (!r || r.repeat_interval === null) return null;
  const interval = r.repeat_interval as RepeatInterval;
  const at = nextOccurrence(r.remind_time, interval, r.time_zone, new Date(dueAt.getTime() + 1));
  return { ...r, repeat_interval: interval, due_at: new Date(at).toISOString() };
}

/**
 * Of the given (reminder, occurrence) pairs, those that still stand: the reminder exists, belongs to the
 * owner, and the instant is one of its occurrences (`anyTime`: only that it exists, e.g. a snoozed one).
 */
export async function standingReminders(
  db: Db,
  items: { reminder_id: number; owner_id: number; due_at: string; anyTime: boolean }[],
): Promise<Set<string>> {
  const ids = [...new Set(items.map((i) => i.reminder_id))];
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('reminders')
    .select(['reminder_id', 'owner_id', 'remind_time', 'repeat_interval', 'time_zone'])
    .where('reminder_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.reminder_id, r]));
  const out = new Set<string>();
  for (const item of items) {
    const r = byId.get(item.reminder_id);
    if (!r || r.owner_id !== item.owner_id) continue;
    const key = `${item.reminder_id}@${item.due_at}`;
    if (item.anyTime) {
      out.add(key);
      continue;
    }
    const due = Date.parse(item.due_at);
    const interval = r.repeat_interval as RepeatInterval | null;
    const at =
      interval === null
        ? Date.parse(r.remind_time)
        : Date.parse(nextOccurrence(r.remind_time, interval, r.time_zone, new Date(due)));
    if (at === due) out.add(key);
  }
  return out;
}
