import { defineModule } from '../../core/module.js';
import { DEFAULT_LIMITS, NO_LIMITS } from '../../idp/rate-limit.js';
import { AppPasswordsRepository, AppPasswordsService } from '../app-passwords/index.js';
import { EventsRepository, EventsService } from '../events/index.js';
import { RemindersRepository, RemindersService } from '../reminders/index.js';
import { TasksRepository, TasksService } from '../tasks/index.js';
import { HouseObjects } from './house-objects.js';
import { ReminderObjects } from './reminder-objects.js';
import { CaldavRemindersRepository, CaldavRepository, CaldavTasksRepository } from './repository.js';
import { davRoutes } from './routes.js';
import { TaskObjects } from './task-objects.js';

export type { CaldavTables } from './tables.js';

/**
 * CalDAV for calendar apps under /dav/: the house calendar (events), the house's tasks (to-dos) and the
 * person's own reminders (to-dos only they can reach), signed in with an app password. Every answer is made from the database; every write goes through the
 * events or tasks service, like any other change.
 */
export const caldavModule = defineModule({
  name: 'caldav',
  liveKinds: [],
  async routes() {},
  async rootRoutes(app, { db, membership, live, houseEvents, config, limitStore }) {
    const repo = new CaldavRepository(db);
    const events = new EventsService(new EventsRepository(db), membership, live, houseEvents);
    const tasks = new TasksService(new TasksRepository(db), membership, live, houseEvents);
    const tasksRepo = new CaldavTasksRepository(db);
    const reminders = new RemindersService(new RemindersRepository(db), membership, live);
    const remindersRepo = new CaldavRemindersRepository(db);
    const limits = config.idpRateLimit ? DEFAULT_LIMITS : NO_LIMITS;
    await app.register(davRoutes, {
      deps: {
        repo,
        tasksRepo,
        houseObjects: new HouseObjects(repo, events, config.publicUrl),
        taskObjects: new TaskObjects(tasksRepo, tasks, config.publicUrl),
        remindersRepo,
        reminderObjects: new ReminderObjects(remindersRepo, reminders, config.publicUrl),
        publicUrl: config.publicUrl,
      },
      passwords: new AppPasswordsService(new AppPasswordsRepository(db), membership),
      limitStore,
      limits: { perAccount: limits.signInPerAccount, perIp: limits.signInPerIp },
    });
  },
});
