import { CalendarDays } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

export const feature: FeatureDefinition = {
  routes: [{ path: 'calendar', lazy: () => import('./pages/calendar-page'), namespaces: ['events'] }],
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

export { WeekAtAGlance } from './components/week-at-a-glance';
