import type { LiveAction, Reminder, ReminderInput, RepeatInterval } from '@hearth/contract';
import { REMINDER_DESCRIPTION_MAX, REMINDER_TITLE_MAX, REPEAT_INTERVALS } from '@hearth/contract';
import { DateTime } from 'luxon';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import { notFound, validationError } from '../../lib/errors.js';
import { ISO_INSTANT } from '../../lib/iso-instant.js';
import { optionalText, requiredText } from '../../lib/text.js';
import { canonicalTimeZone } from '../../lib/time-zone.js';
import { nextOccurrence } from './recurrence.js';
import type { RemindersRepository } from './repository.js';
import type { ReminderRow } from './tables.js';

const DEFAULT_TIME_ZONE = 'UTC';

export function toReminder(row: ReminderRow, now: Date): Reminder {
  const repeat = parseRepeatInterval(row.repeat_interval);
  return {
    reminder_id: row.reminder_id,
    title: row.title,
    description: row.description,
    remind_time: row.remind_time,
    repeat_interval: repeat,
    time_zone: row.time_zone,
    next_remind_time: nextOccurrence(row.remind_time, repeat, row.time_zone, now),
  };
}

/** The stored UTC ISO form of an instant sent with an offset. */
export function parseRemindTime(value: string): string {
  const text = value.trim();
  if (text === '') throw validationError('remind_time', 'remind_time is required.');
  const parsed = ISO_INSTANT.test(text) ? DateTime.fromISO(text, { setZone: true }) : null;
  if (!parsed?.isValid) {
    throw validationError(
      'remind_time',
      'remind_time must be an ISO-8601 date and time with an offset, e.g. 2026-11-22T08:00:00Z.',
    );
  }
  return parsed.toUTC().toISO()!;
}

/** Daily, Weekly or Monthly (any case); null, '' and 'none' mean no repeat. */
export function parseRepeatInterval(value: string | null | undefined): RepeatInterval | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'none') return null;
  const found = REPEAT_INTERVALS.find((r) => r.toLowerCase() === text);
  if (!found)
    throw validationError('repeat_interval', 'repeat_interval must be Daily, Weekly, Monthly or none.');
  return found;
}

function parseTimeZone(value: string | null | undefined, fallback: string): string {
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  const zone = canonicalTimeZone(text);
  if (!zone) throw validationError('time_zone', 'time_zone must be an IANA time zone, e.g. Europe/Berlin.');
  return zone;
}

/** Reminders are personal: only the owner sees them; anyone else gets 404. */
export class RemindersService {
  constructor(
    private readonly reminders: RemindersRepository,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The owner's other tabs and devices refetch; housemates never hear of it. */
  private publish(userId: number, action: LiveAction, reminderId: number) {
    return this.live.publishToUser(userId, { kind: 'reminders', entity: 'reminder', action, id: reminderId });
  }

  /** The caller's reminders, the soonest next occurrence first. */
  async list(identity: Identity): Promise<Reminder[]> {
    const user = await this.membership.profile(identity);
    const now = this.clock();
    const rows = await this.reminders.listByOwner(user.user_id);
    return rows
      .map((row) => toReminder(row, now))
      .sort((a, b) => a.next_remind_time.localeCompare(b.next_remind_time) || a.reminder_id - b.reminder_id);
  }

  async create(identity: Identity, input: ReminderInput): Promise<Reminder> {
    const user = await this.membership.profile(identity);
    const fields = this.fields(input, DEFAULT_TIME_ZONE);
    const now = this.clock();
    const stamp = now.toISOString();
    const row = await this.reminders.insert({
      ...fields,
      owner_id: user.user_id,
      created_at: stamp,
      updated_at: stamp,
    });
    await this.publish(user.user_id, 'created', row.reminder_id);
    return toReminder(row, now);
  }

  /** Replaces the reminder; a missing time_zone keeps the one it has. */
  async update(identity: Identity, reminderId: number, input: ReminderInput): Promise<Reminder> {
    const user = await this.membership.profile(identity);
    const existing = await this.reminders.findOwned(reminderId, user.user_id);
    if (!existing) throw notFound('Reminder');
    const fields = this.fields(input, existing.time_zone);
    const now = this.clock();
    const row = await this.reminders.updateOwned(reminderId, user.user_id, {
      ...fields,
      updated_at: now.toISOString(),
    });
    if (!row) throw notFound('Reminder');
    await this.publish(user.user_id, 'updated', reminderId);
    return toReminder(row, now);
  }

  async remove(identity: Identity, reminderId: number): Promise<void> {
    const user = await this.membership.profile(identity);
    if (!(await this.reminders.deleteOwned(reminderId, user.user_id))) throw notFound('Reminder');
    await this.publish(user.user_id, 'deleted', reminderId);
  }

  private fields(input: ReminderInput, fallbackZone: string) {
    return {
      title: requiredText(input.title, 'title', REMINDER_TITLE_MAX),
      description: optionalText(input.description, 'description', REMINDER_DESCRIPTION_MAX),
      remind_time: parseRemindTime(input.remind_time),
      repeat_interval: parseRepeatInterval(input.repeat_interval),
      time_zone: parseTimeZone(input.time_zone, fallbackZone),
    };
  }
}
