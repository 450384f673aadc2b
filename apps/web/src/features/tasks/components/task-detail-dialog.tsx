import type { Task, TaskMember } from '@hearth/contract';
import { lazy, Suspense } from 'react';
import { useOpenedOnce } from '../../../components/use-opened-once';

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

const TaskDetailPanel = lazy(async () => ({
  default: (await import('./task-detail-panel')).TaskDetailPanel,
}));

/**
 * A task's details: when, how it repeats and rotates, who is on turn, its history, and what to do. Its
 * code (Radix Dialog among it) loads when it first opens.
 */
export function TaskDetailDialog(props: TaskDetailDialogProps) {
  const opened = useOpenedOnce(props.task !== null);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <TaskDetailPanel {...props} />
    </Suspense>
  );
}
