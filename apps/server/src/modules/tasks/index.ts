import { defineModule } from '../../core/module.js';
import { tasksHouseData } from './house-data.js';
import { TasksRepository } from './repository.js';
import { tasksRoutes } from './routes.js';
import { TasksService } from './service.js';

/** Read-only views for the notification scheduler. */
export { type DueTask, openTasks, taskChangesSince, taskHistoryBetween, tasksDueWindow } from './due.js';
/** For the CalDAV module: house tasks as to-dos, changed through this service. */
export { TasksRepository } from './repository.js';
export { TasksService } from './service.js';
export type { TasksTables } from './tables.js';
/** Read-only views for the calendar's layers and the personal feed. */
export { awayBetween, tasksDueBetween } from './timeline.js';

/** The house's chores: repeats, rotation between members, history, fairness, and away periods. */
export const tasksModule = defineModule({
  name: 'tasks',
  liveKinds: ['tasks'],
  houseData: tasksHouseData,
  async routes(api, { db, membership, live, houseEvents, provide }) {
    const tasks = new TasksService(new TasksRepository(db), membership, live, houseEvents);
    provide('markTaskDone', async (identity, taskId) => {
      await tasks.done(identity, taskId, {});
    });
    await api.register(tasksRoutes, { tasks });
  },
});
