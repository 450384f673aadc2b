import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A personal reminder; a repeating one is a series starting at remind_time, kept in time_zone. */
export interface RemindersTable {
  reminder_id: Generated<number>;
  owner_id: number;
  title: string;
  description: string | null;
  /** The first occurrence, UTC ISO. */
  remind_time: string;
  /** 'Daily', 'Weekly', 'Monthly' or null. */
  repeat_interval: string | null;
  /** IANA zone whose wall clock the series keeps. */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

export type ReminderRow = Selectable<RemindersTable>;
export type NewReminderRow = Insertable<RemindersTable>;
export type ReminderUpdate = Updateable<RemindersTable>;

/** The tables this module adds to the shared Database type. */
export interface RemindersTables {
  reminders: RemindersTable;
}

declare module '../../db/tables.js' {
  interface Database extends RemindersTables {}
}
