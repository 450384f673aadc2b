import { DEFAULT_LANGUAGE, type Language, translator } from '@hearth/i18n/server';
import type { UserRow } from '../../db/tables.js';
import { expandedText, objectInRange } from './expand.js';
import type { DavObject, HouseObjects } from './house-objects.js';
import type { Conditions } from './objects-common.js';
import type { ReminderObjects, ReminderTodo } from './reminder-objects.js';
import type {
  CaldavRemindersRepository,
  CaldavRepository,
  CaldavTasksRepository,
  CollectionState,
} from './repository.js';
import { type CollectionInfo, type CollectionName, syncToken, type Target } from './resources.js';
import type { TaskObjects, TodoObject } from './task-objects.js';

/** The house the person lives in now (checked on every request: leaving ends access at once). */
export interface HouseInfo {
  house_id: number;
  house_name: string;
  time_zone: string;
}

/** What every DAV method handler gets: the person, their house, the target and the request. */
export interface DavRequest {
  user: UserRow;
  house: HouseInfo | null;
  target: Target;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  deps: DavDeps;
}

export interface DavDeps {
  repo: CaldavRepository;
  tasksRepo: CaldavTasksRepository;
  remindersRepo: CaldavRemindersRepository;
  reminderObjects: ReminderObjects;
  houseObjects: HouseObjects;
  taskObjects: TaskObjects;
  publicUrl: string;
}

export interface DavReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const header = (req: DavRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** A calendar object as every method sees it. */
export interface StoredObject {
  name: string;
  etag: string;
  text: string;
}

/** One collection's objects for one request: read, written and synced the same way whatever they hold. */
export interface CollectionStore {
  component: 'VEVENT' | 'VTODO';
  info(): Promise<CollectionInfo>;
  list(): Promise<StoredObject[]>;
  find(name: string): Promise<StoredObject | undefined>;
  put(name: string, body: string, conditions: Conditions): Promise<{ created: boolean }>;
  remove(name: string, conditions: Conditions): Promise<void>;
  /** Objects changed since a token's state, and names deleted since. */
  changes(since: {
    changedMs: number;
    tombstone: number;
  }): Promise<{ changed: StoredObject[]; deleted: string[] }>;
  inRange(object: StoredObject, from: Date | null, to: Date | null): boolean;
  /** The object's text with its series expanded over [from, to). */
  expand(object: StoredObject, from: Date, to: Date): string;
}

/** The collections the person can reach now: their reminders, and the house's while they live in one. */
export function reachable(req: DavRequest): CollectionName[] {
  return req.house ? ['house', 'tasks', 'reminders'] : ['reminders'];
}

/** Changes are found by their time: two seconds of overlap cover writes committed out of order. */
const sinceIso = (ms: number) => new Date(Math.max(0, ms - 2000)).toISOString();

const language = (user: UserRow): Language =>
  user.language === 'de' ? 'de' : user.language === 'en' ? 'en' : DEFAULT_LANGUAGE;

/** The store behind a collection the person can reach; null when they cannot (not found). */
export function storeFor(req: DavRequest, collection: CollectionName): CollectionStore | null {
  const { house, user, deps } = req;
  if (!reachable(req).includes(collection)) return null;
  const info = async (displayName: string, color: string, component: string, state: CollectionState) => ({
    displayName,
    color,
    components: [component],
    token: syncToken(deps.publicUrl, state),
  });
  if (collection === 'reminders') {
    const mine = deps.reminderObjects;
    const ownerId = user.user_id;
    return {
      component: 'VTODO',
      info: async () =>
        info(
          translator(language(user))('reminders:reminders'),
          '#7C3AEDFF',
          'VTODO',
          await deps.remindersRepo.state(ownerId),
        ),
      list: () => mine.list(ownerId),
      find: (name) => mine.find(ownerId, name),
      put: (name, body, conditions) => mine.put(user, name, body, conditions),
      remove: (name, conditions) => mine.remove(user, name, conditions),
      async changes(since) {
        const changed = await mine.list(
          ownerId,
          await deps.remindersRepo.changedSince(ownerId, sinceIso(since.changedMs)),
        );
        const deleted: string[] = [];
        for (const name of await deps.remindersRepo.deletedSince(ownerId, since.tombstone)) {
          if (!(await mine.find(ownerId, name))) deleted.push(name);
        }
        return { changed, deleted };
      },
      inRange: (o, from, to) => {
        const due = Date.parse((o as ReminderTodo).next);
        return (!from || due >= from.getTime()) && (!to || due < to.getTime());
      },
      expand: (o) => o.text,
    };
  }
  if (!house) return null;
  const houseId = house.house_id;
  if (collection === 'house') {
    const objects = deps.houseObjects;
    return {
      component: 'VEVENT',
      info: async () => info(house.house_name, '#C2410CFF', 'VEVENT', await deps.repo.state(houseId)),
      list: () => objects.list(houseId),
      find: (name) => objects.find(houseId, name),
      put: (name, body, conditions) => objects.put(user, house, name, body, conditions),
      remove: (name, conditions) => objects.remove(user, houseId, name, conditions),
      async changes(since) {
        const changed = await objects.list(
          houseId,
          await deps.repo.changedSince(houseId, sinceIso(since.changedMs)),
        );
        const deleted: string[] = [];
        for (const name of await deps.repo.deletedSince(houseId, since.tombstone)) {
          // A name used again since (an app may delete and re-create) is reported as changed instead.
          if (!(await objects.find(houseId, name))) deleted.push(name);
        }
        return { changed, deleted };
      },
      inRange: (o, from, to) => objectInRange(o as DavObject, from, to),
      expand: (o, from, to) => expandedText(o as DavObject, from, to),
    };
  }
  const todos = deps.taskObjects;
  return {
    component: 'VTODO',
    info: async () =>
      info(
        translator(language(user))('tasks:tasks'),
        '#15803DFF',
        'VTODO',
        await deps.tasksRepo.state(houseId),
      ),
    list: () => todos.list(houseId),
    find: (name) => todos.find(houseId, name),
    put: (name, body, conditions) => todos.put(user, house, name, body, conditions),
    remove: (name, conditions) => todos.remove(user, houseId, name, conditions),
    async changes(since) {
      const touched = await deps.tasksRepo.changedSince(houseId, sinceIso(since.changedMs));
      const changed = await todos.list(
        houseId,
        touched.map((t) => t.task_id),
      );
      const open = new Set(changed.map((o) => o.taskId));
      // A done one-off has left the list: it is reported as gone.
      const deleted = touched
        .filter((t) => !open.has(t.task_id))
        .map((t) => t.href_name ?? `task-${t.task_id}.ics`);
      for (const name of await deps.tasksRepo.deletedSince(houseId, since.tombstone)) {
        if (!(await todos.find(houseId, name))) deleted.push(name);
      }
      return { changed, deleted: [...new Set(deleted)] };
    },
    inRange: (o, from, to) => {
      const due = Date.parse((o as TodoObject).row.due_at);
      return (!from || due >= from.getTime()) && (!to || due < to.getTime());
    },
    expand: (o) => o.text,
  };
}

export async function collectionInfo(req: DavRequest, collection: CollectionName): Promise<CollectionInfo> {
  const store = storeFor(req, collection);
  if (!store) throw new Error(`The ${collection} collection cannot be reached.`);
  return store.info();
}
