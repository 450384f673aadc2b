import { ListChecks } from 'lucide-react';
import type { FeatureDefinition } from '../../app/feature';

export const feature: FeatureDefinition = {
  routes: [{ path: 'tasks', lazy: () => import('./pages/tasks-page') }],
  nav: { name: 'Tasks', path: '/tasks', icon: ListChecks, order: 50 },
  // Tasks, their history, the fairness stats and away periods: every query key starts with 'tasks'.
  live: ['tasks'],
};

export { YourTasks } from './components/your-tasks';
