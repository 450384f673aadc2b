import type { Event, EventInput, EventPatch, LiveAction } from '@hearth/contract';
import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_TITLE_MAX, EventMessages } from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { houseRequired, notFound, validationError } from '../../lib/errors.js';
import { optionalText } from '../../lib/text.js';
import { resolveEventTimes } from './event-times.js';
import type { EventsRepository, EventWithCreator, FeedRow } from './repository.js';
import { hashSubscriptionSecret } from './subscriptions.js';

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
  };
}

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

/** The checked, normalised fields of an event as stored. */
function eventFields(input: EventPatch & { title?: string }) {
  return {
    title: eventTitle(input.title),
    description: optionalText(input.description, 'description', EVENT_DESCRIPTION_MAX),
    location: optionalText(input.location, 'location', EVENT_LOCATION_MAX),
    ...resolveEventTimes({
      start: input.start_datetime,
      end: input.end_datetime,
      allDay: input.all_day ?? false,
      timeZone: input.time_zone,
    }),
  };
}

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

  async create(identity: Identity, input: EventInput): Promise<Event> {
    const { user, houseId } = await this.membership.house(identity, () =>
      houseRequired(EventMessages.houseRequired),
    );
    // The house named in the body must be the caller's own: any other is one they cannot see.
    if (input.house_id !== houseId) throw notFound('House');
    const now = new Date().toISOString();
    const fields = eventFields(input);
    const row = await this.events.insert({
      ...fields,
      all_day: fields.all_day ? 1 : 0,
      house_id: houseId,
      user_id: user.user_id,
      created_at: now,
      updated_at: now,
    });
    await this.publish(houseId, user, 'created', row.event_id);
    return toEvent({ ...row, username: user.username });
  }

  /** Applies the given fields over the stored event and checks the result as a whole. */
  async update(identity: Identity, eventId: number, patch: EventPatch): Promise<Event> {
    const { user, houseId } = await this.member(identity);
    const current = await this.events.findInHouse(eventId, houseId);
    if (!current) throw eventNotFound();
    const merged = {
      title: patch.title ?? current.title,
      description: patch.description !== undefined ? patch.description : current.description,
      location: patch.location !== undefined ? patch.location : current.location,
      start_datetime: patch.start_datetime !== undefined ? patch.start_datetime : current.start_datetime,
      end_datetime: patch.end_datetime !== undefined ? patch.end_datetime : current.end_datetime,
      all_day: patch.all_day ?? Boolean(current.all_day),
      time_zone: patch.time_zone ?? current.time_zone,
    };
    const fields = eventFields(merged);
    const changed = await this.events.update(eventId, houseId, {
      ...fields,
      all_day: fields.all_day ? 1 : 0,
      updated_at: new Date().toISOString(),
    });
    const row = changed ? await this.events.findInHouse(eventId, houseId) : undefined;
    if (!row) throw eventNotFound();
    await this.publish(houseId, user, 'updated', eventId);
    return toEvent(row);
  }

  async remove(identity: Identity, eventId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.events.delete(eventId, houseId))) throw eventNotFound();
    await this.publish(houseId, user, 'deleted', eventId);
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
    return { houseName: first.house_name, rows };
  }
}
