import type { RepeatInterval, TimelineReminder } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import { occurrence } from './recurrence.js';

/*
 * Read-only views of ONE person's reminders, for their own calendar layer and their personal feed. Every
 * query names the owner: nobody else's reminders can come out of here.
 */

/** A reminder as the personal feed writes it. */
export interface OwnReminder {
  reminder_id: number;
  title: string;
  description: string | null;
  remind_time: string;
  repeat_interval: RepeatInterval | null;
  time_zone: string;
  created_at: string;
  updated_at: string;
}

export async function remindersOf(db: Db, ownerId: number): Promise<OwnReminder[]> {
  const rows = await db
    .selectFrom('reminders')
    .select([
      'reminder_id',
      'title',
      'description',
      'remind_time',
      'repeat_interval',
      'time_zone',
      'created_at',
      'updated_at',
    ])
    .where('owner_id', '=', ownerId)
    .orderBy('reminder_id')
    .execute();
  return rows.map((r) => ({ ...r, repeat_interval: r.repeat_interval as RepeatInterval | null }));
}

/** The owner's reminder occurrences in [from, to), at most `limit` of them, in order. */
export async function reminderOccurrences(
  db: Db,
  ownerId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<TimelineReminder[]> {
  const out: TimelineReminder[] = [];
  for (const r of await remindersOf(db, ownerId)) {
    if (r.repeat_interval === null) {
      const at = Date.parse(r.remind_time);
      if (at >= from.getTime() && at < to.getTime()) {
        out.push({ reminder_id: r.reminder_id, title: r.title, remind_at: new Date(at).toISOString() });
      }
      continue;
    }
    for (let k = 0; out.length <= limit && k < 100_000; k++) {
      const at = occurrence(r.remind_time, r.repeat_interval, r.time_zone, k);
      if (at.toMillis() >= to.getTime()) break;
      if (at.toMillis() >= from.getTime()) {
        out.push({ reminder_id: r.reminder_id, title: r.title, remind_at: at.toUTC().toISO() as string });
      }
    }
  }
  return out.sort((a, b) => a.remind_at.localeCompare(b.remind_at)).slice(0, limit);
}
