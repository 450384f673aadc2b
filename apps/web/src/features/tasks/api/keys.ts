/** Every tasks query key starts with 'tasks', so the live stream's 'tasks' kind refetches them all. */
export const taskKeys = {
  all: ['tasks'] as const,
  list: () => [...taskKeys.all, 'list'] as const,
  members: () => [...taskKeys.all, 'members'] as const,
  history: (taskId: number) => [...taskKeys.all, 'history', taskId] as const,
  stats: (days: number) => [...taskKeys.all, 'stats', days] as const,
  away: () => [...taskKeys.all, 'away'] as const,
};
