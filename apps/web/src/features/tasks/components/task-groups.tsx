import type { Task, TaskMember } from '@hearth/contract';
import { groupTasks } from '../lib/group-tasks';
import { TaskRow } from './task-row';

export interface TaskGroupsProps {
  tasks: readonly Task[];
  members: ReadonlyMap<number, TaskMember>;
  now: Date;
  zone: string;
  pending: ReadonlySet<number>;
  onDone: (task: Task) => void;
  onOpen: (task: Task) => void;
}

/** The tasks under Overdue, Today, This week and Later (empty groups are left out). */
export function TaskGroups({ tasks, members, now, zone, pending, onDone, onOpen }: TaskGroupsProps) {
  return (
    <div className="flex flex-col gap-6">
      {groupTasks(tasks, now, zone).map((group) => (
        <section key={group.key} aria-labelledby={`task-group-${group.key}`}>
          <h2
            id={`task-group-${group.key}`}
            className={
              group.key === 'overdue'
                ? 'mb-2 text-sm font-bold tracking-wide text-danger uppercase'
                : 'mb-2 text-sm font-bold tracking-wide text-muted uppercase'
            }
          >
            {`${group.label} (${group.tasks.length})`}
          </h2>
          <ul className="flex flex-col gap-2">
            {group.tasks.map((task) => (
              <TaskRow
                key={task.task_id}
                task={task}
                members={members}
                now={now}
                zone={zone}
                busy={pending.has(task.task_id)}
                onDone={onDone}
                onOpen={onOpen}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
