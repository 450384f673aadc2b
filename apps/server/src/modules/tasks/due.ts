import type { Db } from '../../db/create-db.js';

/*
 * Read-only, for the notification scheduler: open tasks whose current occurrence falls due in a span of
 * time (the person whose turn it is hears of it), whether a planned occurrence still stands, and what
 * housemates did lately (for the digest).
 */

export interface DueTask {
  task_id: number;
  house_id: number;
  title: string;
  due_at: string;
  assignee_id: number;
}

/** Open tasks due in (from, to], across houses, in one query. */
export function tasksDueWindow(db: Db, from: Date, to: Date): Promise<DueTask[]> {
  return db
    .selectFrom('tasks')
    .select(['task_id', 'house_id', 'title', 'due_at', 'assignee_id'])
    .where('completed', '=', 0)
    .where('due_at', '>', from.toISOString())
    .where('due_at', '<=', to.toISOString())
    .orderBy('task_id')
    .execute();
}

/** The open tasks among `taskIds` with their current occurrence and assignee. */
export function openTasks(db: Db, taskIds: number[]): Promise<DueTask[]> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .select(['task_id', 'house_id', 'title', 'due_at', 'assignee_id'])
    .where('task_id', 'in', taskIds)
    .where('completed', '=', 0)
    .execute();
}

export interface TaskChange {
  title: string;
  done_by: number;
  skipped: boolean;
  done_at: string;
}

/** Tasks done or skipped in the house since `since` by anyone but `exceptUserId`, newest first. */
export async function taskChangesSince(
  db: Db,
  houseId: number,
  since: Date,
  exceptUserId: number,
  limit = 20,
): Promise<TaskChange[]> {
  const rows = await db
    .selectFrom('task_history as h')
    .innerJoin('tasks as t', 't.task_id', 'h.task_id')
    .select(['t.title', 'h.done_by', 'h.skipped', 'h.done_at'])
    .where('h.house_id', '=', houseId)
    .where('h.done_at', '>', since.toISOString())
    .where('h.done_by', '!=', exceptUserId)
    .orderBy('h.done_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, skipped: Boolean(r.skipped) }));
}

export interface TaskHistoryItem extends TaskChange {
  history_id: number;
  house_id: number;
}

/** Tasks done or skipped in (from, to], every house, one query. */
export async function taskHistoryBetween(db: Db, from: Date, to: Date): Promise<TaskHistoryItem[]> {
  const rows = await db
    .selectFrom('task_history as h')
    .innerJoin('tasks as t', 't.task_id', 'h.task_id')
    .select(['h.history_id', 'h.house_id', 't.title', 'h.done_by', 'h.skipped', 'h.done_at'])
    .where('h.done_at', '>', from.toISOString())
    .where('h.done_at', '<=', to.toISOString())
    .orderBy('h.history_id')
    .execute();
  return rows.map((r) => ({ ...r, skipped: Boolean(r.skipped) }));
}
