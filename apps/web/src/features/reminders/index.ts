import { BellRing } from 'lucide-react';
import { lazy } from 'react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

export const feature: FeatureDefinition = {
  routes: [{ path: 'reminders', lazy: () => import('./pages/reminders-page'), namespaces: ['reminders'] }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('common:nav.reminders');
    },
    path: '/reminders',
    icon: BellRing,
    order: 40,
  },
  live: ['reminders'],
};

/**
 * The notices of due reminders that every signed-in page shows (mount inside a Suspense). They load after
 * the page itself, keeping the first download small.
 */
export const DueReminderNotices = lazy(() =>
  import('./components/due-reminder-notices').then((m) => ({ default: m.DueReminderNotices })),
);
export { UpcomingReminders } from './components/upcoming-reminders';
