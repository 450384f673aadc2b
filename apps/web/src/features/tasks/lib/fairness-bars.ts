import type { TaskMemberStats } from '@hearth/contract';

export interface FairnessBar extends TaskMemberStats {
  name: string;
  /** Length of the bar as a share (0-100) of the largest effort done. */
  percent: number;
}

/**
 * The fairness chart's bars: one per member (named by `nameOf`), most effort first, then by name, each
 * scaled against the largest effort so the busiest member's bar is full width.
 */
export function fairnessBars(
  stats: readonly TaskMemberStats[],
  nameOf: (userId: number) => string,
): FairnessBar[] {
  const largest = Math.max(0, ...stats.map((s) => s.effort_done));
  return stats
    .map((s) => ({
      ...s,
      name: nameOf(s.user_id),
      percent: largest === 0 ? 0 : Math.round((s.effort_done / largest) * 100),
    }))
    .sort((a, b) => b.effort_done - a.effort_done || a.name.localeCompare(b.name));
}
