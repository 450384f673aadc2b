import { CalendarDays } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'calendar', lazy: () => import('./pages/calendar-page') }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('common:nav.events');
    },
    path: '/calendar',
    icon: CalendarDays,
    order: 20,
  },
  live: ['events'],
};
