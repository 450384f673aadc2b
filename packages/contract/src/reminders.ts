import { type Static, Type } from 'typebox';
import { IdParam, TimeZoneName } from './common.js';

/** Repeat options: none, Daily, Weekly or Monthly; none is `null` on the wire. */
export const REPEAT_INTERVALS = ['Daily', 'Weekly', 'Monthly'] as const;
export const RepeatInterval = Type.Union([
  Type.Literal('Daily'),
  Type.Literal('Weekly'),
  Type.Literal('Monthly'),
]);
export type RepeatInterval = Static<typeof RepeatInterval>;

export const REMINDER_TITLE_MAX = 120;
export const REMINDER_DESCRIPTION_MAX = 2000;
/** The home page shows reminders due within this many days. */
export const REMINDER_WINDOW_DAYS = 7;

export const Reminder = Type.Object({
  reminder_id: Type.Integer(),
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  /** The first occurrence, a UTC ISO-8601 instant; a series repeats from it. */
  remind_time: Type.String(),
  repeat_interval: Type.Union([RepeatInterval, Type.Null()]),
  /** The owner's IANA zone: a series keeps its local wall-clock time in it. */
  time_zone: Type.String(),
  /** The first occurrence at or after now (UTC ISO); for a one-off it is remind_time, even when past. */
  next_remind_time: Type.String(),
});
export type Reminder = Static<typeof Reminder>;

/**
 * POST /api/reminder/ and PUT /api/reminder/{id}. repeat_interval also accepts '' or 'none' for none.
 * time_zone defaults to UTC on create; a PUT without it keeps the reminder's zone.
 */
export const ReminderInput = Type.Object({
  title: Type.String({ maxLength: REMINDER_TITLE_MAX }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: REMINDER_DESCRIPTION_MAX }), Type.Null()])),
  remind_time: Type.String({ maxLength: 64 }),
  repeat_interval: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
  time_zone: Type.Optional(Type.Union([TimeZoneName, Type.Null()])),
});
export type ReminderInput = Static<typeof ReminderInput>;

export const ReminderIdParams = Type.Object({ id: IdParam });

/** GET /api/reminder/: the caller's reminders, soonest next occurrence first. */
export const ReminderList = Type.Array(Reminder);
export type ReminderList = Static<typeof ReminderList>;
