import { defineModule } from '../../core/module.js';
import { RepeatingRun } from '../../lib/repeating-run.js';
import { externalCalendarsHouseData } from './house-data.js';
import { ExternalCalendarsRepository } from './repository.js';
import { externalCalendarsRoutes } from './routes.js';
import { ExternalCalendarsService } from './service.js';

/** For the calendar's layers (events module). */
export { externalOccurrences } from './layer.js';
export type { ExternalCalendarsTables } from './tables.js';

/**
 * Outside calendars: .ics feeds (school holidays, bin collections) read every 30 minutes through the
 * outbound guard and shown as a layer of the calendar, for the whole house or for one person.
 */
export const externalCalendarsModule = defineModule({
  name: 'external-calendars',
  liveKinds: ['external_calendars'],
  houseData: externalCalendarsHouseData,
  async routes(api, { db, config, membership, live, log }) {
    const service = new ExternalCalendarsService(new ExternalCalendarsRepository(db), membership, live, {
      outbound: config.outbound,
      log,
    });
    // The same switch as the notification scheduler: an instance that runs background work runs both.
    if (config.notifications.scheduler) {
      // Each instance looks every minute for calendars whose `next_fetch_at` has come (each every 30 minutes).
      const loop = new RepeatingRun(
        { run: () => service.refreshDue() },
        log,
        60_000,
        'outside calendar refresh failed',
      );
      api.addHook('onReady', async () => loop.start());
      api.addHook('onClose', async () => loop.stop());
    }
    await api.register(externalCalendarsRoutes, { calendars: service });
  },
});
