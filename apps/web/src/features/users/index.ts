import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [],
  standaloneRoutes: [
    { path: 'userSetup', lazy: () => import('./pages/user-setup-page'), namespaces: ['notifications'] },
  ],
  // A house change (a member joining or leaving) changes who is in it.
  live: [{ kind: 'house', keys: [['users']] }],
};

export { meQuery, useMe, userKeys, useUserExists } from './api';
export { ProfileLanguage } from './profile-language';
