import type { TaskMember, TaskMemberStats } from '@hearth/contract';
import { TASK_FAIRNESS_DAYS } from '@hearth/contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { t } from '../../../lib/i18n';
import { memberName } from '../api/get-task-members';
import { fairnessBars } from '../lib/fairness-bars';

export interface FairnessChartProps {
  stats: readonly TaskMemberStats[];
  members: ReadonlyMap<number, TaskMember>;
}

/**
 * Effort done per member over the fairness window as horizontal bars, busiest first. The figure's label
 * says the same in words for screen readers.
 */
export function FairnessChart({ stats, members }: FairnessChartProps) {
  const bars = fairnessBars(stats, (id) => memberName(members.get(id)));
  const summary = bars.map((b) => `${b.name} ${b.effort_done}`).join(', ');
  return (
    <figure aria-label={t('tasks:effortDoneInTheLast', { TASK_FAIRNESS_DAYS, summary })}>
      <ul aria-hidden="true" className="flex flex-col gap-3">
        {bars.map((bar) => (
          <li key={bar.user_id} className="flex flex-col gap-1">
            <div className="flex items-center gap-2 text-sm">
              <MemberAvatar member={members.get(bar.user_id)} className="size-5 text-[0.6rem]" />
              <span className="min-w-0 flex-1 truncate font-medium text-espresso">{bar.name}</span>
              <span className="shrink-0 text-muted">
                {t('tasks:effortDone', { effort_done: bar.effort_done, done_count: bar.done_count })}
              </span>
            </div>
            <div className="h-3 overflow-hidden rounded-full bg-tan-light">
              <div className="h-full rounded-full bg-primary" style={{ width: `${bar.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </figure>
  );
}
