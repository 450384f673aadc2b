import type { AwayPeriod, TaskHistoryItem, TaskMember } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import type { AwayPeriodRow, NewTaskRow, TaskRow } from './tables.js';

/** A task row with who last did it and when (skips do not count). */
export interface TaskRecord extends TaskRow {
  last_done_at: string | null;
  last_done_by: number | null;
}

/** A history entry with the state it replaced. */
export interface HistoryEntry {
  task_id: number;
  house_id: number;
  done_at: string;
  done_by: number;
  skipped: boolean;
  effort: number;
  prev_due_at: string;
  prev_assignee_id: number;
  prev_completed: boolean;
}

/** Effort done by one member over a window. */
export interface MemberEffort {
  user_id: number;
  done_count: number;
  effort_done: number;
}

/** When one member last did one task. */
export interface LastDid {
  task_id: number;
  done_by: number;
  done_at: string;
}

const flag = (value: boolean) => (value ? 1 : 0);

function toAway(row: Pick<AwayPeriodRow, 'away_id' | 'user_id' | 'starts_on' | 'ends_on'>): AwayPeriod {
  return { away_id: row.away_id, user_id: row.user_id, starts_on: row.starts_on, ends_on: row.ends_on };
}

/**
 * All task SQL. Every statement that reads or changes a task, its history or an away period is scoped to
 * a house in the statement itself, so another house's id matches nothing (the service answers 404).
 */
export class TasksRepository {
  constructor(readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: TasksRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TasksRepository(trx)));
  }

  /**
   * The house's tasks with who last did each and when, in one statement: each task's newest done is one
   * look-up on the history index (skips are passed over).
   */
  private tasksWithLastDone(houseId: number) {
    return this.db
      .selectFrom('tasks as t')
      .leftJoin('task_history as h', (join) =>
        join.on((eb) =>
          eb(
            'h.history_id',
            '=',
            eb
              .selectFrom('task_history as n')
              .select((sub) => sub.fn.max('n.history_id').as('newest'))
              .whereRef('n.task_id', '=', 't.task_id')
              .where('n.skipped', '=', 0),
          ),
        ),
      )
      .selectAll('t')
      .select(['h.done_at as last_done_at', 'h.done_by as last_done_by'])
      .where('t.house_id', '=', houseId);
  }

  /** The house's open tasks (not finished one-offs), soonest due first: one query. */
  async openTasks(houseId: number): Promise<TaskRecord[]> {
    return this.tasksWithLastDone(houseId)
      .where('t.completed', '=', 0)
      .orderBy('t.due_at')
      .orderBy('t.task_id')
      .execute();
  }

  async findTask(taskId: number, houseId: number): Promise<TaskRecord | undefined> {
    return this.tasksWithLastDone(houseId).where('t.task_id', '=', taskId).executeTakeFirst();
  }

  async insertTask(row: NewTaskRow): Promise<number> {
    const { task_id } = await this.db
      .insertInto('tasks')
      .values(row)
      .returning('task_id')
      .executeTakeFirstOrThrow();
    return task_id;
  }

  /** Changes a task of the house; false when the house has no such task. */
  async updateTask(
    taskId: number,
    houseId: number,
    changes: Partial<Omit<NewTaskRow, 'task_id' | 'house_id'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('tasks')
      .set(changes)
      .where('task_id', '=', taskId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deletes the task and, by the cascade, its history; false when the house has no such task. */
  async deleteTask(taskId: number, houseId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('tasks')
      .where('task_id', '=', taskId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The house's open tasks that rotate to the fairest member. */
  async openFairestTasks(houseId: number): Promise<TaskRow[]> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('house_id', '=', houseId)
      .where('rotation', '=', 'fairest')
      .where('completed', '=', 0)
      .execute();
  }

  /** The house's open tasks on `userId`'s turn that rotate between people. */
  async openRotatingTasksOf(houseId: number, userId: number): Promise<TaskRow[]> {
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('house_id', '=', houseId)
      .where('assignee_id', '=', userId)
      .where('rotation', '!=', 'fixed')
      .where('completed', '=', 0)
      .execute();
  }

  async insertHistory(entry: HistoryEntry): Promise<void> {
    await this.db
      .insertInto('task_history')
      .values({
        ...entry,
        skipped: flag(entry.skipped),
        prev_completed: flag(entry.prev_completed),
      })
      .execute();
  }

  /** The task's newest done or skip (the one undo reverts). */
  async newestHistory(taskId: number, houseId: number) {
    const row = await this.db
      .selectFrom('task_history')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('house_id', '=', houseId)
      .orderBy('history_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { ...row, skipped: Boolean(row.skipped), prev_completed: Boolean(row.prev_completed) }
      : undefined;
  }

  async deleteHistory(historyId: number): Promise<void> {
    await this.db.deleteFrom('task_history').where('history_id', '=', historyId).execute();
  }

  /** A page of a task's history, newest first, older than the entry `before` when given. */
  async history(taskId: number, houseId: number, limit: number, before?: number): Promise<TaskHistoryItem[]> {
    let query = this.db
      .selectFrom('task_history')
      .select(['history_id', 'done_at', 'done_by', 'skipped'])
      .where('task_id', '=', taskId)
      .where('house_id', '=', houseId);
    if (before !== undefined) query = query.where('history_id', '<', before);
    const rows = await query.orderBy('history_id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ ...r, skipped: Boolean(r.skipped) }));
  }

  /** Effort done per member in the house since `since` (UTC ISO); skips count for nobody. */
  async effortSince(houseId: number, since: string): Promise<MemberEffort[]> {
    const rows = await this.db
      .selectFrom('task_history')
      .select((eb) => [
        'done_by',
        eb.fn.countAll<number | string>().as('done_count'),
        eb.fn.sum<number | string>('effort').as('effort_done'),
      ])
      .where('house_id', '=', houseId)
      .where('skipped', '=', 0)
      .where('done_at', '>=', since)
      .groupBy('done_by')
      .execute();
    // PostgreSQL answers count and sum as strings (bigint).
    return rows.map((r) => ({
      user_id: r.done_by,
      done_count: Number(r.done_count),
      effort_done: Number(r.effort_done),
    }));
  }

  /** When each member last did each of the given tasks. */
  async lastDidByMember(houseId: number, taskIds: readonly number[]): Promise<LastDid[]> {
    if (taskIds.length === 0) return [];
    return this.db
      .selectFrom('task_history')
      .select((eb) => ['task_id', 'done_by', eb.fn.max('done_at').as('done_at')])
      .where('house_id', '=', houseId)
      .where('skipped', '=', 0)
      .where('task_id', 'in', [...taskIds])
      .groupBy(['task_id', 'done_by'])
      .execute();
  }

  /** Who lives in the house now. */
  async memberIds(houseId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('users')
      .select('user_id')
      .where('house_id', '=', houseId)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** The house's members with their names and pictures, oldest member first. */
  async members(houseId: number): Promise<TaskMember[]> {
    return this.db
      .selectFrom('users')
      .select(['user_id', 'username', 'first_name', 'last_name', 'profile_img'])
      .where('house_id', '=', houseId)
      .orderBy('user_id')
      .execute();
  }

  /** Away periods of the house's current members, earliest first. */
  async awayPeriods(houseId: number): Promise<AwayPeriod[]> {
    const rows = await this.db
      .selectFrom('away_periods as a')
      .innerJoin('users as u', 'u.user_id', 'a.user_id')
      .select(['a.away_id', 'a.user_id', 'a.starts_on', 'a.ends_on'])
      .where('a.house_id', '=', houseId)
      .where('u.house_id', '=', houseId)
      .orderBy('a.starts_on')
      .orderBy('a.away_id')
      .execute();
    return rows.map(toAway);
  }

  async insertAway(houseId: number, userId: number, startsOn: string, endsOn: string): Promise<AwayPeriod> {
    const row = await this.db
      .insertInto('away_periods')
      .values({
        house_id: houseId,
        user_id: userId,
        starts_on: startsOn,
        ends_on: endsOn,
        created_at: new Date().toISOString(),
      })
      .returning(['away_id', 'user_id', 'starts_on', 'ends_on'])
      .executeTakeFirstOrThrow();
    return toAway(row);
  }

  /** Deletes one of the user's own away periods in the house; false when there is no such one. */
  async deleteAway(awayId: number, houseId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('away_periods')
      .where('away_id', '=', awayId)
      .where('house_id', '=', houseId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
