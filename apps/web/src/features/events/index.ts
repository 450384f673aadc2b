import { CalendarDays } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'calendar', lazy: () => import('./pages/calendar-page') }],
  nav: { name: 'Calendar', path: '/calendar', icon: CalendarDays, order: 20 },
  live: ['events'],
};

export { WeekAtAGlance } from './components/week-at-a-glance';
