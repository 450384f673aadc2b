import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import type { Identity } from '../../core/identity.js';
import type { UserRow } from '../../db/tables.js';
import { AppError } from '../../lib/errors.js';
import { davNotFound, invalidObject, preconditionFailed, uidConflict } from './errors.js';
import type { ExtraParts } from './ical-in.js';

// What the house calendar, the tasks and the reminders collections do alike with their objects.

/** Write conditions a calendar app sends (RFC 7232): If-Match and If-None-Match. */
export interface Conditions {
  ifMatch?: string | undefined;
  ifNoneMatch?: string | undefined;
}

/** The identity the services know a person by, for writes made with an app password. */
export const identityOfUser = (user: UserRow): Identity => ({
  issuer: user.issuer,
  subject: user.subject,
  email: user.email,
  claims: {},
});

/** A strong ETag from an object's text, so it changes exactly when the text does. */
export const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;

export const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

/** An object's name, text and the ETag of that text. */
export const rendered = (name: string, text: string) => ({ name, etag: etagOf(text), text });

/** The object `id` stands for, if there is one, through the collection's own `list`. */
export async function listedOne<T>(
  id: number | undefined,
  list: (ids: number[]) => Promise<T[]>,
): Promise<T | undefined> {
  if (id === undefined) return undefined;
  const [found] = await list([id]);
  return found;
}

/** If-Match (the object as the app last saw it) and If-None-Match: * (only when there is none yet). */
export function checkConditions(existing: { etag: string } | undefined, conditions: Conditions): void {
  const { ifMatch, ifNoneMatch } = conditions;
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((t) => t.trim());
    if (existing && (tags.includes('*') || tags.includes(existing.etag))) {
      throw preconditionFailed('The object exists already (If-None-Match).');
    }
  }
  if (ifMatch !== undefined) {
    const tags = ifMatch.split(',').map((t) => t.trim());
    if (!existing || !(tags.includes('*') || tags.includes(existing.etag))) {
      throw preconditionFailed('The object has changed since it was read (If-Match).');
    }
  }
}

/**
 * Whether a write may go ahead: its conditions hold against the object there now (`existingId`), and
 * the UID it carries is not another object's (`owner` is asked only once the conditions hold).
 */
export async function checkWrite(
  existing: { etag: string } | undefined,
  existingId: number | undefined,
  conditions: Conditions,
  owner: () => Promise<number | undefined>,
  conflict: string,
): Promise<void> {
  checkConditions(existing, conditions);
  const found = await owner();
  if (found !== undefined && found !== existingId) throw uidConflict(conflict);
}

/** A service's refusal (a bad RRULE, times out of order) becomes CalDAV's invalid-object precondition. */
export async function serviceCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) throw invalidObject(err.message);
    if (err instanceof AppError && err.statusCode === 404) throw davNotFound();
    throw err;
  }
}

/**
 * The id a UID belongs to: an app's own UID as kept (`chosen`), or Hearth's `<kind>-<id>@host`, which
 * `own` confirms (or not) for that id.
 */
export async function uidOwner(
  uid: string,
  kind: string,
  host: string,
  chosen: (uid: string) => Promise<number | undefined>,
  own: (id: number) => Promise<number | undefined>,
): Promise<number | undefined> {
  const kept = await chosen(uid);
  if (kept !== undefined) return kept;
  const match = new RegExp(`^${kind}-(\\d{1,10})@(.+)$`).exec(uid);
  if (!match || match[2] !== host) return undefined;
  return own(Number(match[1]));
}

/** Deletes an object the app names, once its conditions hold. */
export async function removeObject<T extends { etag: string }>(
  existing: T | undefined,
  conditions: Conditions,
  remove: (found: T) => Promise<unknown>,
): Promise<void> {
  if (!existing) throw davNotFound();
  checkConditions(existing, conditions);
  await serviceCall(() => remove(existing));
}

/** A VCALENDAR with its version and product id, for a to-do to go in. */
export function todoCalendar(prodid: string): ICAL.Component {
  const root = new ICAL.Component(['vcalendar', [], []]);
  root.addPropertyWithValue('version', '2.0');
  root.addPropertyWithValue('prodid', prodid);
  return root;
}

/** A VTODO's opening properties: UID, the stamps, summary and description. */
export function todoHead(
  row: { title: string; created_at: string; updated_at: string },
  uid: string,
  description: string | null,
): ICAL.Component {
  const todo = new ICAL.Component(['vtodo', [], []]);
  todo.addPropertyWithValue('uid', uid);
  todo.addPropertyWithValue('dtstamp', utc(row.updated_at));
  todo.addPropertyWithValue('created', utc(row.created_at));
  todo.addPropertyWithValue('last-modified', utc(row.updated_at));
  todo.addPropertyWithValue('summary', row.title);
  if (description) todo.addPropertyWithValue('description', description);
  return todo;
}

/** Adds what an app sent that Hearth keeps as it was, puts the to-do in and gives the text. */
export function todoText(root: ICAL.Component, todo: ICAL.Component, extraText: string | null): string {
  const extra = extraText ? (JSON.parse(extraText) as ExtraParts) : null;
  for (const p of extra?.properties ?? []) todo.addProperty(new ICAL.Property(p as ICAL.JCal));
  for (const c of extra?.components ?? []) todo.addSubcomponent(new ICAL.Component(c as ICAL.JCal));
  root.addSubcomponent(todo);
  return `${root.toString()}\r\n`;
}
