import { defineModule } from '../../core/module.js';
import { eventsHouseData } from './house-data.js';
import { PersonalFeedService } from './personal-feed.js';
import { PersonalFeedRepository } from './personal-feed-repository.js';
import { EventsRepository } from './repository.js';
import { eventsRoutes } from './routes.js';
import { EventsService } from './service.js';
import { SubscriptionsRepository } from './subscription-repository.js';
import { SubscriptionsService } from './subscriptions.js';
import { TimelineService } from './timeline.js';

/** For the CalDAV module: house events as calendar objects, written and changed through this service. */
export { eventUid, type FeedFrame, feedChunks, feedFrame } from './feed.js';
export { expandSeries, isOccurrence, occurrenceStarting, TooManyOccurrences } from './recurrence.js';
export { EventsRepository, type FeedRow } from './repository.js';
export { EventsService, parseExdates, seriesOf } from './service.js';
export type { EventRow, EventsTables } from './tables.js';
export { vtimezone } from './vtimezone.js';

/**
 * The house calendar: events (one-off and repeating), the iCalendar feed, members' subscription links, the
 * calendar's other layers and each member's personal feed.
 */
export const eventsModule = defineModule({
  name: 'events',
  liveKinds: ['events'],
  houseData: eventsHouseData,
  async routes(api, { db, membership, live, houseEvents, config }) {
    const events = new EventsRepository(db);
    await api.register(eventsRoutes, {
      events: new EventsService(events, membership, live, houseEvents),
      subscriptions: new SubscriptionsService(new SubscriptionsRepository(db), membership, config.publicUrl),
      timeline: new TimelineService(db, membership),
      personalFeed: new PersonalFeedService(
        db,
        new PersonalFeedRepository(db),
        events,
        membership,
        config.publicUrl,
      ),
      publicUrl: config.publicUrl,
    });
  },
});
