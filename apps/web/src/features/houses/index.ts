import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [],
  standaloneRoutes: [{ path: 'houseSetup', lazy: () => import('./pages/house-setup-page') }],
  // The house's name or picture, its members.
  live: [{ kind: 'house', keys: [['houses']] }],
};

export { useHouse } from './api';
export { HouseInviteCard } from './components/house-invite-card';
