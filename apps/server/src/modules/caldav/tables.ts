import type { Generated, Selectable } from 'kysely';

/** A calendar object's name and UID as a calendar app chose them, and what Hearth does not model. */
export interface DavObjectsTable {
  event_id: number;
  house_id: number;
  href_name: string | null;
  uid: string | null;
  /** JSON of `ExtraParts`. */
  extra: string;
}

/** The same for a house task shown as a to-do. */
export interface DavTaskObjectsTable {
  task_id: number;
  house_id: number;
  href_name: string | null;
  uid: string | null;
  extra: string;
}

/** The same for a person's reminder shown as a to-do. */
export interface DavReminderObjectsTable {
  reminder_id: number;
  owner_id: number;
  href_name: string | null;
  uid: string | null;
  extra: string;
}

/** The name of a deleted calendar object, numbered in the order of deletion (for sync-collection). */
export interface DavTombstonesTable {
  tombstone_id: Generated<number>;
  collection: string;
  href_name: string;
}

export type DavObjectRow = Selectable<DavObjectsTable>;

export interface CaldavTables {
  dav_objects: DavObjectsTable;
  dav_task_objects: DavTaskObjectsTable;
  dav_reminder_objects: DavReminderObjectsTable;
  dav_tombstones: DavTombstonesTable;
}

declare module '../../db/tables.js' {
  interface Database extends CaldavTables {}
}
