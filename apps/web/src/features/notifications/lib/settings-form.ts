import {
  CLOCK_TIME_PATTERN,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@hearth/contract';

/*
 * The settings form's values and how they map to the API: a checkbox per kind and channel, quiet hours and
 * the digest each with an on/off switch and their times ('HH:MM', what <input type="time"> gives).
 */

export type ChannelChoice = Record<NotificationChannel, boolean>;

export interface SettingsFormValues {
  time_zone: string;
  channels: Record<NotificationKind, ChannelChoice>;
  quiet_enabled: boolean;
  quiet_hours: { start: string; end: string };
  digest_enabled: boolean;
  digest_time: string;
}

/** What a new quiet period or digest starts from when switched on. */
export const DEFAULT_QUIET = { start: '22:00', end: '07:00' };
export const DEFAULT_DIGEST = '08:00';

export function toFormValues(settings: NotificationSettings): SettingsFormValues {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      { push: settings.channels[kind].includes('push'), email: settings.channels[kind].includes('email') },
    ]),
  ) as Record<NotificationKind, ChannelChoice>;
  return {
    time_zone: settings.time_zone,
    channels,
    quiet_enabled: settings.quiet_hours !== null,
    quiet_hours: settings.quiet_hours ?? DEFAULT_QUIET,
    digest_enabled: settings.digest_time !== null,
    digest_time: settings.digest_time ?? DEFAULT_DIGEST,
  };
}

/**
 * The PUT body. Without email on the server the email boxes are hidden: what was chosen before is sent back
 * as it was, so it applies again once email is set up.
 */
export function toSettingsInput(values: SettingsFormValues): NotificationSettingsInput {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const choice = values.channels[kind];
      const list: NotificationChannel[] = [];
      if (choice.push) list.push('push');
      if (choice.email) list.push('email');
      return [kind, list];
    }),
  ) as Record<NotificationKind, NotificationChannel[]>;
  return {
    time_zone: values.time_zone,
    channels,
    quiet_hours: values.quiet_enabled
      ? { start: values.quiet_hours.start, end: values.quiet_hours.end }
      : null,
    digest_time: values.digest_enabled ? values.digest_time : null,
  };
}

const CLOCK = new RegExp(CLOCK_TIME_PATTERN);

/** A problem found before sending: the field and the key of its message (settings.errors.*). */
export interface SettingsProblem {
  field: string;
  error: 'timeZone' | 'quietStart' | 'quietEnd' | 'quietSame' | 'digestTime';
}

/** Checked before sending; the server checks the same and its answer is shown the same way. */
export function validateSettings(values: SettingsFormValues): SettingsProblem | null {
  if (!values.time_zone) return { field: 'time_zone', error: 'timeZone' };
  if (values.quiet_enabled) {
    const { start, end } = values.quiet_hours;
    if (!CLOCK.test(start)) return { field: 'quiet_hours.start', error: 'quietStart' };
    if (!CLOCK.test(end)) return { field: 'quiet_hours.end', error: 'quietEnd' };
    if (start === end) return { field: 'quiet_hours.end', error: 'quietSame' };
  }
  if (values.digest_enabled && !CLOCK.test(values.digest_time))
    return { field: 'digest_time', error: 'digestTime' };
  return null;
}

/**
 * The form field an API error names: the server speaks of `channels.reminders`, the form has a box per
 * channel (the first of the kind gets the message). Anything unknown is shown for the whole form.
 */
export function formFieldOf(apiField: string | undefined): string | undefined {
  if (!apiField) return undefined;
  if (apiField === 'time_zone' || apiField === 'digest_time') return apiField;
  if (apiField === 'quiet_hours' || apiField === 'quiet_hours.start') return 'quiet_hours.start';
  if (apiField === 'quiet_hours.end') return 'quiet_hours.end';
  const kind = /^channels\.(\w+)/.exec(apiField)?.[1];
  if (kind && (NOTIFICATION_KINDS as readonly string[]).includes(kind)) return `channels.${kind}.push`;
  return undefined;
}
