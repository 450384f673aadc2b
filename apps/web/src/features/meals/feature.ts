import { CookingPot } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'meals', lazy: () => import('./pages/meals-page') }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('common:nav.meals');
    },
    path: '/meals',
    icon: CookingPot,
    order: 35,
  },
  // The list picker reads the house's grocery lists: a change to them refetches it too.
  live: ['meals', { kind: 'groceries', keys: [['meals', 'grocery-lists']] }],
};
