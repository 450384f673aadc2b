import { createHash } from 'node:crypto';
import {
  EXTERNAL_CALENDAR_COLOR_PATTERN,
  EXTERNAL_CALENDAR_NAME_MAX,
  EXTERNAL_CALENDAR_REFRESH_MINUTES,
  EXTERNAL_CALENDARS_MAX,
  type ExternalCalendar,
  type ExternalCalendarInput,
} from '@hearth/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import { conflict, notFound, validationError } from '../../lib/errors.js';
import { checkOutboundUrl, type OutboundPolicy } from '../../lib/outbound/index.js';
import { requiredText } from '../../lib/text.js';
import { FeedProblem, fetchFeed } from './fetcher.js';
import type { CalendarFields, ExternalCalendarsRepository, FetchOutcome } from './repository.js';
import type { ExternalCalendarRow } from './tables.js';

export const REFRESH_MS = EXTERNAL_CALENDAR_REFRESH_MINUTES * 60_000;
const COLOR = new RegExp(EXTERNAL_CALENDAR_COLOR_PATTERN);

export function toExternalCalendar(row: ExternalCalendarRow): ExternalCalendar {
  return {
    external_calendar_id: row.external_calendar_id,
    name: row.name,
    url: row.url,
    color: row.color,
    shared: Boolean(row.shared),
    last_fetched_at: row.last_fetched_at,
    last_error: row.last_error,
  };
}

export interface ExternalCalendarsOptions {
  outbound: OutboundPolicy;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

/**
 * Outside calendars: a house-wide one is seen and changed by every member, a personal one by the person
 * who added it alone (to anyone else it does not exist). Fetching goes through the outbound guard only.
 */
export class ExternalCalendarsService {
  private readonly clock: () => Date;

  constructor(
    private readonly calendars: ExternalCalendarsRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly options: ExternalCalendarsOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  async list(identity: Identity): Promise<ExternalCalendar[]> {
    const { user, houseId } = await this.membership.house(identity);
    return (await this.calendars.listVisible(houseId, user.user_id)).map(toExternalCalendar);
  }

  async create(identity: Identity, input: ExternalCalendarInput): Promise<ExternalCalendar> {
    const { user, houseId } = await this.membership.house(identity);
    const fields = await this.checkFields(input);
    if ((await this.calendars.countInHouse(houseId)) >= EXTERNAL_CALENDARS_MAX) {
      throw conflict(
        'too_many_external_calendars',
        `A house can have at most ${EXTERNAL_CALENDARS_MAX} outside calendars; remove one first.`,
      );
    }
    const row = await this.calendars.insert(houseId, user.user_id, fields, this.now(), this.nextFetch());
    const fetched = await this.fetchNow(row);
    await this.tell(fetched, 'created', user.user_id);
    return toExternalCalendar(fetched);
  }

  async update(identity: Identity, id: number, input: ExternalCalendarInput): Promise<ExternalCalendar> {
    const { user, houseId } = await this.membership.house(identity);
    const current = await this.calendars.findVisible(houseId, user.user_id, id);
    if (!current) throw notFound('Calendar');
    const fields = await this.checkFields(input);
    const urlChanged = fields.url !== current.url;
    await this.calendars.update(id, fields, urlChanged, this.now());
    let row = (await this.calendars.byId(id)) ?? current;
    if (urlChanged) row = await this.fetchNow(row);
    await this.tell(row, 'updated', user.user_id, Boolean(current.shared));
    return toExternalCalendar(row);
  }

  async remove(identity: Identity, id: number): Promise<void> {
    const { user, houseId } = await this.membership.house(identity);
    const current = await this.calendars.findVisible(houseId, user.user_id, id);
    if (!current) throw notFound('Calendar');
    await this.calendars.delete(id);
    await this.tell(current, 'deleted', user.user_id);
  }

  /** Fetches now (conditionally, as the scheduler would) and answers the calendar as it then is. */
  async refresh(identity: Identity, id: number): Promise<ExternalCalendar> {
    const { user, houseId } = await this.membership.house(identity);
    const current = await this.calendars.findVisible(houseId, user.user_id, id);
    if (!current) throw notFound('Calendar');
    const row = await this.fetchNow(current);
    await this.tell(row, 'updated', user.user_id);
    return toExternalCalendar(row);
  }

  /** One scheduled fetch: called by the scheduler for a calendar it claimed. */
  async fetchScheduled(id: number): Promise<void> {
    const row = await this.calendars.byId(id);
    if (!row) return;
    const after = await this.fetchAndRecord(row);
    if (after.last_fetched_at !== row.last_fetched_at || after.last_error !== row.last_error) {
      await this.tell(after, 'updated');
    }
  }

  get repository(): ExternalCalendarsRepository {
    return this.calendars;
  }

  /**
   * Fetches every calendar that fell due and that this instance claims first (the schedule is rows in
   * the database, so several instances share the work and a restart loses nothing). Answers how many.
   */
  async refreshDue(batch = 20): Promise<number> {
    const due = await this.calendars.due(this.now(), batch);
    let done = 0;
    for (const { external_calendar_id, next_fetch_at } of due) {
      if (!(await this.calendars.claim(external_calendar_id, next_fetch_at, this.nextFetch()))) continue;
      await this.fetchScheduled(external_calendar_id);
      done++;
    }
    return done;
  }

  private nextFetch(): string {
    return new Date(this.clock().getTime() + REFRESH_MS).toISOString();
  }

  private now(): string {
    return this.clock().toISOString();
  }

  private async checkFields(input: ExternalCalendarInput): Promise<CalendarFields> {
    const name = requiredText(input.name, 'name', EXTERNAL_CALENDAR_NAME_MAX);
    const url = input.url.trim();
    if (url === '') throw validationError('url', 'url must not be empty.');
    // The answer is a 400 naming `url` for anything but https (or webcal) to a public address.
    await checkOutboundUrl(url, 'url', this.options.outbound);
    const color = input.color.trim();
    if (!COLOR.test(color)) throw validationError('color', 'color must be a colour such as #3b82f6.');
    return { name, url, color: color.toLowerCase(), shared: input.shared };
  }

  /** A fetch a person asked for: done now, and the next scheduled one a full interval later. */
  private async fetchNow(row: ExternalCalendarRow): Promise<ExternalCalendarRow> {
    await this.calendars.reschedule(row.external_calendar_id, this.nextFetch());
    return this.fetchAndRecord(row);
  }

  private async fetchAndRecord(row: ExternalCalendarRow): Promise<ExternalCalendarRow> {
    let outcome: FetchOutcome;
    try {
      const result = await fetchFeed(
        row.url,
        {
          etag: row.feed === null ? null : row.etag,
          lastModified: row.feed === null ? null : row.last_modified,
        },
        this.options.outbound,
      );
      const at = this.now();
      outcome =
        result.kind === 'unchanged'
          ? { unchanged: true, at }
          : {
              feed: result.text,
              feed_hash: createHash('sha256').update(result.text).digest('hex'),
              etag: result.etag,
              last_modified: result.lastModified,
              at,
            };
    } catch (err) {
      if (!(err instanceof FeedProblem)) throw err;
      this.options.log.info(
        { calendar: row.external_calendar_id, problem: err.message },
        'outside calendar fetch failed',
      );
      outcome = { error: err.message };
    }
    await this.calendars.recordFetch(row.external_calendar_id, row.url, outcome);
    return (await this.calendars.byId(row.external_calendar_id)) ?? row;
  }

  /** House-wide changes go to the house; personal ones (and a calendar made personal) to the owner. */
  private async tell(
    row: ExternalCalendarRow,
    action: 'created' | 'updated' | 'deleted',
    actorId?: number,
    wasShared = false,
  ): Promise<void> {
    const change = {
      kind: 'external_calendars',
      entity: 'external_calendar',
      action,
      id: row.external_calendar_id,
      ...(actorId === undefined ? {} : { actor_id: actorId }),
    };
    if (row.shared || wasShared) await this.live.publish(row.house_id, change);
    else if (row.user_id !== null) await this.live.publishToUser(row.user_id, change);
  }
}
