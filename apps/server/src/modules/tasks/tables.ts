import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** boolean on PostgreSQL, 0/1 on SQLite: write 0/1 (both accept it), read with Boolean(). */
type Flag = ColumnType<boolean | number, number, number>;

/** A house's task; its current occurrence is due_at, and its series is anchored at anchor_at. */
export interface TasksTable {
  task_id: Generated<number>;
  house_id: number;
  title: string;
  notes: string | null;
  effort: number;
  /** IANA zone of the repeat arithmetic and of away dates. */
  time_zone: string;
  /** The current occurrence, UTC ISO. */
  due_at: string;
  /** The series' first occurrence, UTC ISO: later ones are counted from it. */
  anchor_at: string;
  repeat_every: string;
  repeat_interval: number | null;
  /** Chosen weekdays as '1,4' (0 = Sunday), for weekly repeats. */
  repeat_weekdays: string | null;
  repeat_month_day: number | null;
  rotation: string;
  /** Member ids in turn order, as '3,5,9'. */
  pool: string;
  assignee_id: number;
  /** A one-off task that has been done: kept for its history, left out of the list. */
  completed: Flag;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * One done or skip, with the task's state just before it, so undo can put the task back exactly.
 * `effort` is the task's effort when it was done (what fairness counts); 0 for a skip.
 */
export interface TaskHistoryTable {
  history_id: Generated<number>;
  task_id: number;
  house_id: number;
  done_at: string;
  done_by: number;
  skipped: Flag;
  effort: number;
  prev_due_at: string;
  prev_assignee_id: number;
  prev_completed: Flag;
}

/** A member's time away, both dates (YYYY-MM-DD) included. */
export interface AwayPeriodsTable {
  away_id: Generated<number>;
  house_id: number;
  user_id: number;
  starts_on: string;
  ends_on: string;
  created_at: string;
}

export type TaskRow = Selectable<TasksTable>;
export type NewTaskRow = Insertable<TasksTable>;
export type TaskHistoryRow = Selectable<TaskHistoryTable>;
export type AwayPeriodRow = Selectable<AwayPeriodsTable>;

/** The tables this module adds to the shared Database type. */
export interface TasksTables {
  tasks: TasksTable;
  task_history: TaskHistoryTable;
  away_periods: AwayPeriodsTable;
}

declare module '../../db/tables.js' {
  interface Database extends TasksTables {}
}
