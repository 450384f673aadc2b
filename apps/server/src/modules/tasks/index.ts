import { defineModule } from '../../core/module.js';
import { tasksHouseData } from './house-data.js';
import { TasksRepository } from './repository.js';
import { tasksRoutes } from './routes.js';
import { TasksService } from './service.js';

export type { TasksTables } from './tables.js';
/** Read-only views for the calendar's layers and the personal feed. */
export { awayBetween, tasksDueBetween } from './timeline.js';

/** The house's chores: repeats, rotation between members, history, fairness, and away periods. */
export const tasksModule = defineModule({
  name: 'tasks',
  liveKinds: ['tasks'],
  houseData: tasksHouseData,
  async routes(api, { db, membership, live }) {
    await api.register(tasksRoutes, { tasks: new TasksService(new TasksRepository(db), membership, live) });
  },
});
