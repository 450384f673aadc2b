import type { FeatureDefinition } from '../../app/feature';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [],
  standaloneRoutes: [{ path: 'userSetup', lazy: () => import('./pages/user-setup-page') }],
  // A house change (a member joining or leaving) changes who is in it.
  live: [{ kind: 'house', keys: [['users']] }],
};
