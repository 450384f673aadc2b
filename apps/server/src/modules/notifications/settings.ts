import {
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationChannels,
  type NotificationSettings,
  type NotificationSettingsInput,
  type QuietHours,
} from '@hearth/contract';
import { validationError } from '../../lib/errors.js';
import { canonicalTimeZone } from '../../lib/time-zone.js';
import { clockMinutes } from './clock.js';
import type { NotificationSettingsRow } from './tables.js';

/** A new person's choices: reminders and tasks by push and email, bills by email, house changes off. */
export const DEFAULT_CHANNELS: NotificationChannels = {
  reminders: ['push', 'email'],
  tasks: ['push', 'email'],
  bills: ['email'],
  house: [],
};

export interface Preferences {
  timeZone: string;
  channels: NotificationChannels;
  quiet: QuietHours | null;
  digestTime: string | null;
}

export const DEFAULT_PREFERENCES: Preferences = {
  timeZone: 'UTC',
  channels: DEFAULT_CHANNELS,
  quiet: null,
  digestTime: null,
};

const ORDER: Record<NotificationChannel, number> = { push: 0, email: 1 };

function channelsFrom(json: string): NotificationChannels {
  const parsed = JSON.parse(json) as Partial<NotificationChannels>;
  const out = { ...DEFAULT_CHANNELS };
  for (const kind of NOTIFICATION_KINDS) {
    const list = parsed[kind];
    if (Array.isArray(list)) out[kind] = list.filter((c) => c === 'push' || c === 'email');
  }
  return out;
}

export function preferencesOf(row: NotificationSettingsRow | undefined): Preferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    timeZone: row.time_zone,
    channels: channelsFrom(row.channels),
    quiet: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
    digestTime: row.digest_time,
  };
}

export function toSettings(p: Preferences, emailEnabled: boolean): NotificationSettings {
  return {
    time_zone: p.timeZone,
    channels: p.channels,
    quiet_hours: p.quiet,
    digest_time: p.digestTime,
    email_enabled: emailEnabled,
  };
}

function checkTime(field: string, value: string): string {
  if (clockMinutes(value) === null)
    throw validationError(field, `${field} must be a time as HH:MM, e.g. 07:30.`);
  return value;
}

/** Applies a PUT body to the current choices; a 400 names the first bad field, and nothing is saved. */
export function applyInput(current: Preferences, input: NotificationSettingsInput): Preferences {
  const next: Preferences = { ...current, channels: { ...current.channels } };
  if (input.time_zone !== undefined) {
    const zone = canonicalTimeZone(input.time_zone);
    if (!zone)
      throw validationError('time_zone', 'time_zone must be an IANA time zone such as Europe/Berlin.');
    next.timeZone = zone;
  }
  if (input.channels) {
    for (const kind of NOTIFICATION_KINDS) {
      const list = input.channels[kind];
      if (list === undefined) continue;
      next.channels[kind] = [...new Set(list)].sort((a, b) => ORDER[a] - ORDER[b]);
    }
  }
  if (input.quiet_hours !== undefined) {
    if (input.quiet_hours === null) {
      next.quiet = null;
    } else {
      const start = checkTime('quiet_hours.start', input.quiet_hours.start);
      const end = checkTime('quiet_hours.end', input.quiet_hours.end);
      if (start === end) {
        throw validationError('quiet_hours.end', 'quiet_hours.end must differ from quiet_hours.start.');
      }
      next.quiet = { start, end };
    }
  }
  if (input.digest_time !== undefined) {
    next.digestTime = input.digest_time === null ? null : checkTime('digest_time', input.digest_time);
  }
  return next;
}
