import type { FeatureDefinition } from '../../app/feature';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'house', lazy: () => import('./pages/house-page') }],
  standaloneRoutes: [{ path: 'houseSetup', lazy: () => import('./pages/house-setup-page') }],
  // The house's name or picture, its members (their keys start with the house's).
  live: [{ kind: 'house', keys: [['houses']] }],
};
