import { defineModule } from '../../core/module.js';
import { liveRoutes } from './routes.js';
import { LiveService } from './service.js';

/** GET /api/live: the caller's stream of their house's (and their own) changes. */
export const liveModule = defineModule({
  name: 'live',
  liveKinds: [],
  async routes(api, { membership, live, limits }) {
    await api.register(liveRoutes, {
      live: new LiveService(membership, live),
      maxStreamsPerUser: limits.liveStreams,
    });
  },
});
