import { BellRing } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'reminders', lazy: () => import('./pages/reminders-page') }],
  nav: { name: 'Reminders', path: '/reminders', icon: BellRing, order: 40 },
  live: ['reminders'],
};

export { DueReminderNotices } from './components/due-reminder-notices';
export { UpcomingReminders } from './components/upcoming-reminders';
