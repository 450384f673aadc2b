import { defineModule } from '../../core/module.js';
import { NotificationsRepository } from './repository.js';
import { notificationsRoutes } from './routes.js';
import { Scheduler } from './scheduler.js';
import { NotificationsService } from './service.js';

/** Plans the deliveries of what is due (other modules' tests run it to see what they announce). */
export { Planner } from './planner.js';
export type { NotificationsTables } from './tables.js';

/**
 * Notifications that reach people when Hearth is closed: per-person channels (Web Push, email), quiet
 * hours and a daily digest, delivered by a durable scheduler inside the server (rows in the database,
 * claimed by one instance at a time).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  liveKinds: ['notifications'],
  async routes(api, { db, config, membership, live, log, metrics, actions }) {
    const service = new NotificationsService(
      new NotificationsRepository(db, config.database.engine),
      membership,
      live,
      {
        config: config.notifications,
        outbound: config.outbound,
        publicUrl: config.publicUrl,
        log,
        markTaskDone: actions.markTaskDone,
        ...(metrics ? { count: metrics.notification.bind(metrics) } : {}),
      },
    );
    if (config.notifications.scheduler) {
      const scheduler = new Scheduler(service, log);
      // Missed deliveries go out as soon as the server is ready.
      api.addHook('onReady', async () => {
        log.info({ instance: service.instance }, 'notification scheduler started');
        scheduler.start();
      });
      api.addHook('onClose', async () => {
        await scheduler.stop();
        await service.close();
      });
    } else {
      api.addHook('onClose', async () => service.close());
    }
    await api.register(notificationsRoutes, { notifications: service });
  },
});
