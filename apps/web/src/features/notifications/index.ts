import { Settings } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'settings', lazy: () => import('./pages/settings-page') }],
  // The link in a notification email works without signing in: the link itself is the credential.
  publicRoutes: [{ path: 'unsubscribe', lazy: () => import('./pages/unsubscribe-page') }],
  nav: { name: 'Settings', path: '/settings', icon: Settings, order: 90 },
};
