import type { Task, TaskMember } from '@hearth/contract';
import { lazy, Suspense } from 'react';
import { useLazyDialog } from '../../../components/lazy-dialog';

export interface TaskDetailDialogProps {
  task: Task | null;
  members: ReadonlyMap<number, TaskMember>;
  zone: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onDone: (task: Task) => void;
  onSkip: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
}

const loadPanel = () => import('./task-detail-panel');
const Panel = lazy(async () => ({ default: (await loadPanel()).TaskDetailPanel }));

/**
 * A task's details: when, how it repeats and rotates, who is on turn, its history, and what to do. Its
 * code (Radix Dialog among it) loads when it first opens or the browser is idle.
 */
export function TaskDetailDialog(props: TaskDetailDialogProps) {
  const opened = useLazyDialog(props.task !== null, loadPanel);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}
