import { lazy } from 'react';

/**
 * The notices of due reminders that every signed-in page shows (mount inside a Suspense). They load after
 * the page itself, keeping the first download small.
 */
export const DueReminderNotices = lazy(() =>
  import('./components/due-reminder-notices').then((m) => ({ default: m.DueReminderNotices })),
);
export { UpcomingReminders } from './components/upcoming-reminders';
