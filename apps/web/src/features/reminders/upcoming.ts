import type { Reminder } from '@hearth/contract';
import { REMINDER_WINDOW_DAYS } from '@hearth/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Home: reminders whose next occurrence falls within now .. now + 7 days, soonest first. A series counts
 * by its next occurrence, so a Daily reminder set up last month shows at its next time.
 */
export function upcomingReminders(reminders: readonly Reminder[], now: number, days = REMINDER_WINDOW_DAYS) {
  const end = now + days * DAY_MS;
  return reminders
    .map((reminder) => ({ reminder, at: Date.parse(reminder.next_remind_time) }))
    .filter(({ at }) => at >= now && at <= end)
    .sort((a, b) => a.at - b.at || a.reminder.reminder_id - b.reminder.reminder_id)
    .map(({ reminder }) => reminder);
}
