import { ListChecks } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'tasks', lazy: () => import('./pages/tasks-page') }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('common:nav.tasks');
    },
    path: '/tasks',
    icon: ListChecks,
    order: 50,
  },
  // Tasks, their history, the fairness stats and away periods: every query key starts with 'tasks'.
  live: ['tasks'],
};
