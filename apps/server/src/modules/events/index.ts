import { defineModule } from '../../core/module.js';
import { eventsHouseData } from './house-data.js';
import { EventsRepository } from './repository.js';
import { eventsRoutes } from './routes.js';
import { EventsService } from './service.js';
import { SubscriptionsRepository } from './subscription-repository.js';
import { SubscriptionsService } from './subscriptions.js';

export type { EventsTables } from './tables.js';

/** The house calendar: events, the iCalendar feed and members' subscription links. */
export const eventsModule = defineModule({
  name: 'events',
  liveKinds: ['events'],
  houseData: eventsHouseData,
  async routes(api, { db, membership, live, config }) {
    await api.register(eventsRoutes, {
      events: new EventsService(new EventsRepository(db), membership, live),
      subscriptions: new SubscriptionsService(new SubscriptionsRepository(db), membership, config.publicUrl),
      publicUrl: config.publicUrl,
    });
  },
});
