import { ReceiptText } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';
import { t } from '../../lib/i18n';

/** How the app mounts this feature: its routes, its place in the menu, what the live stream refetches. */
export const feature: FeatureDefinition = {
  routes: [{ path: 'bills', lazy: () => import('./pages/bills-page') }],
  nav: {
    // Read when the menu renders, in the current language.
    get name() {
      return t('common:nav.bills');
    },
    path: '/bills',
    icon: ReceiptText,
    order: 60,
  },
  // Every bills query key starts with 'bills'. A purchase from a grocery list also removes its items,
  // so a bills change refetches the grocery lists too.
  live: [{ kind: 'bills', keys: [['bills'], ['groceries']] }],
};
