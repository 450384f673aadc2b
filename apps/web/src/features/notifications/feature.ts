import { Settings } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'settings', lazy: () => import('./pages/settings-page') }],
  // The link in a notification email works without signing in: the link itself is the credential.
  publicRoutes: [{ path: 'unsubscribe', lazy: () => import('./pages/unsubscribe-page') }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('notifications:settings.nav');
    },
    path: '/settings',
    icon: Settings,
    order: 90,
  },
};
