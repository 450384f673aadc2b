import type { Task, TaskMember } from '@hearth/contract';
import { lazyDialog } from '../../../components/lazy-dialog';

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

/**
 * A task's details: when, how it repeats and rotates, who is on turn, its history, and what to do. Its
 * code (Radix Dialog among it) loads when it first opens or the browser is idle.
 */
export const TaskDetailDialog = lazyDialog<TaskDetailDialogProps>(
  async () => (await import('./task-detail-panel')).TaskDetailPanel,
  (props) => props.task !== null,
);
