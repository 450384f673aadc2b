import { ReceiptText } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'bills', lazy: () => import('./pages/bills-page') }],
  nav: { name: 'Bills', path: '/bills', icon: ReceiptText, order: 60 },
  live: ['bills'],
};
