import { defineModule } from '../../core/module.js';
import { RemindersRepository } from './repository.js';
import { remindersRoutes } from './routes.js';
import { RemindersService } from './service.js';

/** Read-only views for the notification scheduler. */
export { type DueReminder, nextReminderOccurrence, remindersDueBetween, standingReminders } from './due.js';
/** For the CalDAV module: a person's reminders as to-dos, changed through this service. */
export { nextOccurrence } from './recurrence.js';
export { RemindersRepository } from './repository.js';
export { RemindersService } from './service.js';
export type { RemindersTables } from './tables.js';
/** Read-only views for the calendar's layers and the personal feed. */
export { type OwnReminder, reminderOccurrences, remindersOf } from './timeline.js';

/** Personal reminders: only their owner ever sees them. */
export const remindersModule = defineModule({
  name: 'reminders',
  liveKinds: ['reminders'],
  async routes(api, { db, membership, live }) {
    await api.register(remindersRoutes, {
      reminders: new RemindersService(new RemindersRepository(db), membership, live),
    });
  },
});
