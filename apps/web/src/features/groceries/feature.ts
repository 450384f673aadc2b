import { ShoppingBasket } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'groceries', lazy: () => import('./pages/groceries-page') }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('common:nav.groceries');
    },
    path: '/groceries',
    icon: ShoppingBasket,
    order: 30,
  },
  live: ['groceries'],
};
