export { DueReminderNotices } from './components/due-reminder-notices';
export { UpcomingReminders } from './components/upcoming-reminders';
