import { type Static, Type } from 'typebox';
import { IdParam, TimeZoneName } from './common.js';

/** Limits of a task's fields, after trimming; the web app's form uses the same ones. */
export const TASK_TITLE_MAX = 120;
export const TASK_NOTES_MAX = 2000;
export const TASK_EFFORT_MIN = 1;
export const TASK_EFFORT_MAX = 5;
export const TASK_EFFORT_DEFAULT = 1;
/** Largest repeat interval (every N days, weeks or months). */
export const TASK_INTERVAL_MAX = 365;
/** A rotation pool holds at most this many members. */
export const TASK_POOL_MAX = 50;
/** Fairest rotation and the fairness view count effort done over this many days. */
export const TASK_FAIRNESS_DAYS = 30;
export const TASK_STATS_DAYS_MAX = 366;
export const TASK_HISTORY_LIMIT_DEFAULT = 20;
export const TASK_HISTORY_LIMIT_MAX = 100;
/** An away period lasts at most this many days (both dates included). */
export const AWAY_MAX_DAYS = 366;

/** How a task repeats. `days_after_done` counts from the moment it was last done. */
export const REPEAT_KINDS = ['none', 'days', 'weeks', 'months', 'days_after_done'] as const;
export const RepeatKind = Type.Union([
  Type.Literal('none'),
  Type.Literal('days'),
  Type.Literal('weeks'),
  Type.Literal('months'),
  Type.Literal('days_after_done'),
]);
export type RepeatKind = (typeof REPEAT_KINDS)[number];

/** Who is on turn next: one fixed person, the pool in turn order, or the pool member who did least. */
export const ROTATIONS = ['fixed', 'round_robin', 'fairest'] as const;
export const Rotation = Type.Union([
  Type.Literal('fixed'),
  Type.Literal('round_robin'),
  Type.Literal('fairest'),
]);
export type Rotation = (typeof ROTATIONS)[number];

/** `month_day` for "the last day of the month". */
export const LAST_DAY_OF_MONTH = -1;

/**
 * A repeat rule. Fields that do not apply to `every` are omitted or null: `interval` (>= 1) for all but
 * none; `weekdays` (0 = Sunday .. 6 = Saturday) for weeks; `month_day` (1-31, or -1 for the last day)
 * for months.
 */
export const TaskRepeat = Type.Object({
  every: RepeatKind,
  interval: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  weekdays: Type.Optional(Type.Union([Type.Array(Type.Integer(), { maxItems: 7 }), Type.Null()])),
  month_day: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type TaskRepeat = Static<typeof TaskRepeat>;

export const Task = Type.Object({
  task_id: Type.Integer(),
  title: Type.String(),
  notes: Type.Union([Type.String(), Type.Null()]),
  effort: Type.Integer(),
  /** The IANA zone the repeat arithmetic and away dates are judged in. */
  time_zone: Type.String(),
  /** The current occurrence, a UTC ISO-8601 instant. */
  due_at: Type.String(),
  repeat: TaskRepeat,
  rotation: Rotation,
  /** Member ids in turn order (for fixed rotation: the one person). */
  pool: Type.Array(Type.Integer()),
  assignee_id: Type.Integer(),
  /** True when the assignee is away on the due date (every pool member was away at hand-off). */
  assignee_away: Type.Boolean(),
  overdue: Type.Boolean(),
  /** A one-off task that has been done; it no longer appears in the list. */
  completed: Type.Boolean(),
  last_done_at: Type.Union([Type.String(), Type.Null()]),
  last_done_by: Type.Union([Type.Integer(), Type.Null()]),
});
export type Task = Static<typeof Task>;

/** GET /api/task/: the house's open tasks, soonest due first. */
export const TaskList = Type.Array(Task);
export type TaskList = Static<typeof TaskList>;

/**
 * POST /api/task/ and PUT /api/task/{task_id}. `time_zone` defaults to UTC on create and is kept by a
 * PUT without it; `assignee_id` is required for fixed rotation and, for round robin, says who starts.
 */
export const TaskInput = Type.Object({
  title: Type.String({ maxLength: TASK_TITLE_MAX }),
  notes: Type.Optional(Type.Union([Type.String({ maxLength: TASK_NOTES_MAX }), Type.Null()])),
  effort: Type.Optional(Type.Integer()),
  time_zone: Type.Optional(Type.Union([TimeZoneName, Type.Null()])),
  due_at: Type.String({ maxLength: 64 }),
  repeat: Type.Optional(TaskRepeat),
  rotation: Type.Optional(Rotation),
  pool: Type.Optional(Type.Array(Type.Integer(), { maxItems: TASK_POOL_MAX })),
  assignee_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
export type TaskInput = Static<typeof TaskInput>;

export const TaskIdParams = Type.Object({ task_id: IdParam });

/** POST /api/task/{task_id}/done; `done_at` (UTC ISO, not in the future) defaults to now. */
export const TaskDoneInput = Type.Object({
  done_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
});
export type TaskDoneInput = Static<typeof TaskDoneInput>;

/** One done or skip of a task; a skip credits nobody (`done_by` is who skipped it). */
export const TaskHistoryItem = Type.Object({
  history_id: Type.Integer(),
  done_at: Type.String(),
  done_by: Type.Integer(),
  skipped: Type.Boolean(),
});
export type TaskHistoryItem = Static<typeof TaskHistoryItem>;

/** GET /api/task/{task_id}/history: newest first; pass the last item's history_id as `before`. */
export const TaskHistoryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: TASK_HISTORY_LIMIT_MAX })),
  before: Type.Optional(IdParam),
});
export type TaskHistoryQuery = Static<typeof TaskHistoryQuery>;

export const TaskHistory = Type.Array(TaskHistoryItem);
export type TaskHistory = Static<typeof TaskHistory>;

/** GET /api/task/stats?days=30: every member of the house, zero included. */
export const TaskStatsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: TASK_STATS_DAYS_MAX })),
});
export type TaskStatsQuery = Static<typeof TaskStatsQuery>;

export const TaskMemberStats = Type.Object({
  user_id: Type.Integer(),
  done_count: Type.Integer(),
  effort_done: Type.Integer(),
});
export type TaskMemberStats = Static<typeof TaskMemberStats>;

export const TaskStats = Type.Array(TaskMemberStats);
export type TaskStats = Static<typeof TaskStats>;

/** A member of the house as the tasks screens show them (names and picture for pools and turns). */
export const TaskMember = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  profile_img: Type.Union([Type.String(), Type.Null()]),
});
export type TaskMember = Static<typeof TaskMember>;

/** GET /api/task/members: the house's members, oldest member first. */
export const TaskMembers = Type.Array(TaskMember);
export type TaskMembers = Static<typeof TaskMembers>;

/** A member's time away, both dates included (YYYY-MM-DD), judged in each task's zone. */
export const AwayPeriod = Type.Object({
  away_id: Type.Integer(),
  user_id: Type.Integer(),
  starts_on: Type.String(),
  ends_on: Type.String(),
});
export type AwayPeriod = Static<typeof AwayPeriod>;

/** GET /api/away/: the house's away periods, earliest first. */
export const AwayList = Type.Array(AwayPeriod);
export type AwayList = Static<typeof AwayList>;

/** POST /api/away/: for the caller only. */
export const AwayInput = Type.Object({
  starts_on: Type.String({ maxLength: 10 }),
  ends_on: Type.String({ maxLength: 10 }),
});
export type AwayInput = Static<typeof AwayInput>;

export const AwayIdParams = Type.Object({ away_id: IdParam });
