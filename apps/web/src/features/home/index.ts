import { House } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'home', lazy: () => import('./pages/home-page') }],
  nav: { name: 'Home', path: '/home', icon: House, order: 10 },
};
