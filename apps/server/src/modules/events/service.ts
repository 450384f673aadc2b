import type {
  Event,
  EventDeleteQuery,
  EventInput,
  EventOccurrence,
  EventPatch,
  EventRangeQuery,
  LiveAction,
} from '@hearth/contract';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_OCCURRENCES_MAX,
  EVENT_TITLE_MAX,
  EventMessages,
} from '@hearth/contract';
import { DateTime } from 'luxon';
import type { HouseEvents } from '../../core/house-events.js';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { houseRequired, notFound, validationError } from '../../lib/errors.js';
import { ISO_INSTANT, parseInstant } from '../../lib/iso-instant.js';
import { optionalText } from '../../lib/text.js';
import { readable } from '../../lib/unusable-rows.js';
import { resolveEventTimes } from './event-times.js';
import {
  checkRrule,
  endRuleBefore,
  expandSeries,
  inRange,
  isOccurrence,
  occurrenceStarting,
  ruleFrom,
  type SeriesTimes,
  shiftWall,
  TooManyOccurrences,
} from './recurrence.js';
import type { EventsRepository, EventWithCreator, FeedRow } from './repository.js';
import { hashSubscriptionSecret } from './subscriptions.js';
import type { EventRow } from './tables.js';

export function toEvent(row: EventWithCreator): Event {
  return {
    event_id: row.event_id,
    house_id: row.house_id,
    title: row.title,
    description: row.description,
    location: row.location,
    start_datetime: row.start_datetime,
    end_datetime: row.end_datetime,
    all_day: Boolean(row.all_day),
    start_date: row.start_date,
    end_date: row.end_date,
    time_zone: row.time_zone,
    created_at: row.created_at,
    updated_at: row.updated_at,
    user_id: row.user_id,
    username: row.username,
    rrule: row.rrule ?? null,
    exdates: parseExdates(row.exdates),
  };
}

/** The removed occurrences' original starts as stored (a JSON array; anything else reads as none). */
export function parseExdates(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** What the expansion needs of a stored event. */
export function seriesOf(row: EventRow): SeriesTimes {
  return {
    start: row.start_datetime,
    end: row.end_datetime,
    allDay: Boolean(row.all_day),
    startDate: row.start_date,
    endDate: row.end_date,
    timeZone: row.time_zone,
    rrule: row.rrule ?? null,
    exdates: parseExdates(row.exdates),
  };
}

/** What a read needs of a stored event row (a feed row has its columns too). */
type StoredEvent = Pick<
  EventRow,
  | 'start_datetime'
  | 'end_datetime'
  | 'all_day'
  | 'start_date'
  | 'end_date'
  | 'time_zone'
  | 'rrule'
  | 'exdates'
  | 'recurrence_id'
  | 'created_at'
  | 'updated_at'
>;

const isRealDate = (text: string | null) =>
  text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: 'utc' }).isValid;

/**
 * A stored event checked by the rules it was written by (times in order, a known zone, real days, a rule
 * that parses, instants that exist), for reads that leave out a row they cannot use instead of failing.
 */
export function checkStoredEvent(row: StoredEvent): void {
  resolveEventTimes({
    start: row.start_datetime,
    end: row.end_datetime,
    allDay: Boolean(row.all_day),
    timeZone: row.time_zone,
  });
  if (row.all_day && !(isRealDate(row.start_date) && isRealDate(row.end_date))) {
    throw new Error('an all-day event without real start and end days');
  }
  checkRrule(row.rrule, row.time_zone);
  for (const at of [row.created_at, row.updated_at, ...parseExdates(row.exdates)])
    parseInstant(at, 'instant');
  if (row.recurrence_id !== null) parseInstant(row.recurrence_id, 'recurrence_id');
}

/**
 * Stored values already found usable, by their text: checking a zone and parsing times costs far more
 * than a lookup, and a calendar reads the same rows again and again. Bounded; cleared when full.
 */
const usableValues = new Set<string>();
const USABLE_VALUES_MAX = 20_000;

const valuesKey = (row: StoredEvent) =>
  [
    row.start_datetime,
    row.end_datetime,
    row.all_day ? 1 : 0,
    row.start_date,
    row.end_date,
    row.time_zone,
    row.rrule,
    row.exdates,
    row.recurrence_id,
    row.created_at,
    row.updated_at,
  ].join('\u0000');

/** The rows a read can use; each one it cannot is left out and reported once. */
export function readableEvents<T extends { event_id: number | null }>(rows: readonly T[]): T[] {
  return rows.filter((row) => {
    if (row.event_id === null) return true;
    const stored = row as unknown as StoredEvent;
    const key = valuesKey(stored);
    if (usableValues.has(key)) return true;
    const usable = readable('event', row.event_id, () => {
      checkStoredEvent(stored);
      return true;
    });
    if (usable) {
      if (usableValues.size >= USABLE_VALUES_MAX) usableValues.clear();
      usableValues.add(key);
    }
    return usable === true;
  });
}

/** A range bound: an ISO instant, or a 400 naming the field. */
function rangeBound(value: string, field: 'from' | 'to'): Date {
  const text = value.trim();
  const at = ISO_INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at))
    throw validationError(field, `${field} must be an ISO-8601 instant, e.g. 2026-11-23T00:00:00Z.`);
  return new Date(at);
}

/** Checks a range: two instants, `to` after `from`. */
export function checkRange(query: EventRangeQuery): { from: Date; to: Date } {
  const from = rangeBound(query.from, 'from');
  const to = rangeBound(query.to, 'to');
  if (to.getTime() <= from.getTime()) throw validationError('to', 'to must be after from.');
  return { from, to };
}

const tooManyOccurrences = () =>
  validationError(
    'to',
    `The range holds more than ${EVENT_OCCURRENCES_MAX} occurrences; ask for a shorter one.`,
  );

/** Trimmed and required; a blank title gets the same sentence the event dialog shows. */
function eventTitle(value: string | undefined): string {
  const title = (value ?? '').trim();
  if (title === '') throw validationError('title', EventMessages.titleRequired);
  if (title.length > EVENT_TITLE_MAX) {
    throw validationError('title', `title must be at most ${EVENT_TITLE_MAX} characters.`);
  }
  return title;
}

const eventNotFound = () => notFound('Event');

/**
 * An original start naming one occurrence of the series (a 400 naming `field` otherwise), normalised as
 * occurrences are keyed.
 */
export function checkOccurrenceKey(
  series: SeriesTimes,
  value: string | undefined,
  field = 'occurrence_start',
): string {
  const text = value?.trim() ?? '';
  const at = ISO_INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) {
    throw validationError(field, `${field} must be the ISO instant an occurrence starts at.`);
  }
  const key = new Date(at).toISOString();
  if (!isOccurrence(series, key)) {
    throw validationError(field, `${field} is not an occurrence of this event.`);
  }
  return key;
}

/**
 * The checked, normalised fields of an event as stored: the one rule for an event's title, texts, times,
 * zone and repeat rule, for the API and the house import alike.
 */
export function eventFields(input: EventPatch & { title?: string }) {
  const times = resolveEventTimes({
    start: input.start_datetime,
    end: input.end_datetime,
    allDay: input.all_day ?? false,
    timeZone: input.time_zone,
  });
  return {
    title: eventTitle(input.title),
    description: optionalText(input.description, 'description', EVENT_DESCRIPTION_MAX),
    location: optionalText(input.location, 'location', EVENT_LOCATION_MAX),
    ...times,
    rrule: checkRrule(input.rrule, times.time_zone),
  };
}

/** The stored event's fields under a patch (fields the patch leaves out keep their values). */
function mergedFields(current: EventRow, patch: EventPatch) {
  return {
    title: patch.title ?? current.title,
    description: patch.description !== undefined ? patch.description : current.description,
    location: patch.location !== undefined ? patch.location : current.location,
    start_datetime: patch.start_datetime !== undefined ? patch.start_datetime : current.start_datetime,
    end_datetime: patch.end_datetime !== undefined ? patch.end_datetime : current.end_datetime,
    all_day: patch.all_day ?? Boolean(current.all_day),
    time_zone: patch.time_zone ?? current.time_zone,
    rrule: patch.rrule !== undefined ? patch.rrule : current.rrule,
  };
}

type Fields = ReturnType<typeof eventFields>;

const asRow = (fields: Fields) => ({ ...fields, all_day: fields.all_day ? 1 : 0 });

/** How a feed request proved who it is. */
export type FeedCredential = { identity: Identity } | { subscriptionSecret: string };

/**
 * The house calendar. Every member may read, create, edit and delete the house's events;
 * anyone else gets 404 for them, never a hint that they exist.
 */
export class EventsService {
  constructor(
    private readonly events: EventsRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly houseEvents: HouseEvents,
  ) {}

  /** Tells housemates' open calendars to refetch, once the change is committed. */
  private publish(houseId: number, user: UserRow, action: LiveAction, eventId: number) {
    return this.live.publish(houseId, {
      kind: 'events',
      entity: 'event',
      action,
      id: eventId,
      actor_id: user.user_id,
    });
  }

  /** The caller's row and house: a caller without a house has no events to see (404). */
  private member(identity: Identity) {
    return this.membership.house(identity, eventNotFound);
  }

  async get(identity: Identity, eventId: number): Promise<Event> {
    const { houseId } = await this.member(identity);
    const row = await this.events.findInHouse(eventId, houseId);
    if (!row) throw eventNotFound();
    return toEvent(row);
  }

  /**
   * Every occurrence in [from, to), in order: one-off events, the expanded series without their removed
   * occurrences, and occurrences edited on their own in place of the ones they replace. At most
   * EVENT_OCCURRENCES_MAX; a range holding more is a 400.
   */
  async list(identity: Identity, query: EventRangeQuery): Promise<EventOccurrence[]> {
    const { houseId } = await this.member(identity);
    const { from, to } = checkRange(query);
    const rows = readableEvents(await this.events.rangeRows(houseId, from.toISOString(), to.toISOString()));
    const masters = rows.filter((r) => r.series_id === null);
    const bySeries = new Map(masters.map((m) => [m.event_id, m]));
    const overridden = new Set(
      rows.filter((r) => r.series_id !== null).map((r) => `${r.series_id} ${r.recurrence_id}`),
    );
    const out: EventOccurrence[] = [];
    try {
      for (const master of masters) {
        const event = toEvent(master);
        const series = seriesOf(master);
        for (const occ of expandSeries(series, from, to, EVENT_OCCURRENCES_MAX - out.length)) {
          if (master.rrule && overridden.has(`${master.event_id} ${occ.key}`)) continue;
          out.push({
            ...event,
            start_datetime: occ.start,
            end_datetime: occ.end,
            start_date: occ.startDate,
            end_date: occ.endDate,
            occurrence_start: occ.key,
            overridden: false,
          });
        }
      }
    } catch (err) {
      if (err instanceof TooManyOccurrences) throw tooManyOccurrences();
      throw err;
    }
    for (const row of rows) {
      const master = row.series_id === null ? undefined : bySeries.get(row.series_id);
      if (!master || row.recurrence_id === null) continue;
      if (seriesOf(master).exdates.includes(row.recurrence_id)) continue;
      if (!inRange(row.start_datetime, row.end_datetime, from.getTime(), to.getTime())) continue;
      if (out.length >= EVENT_OCCURRENCES_MAX) throw tooManyOccurrences();
      out.push({
        ...toEvent(row),
        event_id: master.event_id,
        rrule: master.rrule ?? null,
        exdates: parseExdates(master.exdates),
        occurrence_start: row.recurrence_id,
        overridden: true,
      });
    }
    return out.sort((a, b) => a.start_datetime.localeCompare(b.start_datetime) || a.event_id - b.event_id);
  }

  async create(identity: Identity, input: EventInput): Promise<Event> {
    const { user, houseId } = await this.membership.house(identity, () =>
      houseRequired(EventMessages.houseRequired),
    );
    // The house named in the body must be the caller's own: any other is one they cannot see.
    if (input.house_id !== houseId) throw notFound('House');
    const now = new Date().toISOString();
    const fields = eventFields(input);
    const event = await this.events.transaction(async (events) => {
      const row = await events.insert({
        ...asRow(fields),
        house_id: houseId,
        user_id: user.user_id,
        created_at: now,
        updated_at: now,
      });
      const made = toEvent({ ...row, username: user.username });
      await this.houseEvents.emit(houseId, user, 'event.created', made, events.db);
      return made;
    });
    await this.publish(houseId, user, 'created', event.event_id);
    return event;
  }

  /**
   * The original start an edit of a repeating event names: required for 'this' and 'following', and it
   * must be one of the series' occurrences (a 400 naming occurrence_start otherwise).
   */
  private occurrenceKey(current: EventRow, value: string | undefined): string {
    const key = checkOccurrenceKey(seriesOf(current), value);
    if (seriesOf(current).exdates.includes(key)) throw eventNotFound();
    return key;
  }

  /**
   * Applies the given fields over the stored event and checks the result as a whole. For a repeating
   * event, `scope` says which part: 'this' occurrence alone, 'this and following' (the series is split
   * there), or 'all' (the default).
   */
  async update(identity: Identity, eventId: number, patch: EventPatch): Promise<Event> {
    const { user, houseId } = await this.member(identity);
    const current = await this.events.findInHouse(eventId, houseId);
    if (!current) throw eventNotFound();
    const scope = current.rrule ? (patch.scope ?? 'all') : 'all';
    const key =
      current.rrule && (scope !== 'all' || patch.occurrence_start !== undefined)
        ? this.occurrenceKey(current, patch.occurrence_start)
        : undefined;
    let result: Event;
    if (scope === 'this' && key) result = await this.updateOccurrence(current, user, key, patch);
    else if (scope === 'following' && key && key !== current.start_datetime) {
      result = await this.split(current, user, key, patch);
    } else result = await this.updateAll(current, user, key, patch);
    // Each path announces in its own transaction.
    await this.publish(houseId, user, 'updated', eventId);
    return result;
  }

  /**
   * The whole series. Times given for an occurrence move the series by as much (in wall-clock time). When
   * the times, the zone or the rule change, removed and edited occurrences no longer line up and are
   * dropped.
   */
  private async updateAll(
    current: EventWithCreator,
    user: UserRow,
    key: string | undefined,
    patch: EventPatch,
  ): Promise<Event> {
    const merged = mergedFields(current, patch);
    if (key && key !== current.start_datetime && patch.start_datetime) {
      const zone = merged.time_zone;
      const start = shiftWall(current.start_datetime, key, patch.start_datetime, zone);
      const length =
        Date.parse(patch.end_datetime ?? current.end_datetime) - Date.parse(patch.start_datetime);
      merged.start_datetime = start;
      merged.end_datetime = new Date(Date.parse(start) + length).toISOString();
    }
    const fields = eventFields(merged);
    const reshaped =
      fields.start_datetime !== current.start_datetime ||
      fields.end_datetime !== current.end_datetime ||
      fields.all_day !== Boolean(current.all_day) ||
      fields.time_zone !== current.time_zone ||
      fields.rrule !== (current.rrule ?? null);
    const houseId = current.house_id;
    const row = await this.events.transaction(async (events) => {
      const changed = await events.update(current.event_id, houseId, {
        ...asRow(fields),
        ...(reshaped ? { exdates: '[]' } : {}),
        updated_at: new Date().toISOString(),
      });
      if (reshaped) await events.deleteOverrides(current.event_id);
      return changed ? this.announceUpdated(events, houseId, user, current.event_id) : undefined;
    });
    if (!row) throw eventNotFound();
    return row;
  }

  /** One occurrence edited on its own: a row of its own that replaces it (made, or changed again). */
  private async updateOccurrence(
    current: EventWithCreator,
    user: UserRow,
    key: string,
    patch: EventPatch,
  ): Promise<Event> {
    if (patch.rrule !== undefined && patch.rrule !== null && patch.rrule.trim() !== '') {
      throw validationError('rrule', 'A single occurrence cannot repeat; edit the series instead.');
    }
    const existing = await this.events.findOverride(current.event_id, key);
    const occ = occurrenceStarting(seriesOf(current), key);
    const base: EventRow = existing ?? {
      ...current,
      start_datetime: occ.start,
      end_datetime: occ.end,
      start_date: occ.startDate,
      end_date: occ.endDate,
    };
    const fields = eventFields({ ...mergedFields(base, { ...patch, rrule: null }), rrule: null });
    const now = new Date().toISOString();
    const row = await this.events.transaction(async (events) => {
      if (existing) {
        await events.update(existing.event_id, current.house_id, { ...asRow(fields), updated_at: now });
      } else {
        await events.insert({
          ...asRow(fields),
          house_id: current.house_id,
          user_id: user.user_id,
          series_id: current.event_id,
          recurrence_id: key,
          created_at: now,
          updated_at: now,
        });
      }
      // Calendar apps see the series change too.
      await events.update(current.event_id, current.house_id, { updated_at: now });
      return this.announceUpdated(events, current.house_id, user, current.event_id);
    });
    if (!row) throw eventNotFound();
    return row;
  }

  /**
   * 'This and following': the series ends just before `key` and a new series, with the changes, starts
   * there. A counted series keeps its total. Removed and edited occurrences from `key` on go with the new
   * series when its times are unchanged, and are dropped otherwise.
   */
  private async split(
    current: EventWithCreator,
    user: UserRow,
    key: string,
    patch: EventPatch,
  ): Promise<Event> {
    const series = seriesOf(current);
    const rule = { ...series, rrule: current.rrule as string };
    const occ = occurrenceStarting(series, key);
    const merged = mergedFields(
      {
        ...current,
        start_datetime: occ.start,
        end_datetime: occ.end,
        start_date: occ.startDate,
        end_date: occ.endDate,
        rrule: ruleFrom(rule, key),
      },
      patch,
    );
    const fields = eventFields(merged);
    const sameTimes =
      fields.start_datetime === occ.start &&
      fields.all_day === series.allDay &&
      fields.time_zone === series.timeZone &&
      fields.rrule === ruleFrom(rule, key);
    const before = series.exdates.filter((d) => d < key);
    const after = series.exdates.filter((d) => d >= key);
    const now = new Date().toISOString();
    const made = await this.events.transaction(async (events) => {
      await events.update(current.event_id, current.house_id, {
        rrule: endRuleBefore(rule, key),
        exdates: JSON.stringify(before),
        updated_at: now,
      });
      const row = await events.insert({
        ...asRow(fields),
        exdates: JSON.stringify(sameTimes ? after : []),
        house_id: current.house_id,
        user_id: user.user_id,
        created_at: now,
        updated_at: now,
      });
      if (sameTimes) await events.moveOverrides(current.event_id, row.event_id, key);
      else await events.deleteOverrides(current.event_id, key);
      // The new series is created; the one it was split from is updated.
      const event = toEvent({ ...row, username: user.username });
      await this.houseEvents.emit(current.house_id, user, 'event.created', event, events.db);
      await this.announceUpdated(events, current.house_id, user, current.event_id);
      return event;
    });
    await this.publish(current.house_id, user, 'created', made.event_id);
    return made;
  }

  /**
   * Deletes an event; for a repeating one, `scope` says which part: 'this' occurrence (remembered as
   * removed), 'this and following' (the series ends before it), or 'all' (the default).
   */
  async remove(identity: Identity, eventId: number, query: EventDeleteQuery = {}): Promise<void> {
    const { user, houseId } = await this.member(identity);
    const current = await this.events.findInHouse(eventId, houseId);
    if (!current) throw eventNotFound();
    const scope = current.rrule ? (query.scope ?? 'all') : 'all';
    const key = scope === 'all' ? undefined : this.occurrenceKey(current, query.occurrence_start);
    if (!key || (scope === 'following' && key === current.start_datetime)) {
      await this.events.transaction(async (events) => {
        if (!(await events.delete(eventId, houseId))) throw eventNotFound();
        await this.houseEvents.emit(houseId, user, 'event.deleted', { event_id: eventId }, events.db);
      });
      await this.publish(houseId, user, 'deleted', eventId);
      return;
    }
    const series = seriesOf(current);
    const now = new Date().toISOString();
    await this.events.transaction(async (events) => {
      if (scope === 'this') {
        await events.update(eventId, houseId, {
          exdates: JSON.stringify([...series.exdates, key].sort()),
          updated_at: now,
        });
        await events.deleteOverride(eventId, key);
      } else {
        await events.update(eventId, houseId, {
          rrule: endRuleBefore({ ...series, rrule: current.rrule as string }, key),
          exdates: JSON.stringify(series.exdates.filter((d) => d < key)),
          updated_at: now,
        });
        await events.deleteOverrides(eventId, key);
      }
      await this.announceUpdated(events, houseId, user, eventId);
    });
    await this.publish(houseId, user, 'updated', eventId);
  }

  /** Reads an event as it now reads and announces it, in the change's own transaction. */
  private async announceUpdated(
    events: EventsRepository,
    houseId: number,
    user: UserRow,
    eventId: number,
  ): Promise<Event | undefined> {
    const row = await events.findInHouse(eventId, houseId);
    if (!row) return undefined;
    const event = toEvent(row);
    await this.houseEvents.emit(houseId, user, 'event.updated', event, events.db);
    return event;
  }

  /**
   * The rows of the house's feed, in one query that also proves membership: a caller who is not (or no
   * longer) a member, a revoked or unknown subscription link, or a missing house all get the same 404.
   */
  async feed(houseId: number, credential: FeedCredential): Promise<{ houseName: string; rows: FeedRow[] }> {
    const caller =
      'identity' in credential
        ? { issuer: credential.identity.issuer, subject: credential.identity.subject }
        : { tokenHash: hashSubscriptionSecret(credential.subscriptionSecret) };
    const rows = await this.events.feedRows(houseId, caller);
    const first = rows[0];
    if (!first) throw notFound('Calendar');
    return { houseName: first.house_name, rows: readableEvents(rows) };
  }
}
