import { ShoppingBasket } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'groceries', lazy: () => import('./pages/groceries-page') }],
  nav: { name: 'Groceries', path: '/groceries', icon: ShoppingBasket, order: 30 },
  live: ['groceries'],
};
