import type { RepeatInterval } from '@hearth/contract';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { UserRow } from '../../db/tables.js';
import { vtimezone } from '../events/index.js';
import { nextOccurrence, type RemindersService } from '../reminders/index.js';
import { invalidObject } from './errors.js';
import { readTodoObject } from './ical-in.js';
import {
  type Conditions,
  checkWrite,
  identityOfUser,
  listedOne,
  removeObject,
  rendered,
  serviceCall,
  todoCalendar,
  todoHead,
  todoText,
  uidOwner,
  utc,
} from './objects-common.js';
import type { CaldavRemindersRepository, ReminderObjectRow } from './repository.js';

export interface ReminderTodo {
  name: string;
  etag: string;
  text: string;
  reminderId: number;
  next: string;
}

/** The RRULE of each repeat, and back. */
const RULES: Record<RepeatInterval, string> = { Daily: 'DAILY', Weekly: 'WEEKLY', Monthly: 'MONTHLY' };

/** A reminder repeats daily, weekly or monthly, every time; anything else is refused. */
function repeatOf(rrule: string | null): RepeatInterval | null {
  if (rrule === null) return null;
  const parts = new Map(
    rrule.split(';').map((p) => {
      const [k = '', v = ''] = p.split('=');
      return [k.toUpperCase(), v.toUpperCase()];
    }),
  );
  const freq = parts.get('FREQ');
  const found = (Object.keys(RULES) as RepeatInterval[]).find((k) => RULES[k] === freq);
  const interval = parts.get('INTERVAL');
  if (!found || (interval !== undefined && interval !== '1') || parts.has('COUNT') || parts.has('UNTIL')) {
    throw invalidObject(
      'Reminders repeat every day, every week or every month (FREQ=DAILY, WEEKLY or MONTHLY).',
    );
  }
  return found;
}

export const reminderUid = (reminderId: number, host: string) => `reminder-${reminderId}@${host}`;

/**
 * A person's reminders as to-dos in a collection only they can reach: the next occurrence is the to-do's
 * due time (in the reminder's zone, with its VTIMEZONE), repeats as RRULE. Ticked off, a one-off
 * reminder is done (it is removed, and leaves the upcoming list); a repeating one moves on to the
 * occurrence after.
 */
export class ReminderObjects {
  constructor(
    private readonly repo: CaldavRemindersRepository,
    private readonly reminders: RemindersService,
    private readonly publicUrl: string,
  ) {}

  private readonly host = () => new URL(this.publicUrl).host;

  async list(ownerId: number, ids?: readonly number[]): Promise<ReminderTodo[]> {
    const rows = await this.repo.rows(ownerId, ids);
    const now = new Date();
    return rows.map((row) => {
      const next = nextOccurrence(row.remind_time, repeatOrNull(row.repeat_interval), row.time_zone, now);
      return {
        ...rendered(row.href_name ?? `reminder-${row.reminder_id}.ics`, this.render(row, next)),
        reminderId: row.reminder_id,
        next,
      };
    });
  }

  async find(ownerId: number, name: string): Promise<ReminderTodo | undefined> {
    return listedOne(await this.repo.reminderByHref(ownerId, name), (ids) => this.list(ownerId, ids));
  }

  private render(row: ReminderObjectRow, next: string): string {
    const repeat = repeatOrNull(row.repeat_interval);
    const root = todoCalendar('-//Hearth//Reminders//EN');
    const zone = row.time_zone;
    const zoned = zone !== 'UTC';
    if (zoned) {
      const year = new Date(next).getUTCFullYear();
      root.addSubcomponent(
        new ICAL.Component(
          ICAL.parse(`BEGIN:VCALENDAR\r\n${vtimezone(zone, year - 1, year + 10)}END:VCALENDAR`),
        ).getFirstSubcomponent('vtimezone') as ICAL.Component,
      );
    }
    const todo = todoHead(row, row.uid ?? reminderUid(row.reminder_id, this.host()), row.description);
    for (const name of ['dtstart', 'due']) {
      if (!zoned) {
        todo.addPropertyWithValue(name, utc(next));
        continue;
      }
      const local = DateTime.fromISO(next, { zone });
      const prop = todo.addPropertyWithValue(
        name,
        ICAL.Time.fromData({
          year: local.year,
          month: local.month,
          day: local.day,
          hour: local.hour,
          minute: local.minute,
          second: local.second,
        }),
      );
      prop.setParameter('tzid', zone);
    }
    if (repeat) todo.addPropertyWithValue('rrule', ICAL.Recur.fromString(`FREQ=${RULES[repeat]}`));
    todo.addPropertyWithValue('status', 'NEEDS-ACTION');
    return todoText(root, todo, row.extra);
  }

  private uidOwner(ownerId: number, uid: string): Promise<number | undefined> {
    return uidOwner(
      uid,
      'reminder',
      this.host(),
      (u) => this.repo.reminderByUid(ownerId, u),
      (id) => this.repo.reminderByHref(ownerId, `reminder-${id}.ics`),
    );
  }

  async put(
    user: UserRow,
    name: string,
    body: string,
    conditions: Conditions,
  ): Promise<{ created: boolean }> {
    const zoneFallback = 'UTC';
    const todo = readTodoObject(body, zoneFallback);
    if (todo.title.trim() === '') throw invalidObject('A to-do needs a SUMMARY (its title).');
    const repeat = repeatOf(todo.rrule);
    const existing = await this.find(user.user_id, name);
    await checkWrite(
      existing,
      existing?.reminderId,
      conditions,
      () => this.uidOwner(user.user_id, todo.uid),
      `The UID ${todo.uid} belongs to another reminder.`,
    );
    const identity = identityOfUser(user);
    const current = existing ? (await this.repo.rows(user.user_id, [existing.reminderId]))[0] : undefined;
    const zone = todo.zone ?? current?.time_zone ?? 'UTC';
    const due = todo.due ?? existing?.next ?? new Date().toISOString();
    const input = (remindTime: string) => ({
      title: todo.title,
      description: todo.notes,
      remind_time: remindTime,
      repeat_interval: repeat,
      time_zone: zone,
    });
    let reminderId: number;
    if (todo.completedAt && existing && !repeat) {
      // A one-off ticked off is done: it goes (and with it from the upcoming list).
      await serviceCall(() => this.reminders.remove(identity, existing.reminderId));
      return { created: false };
    }
    if (existing && current) {
      // Ticked off as it was: the series moves on to the occurrence after the one that was due.
      const remindTime =
        todo.completedAt && repeat
          ? nextOccurrence(
              current.remind_time,
              repeat,
              current.time_zone,
              new Date(Date.parse(existing.next) + 1),
            )
          : due === existing.next && current.repeat_interval === repeat
            ? current.remind_time
            : due;
      await serviceCall(() => this.reminders.update(identity, existing.reminderId, input(remindTime)));
      reminderId = existing.reminderId;
    } else {
      const made = await serviceCall(() => this.reminders.create(identity, input(due)));
      reminderId = made.reminder_id;
    }
    await this.repo.save({
      reminder_id: reminderId,
      owner_id: user.user_id,
      href_name: name === `reminder-${reminderId}.ics` ? null : name,
      uid: todo.uid === reminderUid(reminderId, this.host()) ? null : todo.uid,
      extra: JSON.stringify(todo.extra),
    });
    return { created: !existing };
  }

  async remove(user: UserRow, name: string, conditions: Conditions): Promise<void> {
    await removeObject(await this.find(user.user_id, name), conditions, (found) =>
      this.reminders.remove(identityOfUser(user), found.reminderId),
    );
  }
}

function repeatOrNull(value: string | null): RepeatInterval | null {
  return value === 'Daily' || value === 'Weekly' || value === 'Monthly' ? value : null;
}
