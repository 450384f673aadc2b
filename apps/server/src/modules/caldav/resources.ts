import type { UserRow } from '../../db/tables.js';
import type { CollectionState } from './repository.js';
import { NS, type PropValue, prop } from './xml.js';

/** Where the DAV tree is mounted (outside /api: bearer tokens are no part of it). */
export const DAV_ROOT = '/dav/';
/** The largest calendar object accepted (CALDAV:max-resource-size). */
export const MAX_RESOURCE_SIZE = 1024 * 1024;

export type CollectionName = 'house' | 'tasks' | 'reminders';
export const COLLECTIONS: readonly CollectionName[] = ['house', 'tasks', 'reminders'];

/** What a request path names, for the person making it. */
export type Target =
  | { kind: 'root' }
  | { kind: 'principal' }
  | { kind: 'home' }
  | { kind: 'collection'; collection: CollectionName }
  | { kind: 'object'; collection: CollectionName; name: string };

/** The person's own segment of the tree: their user name as stored in lower case. */
export const userSegment = (user: UserRow) => encodeURIComponent(user.username_key);

export const principalHref = (user: UserRow) => `${DAV_ROOT}principals/${userSegment(user)}/`;
export const homeHref = (user: UserRow) => `${DAV_ROOT}calendars/${userSegment(user)}/`;
export const collectionHref = (user: UserRow, c: CollectionName) => `${homeHref(user)}${c}/`;
export const objectHref = (user: UserRow, c: CollectionName, name: string) =>
  `${collectionHref(user, c)}${encodeURIComponent(name)}`;

/** Object names calendar apps choose: a plain file name (no slash, no dot-only names). */
const OBJECT_NAME = /^[A-Za-z0-9@%+=_.,:~ -]{1,200}$/;

/**
 * What `path` names for `user`; null for anything else, another person's segment included (which is
 * answered as not found).
 */
export function resolveTarget(path: string, user: UserRow): Target | null {
  const rest = path.startsWith(DAV_ROOT) ? path.slice(DAV_ROOT.length) : path === '/dav' ? '' : null;
  if (rest === null) return null;
  const parts = rest.split('/');
  if (parts.at(-1) === '') parts.pop();
  if (parts.length === 0) return { kind: 'root' };
  let segment: string;
  try {
    segment = decodeURIComponent(parts[1] ?? '');
  } catch {
    return null;
  }
  if (segment.toLowerCase() !== user.username_key) return null;
  if (parts[0] === 'principals' && parts.length === 2) return { kind: 'principal' };
  if (parts[0] !== 'calendars') return null;
  if (parts.length === 2) return { kind: 'home' };
  const collection = COLLECTIONS.find((c) => c === parts[2]);
  if (!collection) return null;
  if (parts.length === 3) return { kind: 'collection', collection };
  if (parts.length !== 4) return null;
  let name: string;
  try {
    name = decodeURIComponent(parts[3] ?? '');
  } catch {
    return null;
  }
  return OBJECT_NAME.test(name) && name !== '.' && name !== '..'
    ? { kind: 'object', collection, name }
    : null;
}

/** A sync token (RFC 6578) for a collection's state: its newest change and its newest deletion. */
export function syncToken(publicUrl: string, state: CollectionState): string {
  const changed = state.lastChange ? Date.parse(state.lastChange) : 0;
  return `${publicUrl}/ns/sync/${changed}-${state.lastTombstone}`;
}

/** The state a token was made at; null when it is not one of ours. */
export function parseSyncToken(token: string): { changedMs: number; tombstone: number } | null {
  const match = /\/ns\/sync\/(\d{1,15})-(\d{1,15})$/.exec(token.trim());
  if (!match) return null;
  return { changedMs: Number(match[1]), tombstone: Number(match[2]) };
}

const hrefValue = (href: string) => ({ 'd:href': href });

/** Properties every resource of the tree has, for the person asking. */
export function commonProps(user: UserRow): PropValue[] {
  return [
    prop(NS.dav, 'current-user-principal', hrefValue(principalHref(user))),
    prop(NS.dav, 'principal-URL', hrefValue(principalHref(user))),
    prop(NS.caldav, 'calendar-home-set', hrefValue(homeHref(user))),
  ];
}

export function principalProps(user: UserRow): PropValue[] {
  const name = `${user.first_name} ${user.last_name}`.trim() || user.username;
  return [
    prop(NS.dav, 'resourcetype', { 'd:principal': '' }),
    prop(NS.dav, 'displayname', name),
    prop(NS.caldav, 'calendar-user-address-set', hrefValue(`mailto:${user.email}`)),
    ...commonProps(user),
  ];
}

export function homeProps(user: UserRow): PropValue[] {
  return [
    prop(NS.dav, 'resourcetype', { 'd:collection': '' }),
    prop(NS.dav, 'displayname', user.username),
    ...commonProps(user),
  ];
}

const privileges = (write: boolean) => ({
  'd:privilege': [
    { 'd:read': '' },
    { 'd:read-current-user-privilege-set': '' },
    ...(write ? [{ 'd:write': '' }, { 'd:write-content': '' }, { 'd:bind': '' }, { 'd:unbind': '' }] : []),
  ],
});

export interface CollectionInfo {
  displayName: string;
  color: string;
  components: readonly string[];
  token: string;
}

export function collectionProps(user: UserRow, info: CollectionInfo): PropValue[] {
  return [
    prop(NS.dav, 'resourcetype', { 'd:collection': '', 'c:calendar': '' }),
    prop(NS.dav, 'displayname', info.displayName),
    prop(NS.apple, 'calendar-color', info.color),
    prop(NS.caldav, 'supported-calendar-component-set', {
      'c:comp': info.components.map((name) => ({ '@_name': name })),
    }),
    prop(NS.caldav, 'supported-calendar-data', {
      'c:calendar-data': { '@_content-type': 'text/calendar', '@_version': '2.0' },
    }),
    prop(NS.caldav, 'max-resource-size', String(MAX_RESOURCE_SIZE)),
    prop(NS.cs, 'getctag', info.token),
    prop(NS.dav, 'sync-token', info.token),
    prop(NS.dav, 'supported-report-set', {
      'd:supported-report': ['calendar-query', 'calendar-multiget', 'sync-collection'].map((r) => ({
        'd:report': { [r === 'sync-collection' ? 'd:sync-collection' : `c:${r}`]: '' },
      })),
    }),
    prop(NS.dav, 'current-user-privilege-set', privileges(true)),
    prop(NS.dav, 'owner', hrefValue(principalHref(user))),
    ...commonProps(user),
  ];
}

export function objectProps(etag: string, component: string): PropValue[] {
  return [
    prop(NS.dav, 'resourcetype', ''),
    prop(NS.dav, 'getetag', etag),
    prop(NS.dav, 'getcontenttype', `text/calendar; charset=utf-8; component=${component}`),
  ];
}
