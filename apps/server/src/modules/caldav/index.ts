import { defineModule } from '../../core/module.js';
import { DEFAULT_LIMITS, NO_LIMITS } from '../../idp/rate-limit.js';
import { AppPasswordsRepository, AppPasswordsService } from '../app-passwords/index.js';
import { EventsRepository, EventsService } from '../events/index.js';
import { HouseObjects } from './house-objects.js';
import { CaldavRepository } from './repository.js';
import { davRoutes } from './routes.js';

export type { CaldavTables } from './tables.js';

/**
 * CalDAV for calendar apps: the house calendar as a calendar collection under /dav/, signed in with an
 * app password. Every answer is made from the database; every write goes through the events service.
 */
export const caldavModule = defineModule({
  name: 'caldav',
  liveKinds: [],
  async routes() {},
  async rootRoutes(app, { db, membership, live, config, limitStore }) {
    const repo = new CaldavRepository(db);
    const events = new EventsService(new EventsRepository(db), membership, live);
    const limits = config.idpRateLimit ? DEFAULT_LIMITS : NO_LIMITS;
    await app.register(davRoutes, {
      deps: {
        repo,
        houseObjects: new HouseObjects(repo, events, config.publicUrl),
        publicUrl: config.publicUrl,
      },
      passwords: new AppPasswordsService(new AppPasswordsRepository(db), membership),
      limitStore,
      limits: { perAccount: limits.signInPerAccount, perIp: limits.signInPerIp },
    });
  },
});
