import { ReceiptText } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'bills', lazy: () => import('./pages/bills-page') }],
  nav: { name: 'Bills', path: '/bills', icon: ReceiptText, order: 60 },
  // Every bills query key starts with 'bills'. A purchase from a grocery list also removes its items,
  // so a bills change refetches the grocery lists too.
  live: [{ kind: 'bills', keys: [['bills'], ['groceries']] }],
};

export { HouseCurrencyCard } from './components/house-currency-card';
export { RecordPurchaseButton } from './components/record-purchase-dialog';
export { YourBalance } from './components/your-balance';
