import type { Readable } from 'node:stream';
import type { PersonalFeedLink, TimelineBill, TimelineTask } from '@hearth/contract';
import { ICalAlarmType, ICalCalendar, ICalEvent } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import type { Db } from '../../db/create-db.js';
import { houseRequired, notFound } from '../../lib/errors.js';
import { billsDueBetween } from '../bills/index.js';
import { type OwnReminder, remindersOf } from '../reminders/index.js';
import { tasksDueBetween } from '../tasks/index.js';
import { nextDay } from './event-times.js';
import { type ExtraEvents, feedStream } from './feed.js';
import type { PersonalFeedRepository } from './personal-feed-repository.js';
import type { EventsRepository } from './repository.js';
import { readableEvents } from './service.js';
import { hashSubscriptionSecret, newSubscriptionSecret } from './subscriptions.js';

/** Bills are listed from a month back to a year ahead. */
const BILLS_BACK_DAYS = 31;
const BILLS_AHEAD_DAYS = 366;
/** A task occupies this long in a calendar app, from when it is due. */
const TASK_MINUTES = 30;

const feedNotFound = () => notFound('Calendar');

/** An amount in minor units as people read it in its currency (e.g. 12.50 EUR, 1200 JPY). */
export function money(amountMinor: number, currency: string): string {
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // An unknown currency code keeps two decimals.
  }
  return `${(amountMinor / 10 ** digits).toFixed(digits)} ${currency}`;
}

/**
 * A reminder's repeat as an RRULE, matching how reminders count: a monthly reminder on the 29th-31st falls
 * on the month's last day in shorter months (the earlier of that day and the last day).
 */
export function reminderRrule(reminder: OwnReminder): string | null {
  switch (reminder.repeat_interval) {
    case 'Daily':
      return 'FREQ=DAILY';
    case 'Weekly':
      return 'FREQ=WEEKLY';
    case 'Monthly': {
      const day = DateTime.fromISO(reminder.remind_time, { zone: reminder.time_zone }).day;
      return day > 28 ? `FREQ=MONTHLY;BYMONTHDAY=${day},-1;BYSETPOS=1` : 'FREQ=MONTHLY';
    }
    default:
      return null;
  }
}

/** The VEVENTs a member's personal feed adds to the house's events. */
export function personalEvents(
  host: string,
  publicUrl: string,
  parts: {
    tasks: readonly TimelineTask[];
    bills: readonly TimelineBill[];
    reminders: readonly OwnReminder[];
  },
): ExtraEvents {
  const calendar = new ICalCalendar();
  function* events(): Generator<string> {
    for (const task of parts.tasks) {
      const start = DateTime.fromISO(task.due_at, { zone: 'utc' });
      yield new ICalEvent(
        {
          id: `task-${task.task_id}@${host}`,
          summary: `${task.title} (your turn)`,
          start: task.due_at,
          end: start.plus({ minutes: TASK_MINUTES }).toISO() as string,
          stamp: task.due_at,
          url: `${publicUrl}/tasks`,
          categories: [{ name: 'Task' }],
        },
        calendar,
      ).toString();
    }
    for (const bill of parts.bills) {
      yield new ICalEvent(
        {
          id: `bill-${bill.recurring_id}-${bill.due_on}@${host}`,
          summary: `Bill due: ${bill.title}`,
          description: money(bill.amount_minor, bill.currency),
          allDay: true,
          start: `${bill.due_on}T00:00:00Z`,
          end: `${nextDay(bill.due_on)}T00:00:00Z`,
          stamp: `${bill.due_on}T00:00:00Z`,
          url: `${publicUrl}/bills`,
          categories: [{ name: 'Bill' }],
        },
        calendar,
      ).toString();
    }
    for (const reminder of parts.reminders) {
      const rrule = reminderRrule(reminder);
      const start = DateTime.fromISO(reminder.remind_time, { zone: reminder.time_zone });
      yield new ICalEvent(
        {
          id: `reminder-${reminder.reminder_id}@${host}`,
          summary: reminder.title,
          ...(reminder.description ? { description: reminder.description } : {}),
          timezone: reminder.time_zone,
          start,
          end: start,
          ...(rrule ? { repeating: `RRULE:${rrule}` } : {}),
          stamp: reminder.updated_at,
          created: reminder.created_at,
          lastModified: reminder.updated_at,
          categories: [{ name: 'Reminder' }],
          alarms: [{ type: ICalAlarmType.display, trigger: 0, description: reminder.title }],
        },
        calendar,
      ).toString();
    }
  }
  return {
    zones: parts.reminders.map((r) => ({ zone: r.time_zone, start: r.remind_time })),
    events: events(),
  };
}

/**
 * Each member's personal feed: the house's events, their own turns at tasks, bills falling due and their
 * own reminders (with an alarm), behind a private link that a new link or a revoke stops at once. The
 * link works only while its member lives in a house; nobody else's reminders are ever read for it.
 */
export class PersonalFeedService {
  constructor(
    private readonly db: Db,
    private readonly links: PersonalFeedRepository,
    private readonly events: EventsRepository,
    private readonly membership: Membership,
    private readonly publicUrl: string,
  ) {}

  async makeLink(identity: Identity): Promise<PersonalFeedLink> {
    const { user } = await this.membership.house(identity, () =>
      houseRequired('You need to join a house before making a personal feed link.'),
    );
    const secret = newSubscriptionSecret();
    await this.links.replace({
      user_id: user.user_id,
      token_hash: hashSubscriptionSecret(secret),
      hint: secret.slice(-4),
      created_at: new Date().toISOString(),
    });
    return { url: `${this.publicUrl}/api/feed/me.ics?token=${encodeURIComponent(secret)}` };
  }

  async revoke(identity: Identity): Promise<void> {
    const user = await this.membership.profile(identity);
    await this.links.deleteByUser(user.user_id);
  }

  /** The feed behind a link; an unknown or revoked link, or a member without a house, is a 404. */
  async feed(secret: string): Promise<Readable> {
    const owner = await this.links.ownerOf(hashSubscriptionSecret(secret));
    if (!owner || owner.house_id === null) throw feedNotFound();
    const houseId = owner.house_id;
    const rows = await this.events.feedRows(houseId, { issuer: owner.issuer, subject: owner.subject });
    const first = rows[0];
    if (!first) throw feedNotFound();
    const today = DateTime.utc().startOf('day');
    const [tasks, bills, reminders] = await Promise.all([
      tasksDueBetween(
        this.db,
        houseId,
        '0000-01-01T00:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
        owner.user_id,
      ),
      billsDueBetween(
        this.db,
        houseId,
        today.minus({ days: BILLS_BACK_DAYS }).toISODate() as string,
        today.plus({ days: BILLS_AHEAD_DAYS }).toISODate() as string,
      ),
      remindersOf(this.db, owner.user_id),
    ]);
    const host = new URL(this.publicUrl).host;
    return feedStream(
      readableEvents(rows),
      { publicUrl: this.publicUrl, houseName: first.house_name },
      personalEvents(host, this.publicUrl, { tasks, bills, reminders }),
    );
  }
}
