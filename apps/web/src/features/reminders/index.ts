import { loadedLater } from '../../lib/lazy-component';

/**
 * The notices of due reminders that every signed-in page shows. They load after the page itself, keeping
 * the first download small.
 */
export const DueReminderNotices = loadedLater(() =>
  import('./components/due-reminder-notices').then((m) => m.DueReminderNotices),
);
export { UpcomingReminders } from './components/upcoming-reminders';
