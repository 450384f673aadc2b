import type { Identity } from '../../core/identity.js';
import { defineModule } from '../../core/module.js';
import type { Db } from '../../db/create-db.js';
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

/**
 * Marks a task's current occurrence done as `identity`, with the same rules and live message as the API's
 * done call: what a notification's Done button does. One per database the module is running on.
 */
export type MarkTaskDone = (identity: Identity, taskId: number) => Promise<void>;
const markDone = new WeakMap<Db, MarkTaskDone>();
export function taskDoneAction(db: Db): MarkTaskDone | undefined {
  return markDone.get(db);
}

/** The house's chores: repeats, rotation between members, history, fairness, and away periods. */
export const tasksModule = defineModule({
  name: 'tasks',
  liveKinds: ['tasks'],
  houseData: tasksHouseData,
  async routes(api, { db, membership, live, houseEvents }) {
    const tasks = new TasksService(new TasksRepository(db), membership, live, houseEvents);
    markDone.set(db, async (identity, taskId) => {
      await tasks.done(identity, taskId, {});
    });
    await api.register(tasksRoutes, { tasks });
  },
});
