import type { Reminder } from '@hearth/contract';
import { REMINDER_WINDOW_DAYS } from '@hearth/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A UTC ISO instant as a datetime-local value ('YYYY-MM-DDTHH:mm') in the browser's time. */
export function toDateTimeLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value, read as local time, as a UTC ISO instant; null when empty or invalid (SPEC 5). */
export function dateTimeLocalToUtcIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = new Date(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  // new Date() rolls 31 February over to March: treat that as invalid.
  if (local.getMonth() !== mo - 1 || local.getDate() !== d) return null;
  return local.toISOString();
}

const DISPLAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** A reminder instant in the browser's local time, e.g. 'Mon, Nov 23, 2026, 8:00 AM'. */
export function formatReminderTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(undefined, DISPLAY);
}

/**
 * SPEC Home: reminders whose next occurrence falls within now .. now + 7 days, soonest first. A series
 * counts by its next occurrence, so a Daily reminder set up last month shows at its next time.
 */
export function upcomingReminders(reminders: readonly Reminder[], now: number, days = REMINDER_WINDOW_DAYS) {
  const end = now + days * DAY_MS;
  return reminders
    .map((reminder) => ({ reminder, at: Date.parse(reminder.next_remind_time) }))
    .filter(({ at }) => at >= now && at <= end)
    .sort((a, b) => a.at - b.at || a.reminder.reminder_id - b.reminder.reminder_id)
    .map(({ reminder }) => reminder);
}
