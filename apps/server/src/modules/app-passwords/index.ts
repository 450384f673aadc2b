import { defineModule } from '../../core/module.js';
import { AppPasswordsRepository } from './repository.js';
import { appPasswordsRoutes } from './routes.js';
import { AppPasswordsService } from './service.js';

export { AppPasswordsRepository } from './repository.js';
export { AppPasswordsService } from './service.js';
export type { AppPasswordsTables } from './tables.js';

/**
 * App passwords for calendar apps. They are personal credentials: never part of the house export, and
 * good only on the DAV paths (the calendar module checks them; the API takes bearer tokens alone).
 */
export const appPasswordsModule = defineModule({
  name: 'app-passwords',
  liveKinds: [],
  async routes(api, { db, membership }) {
    await api.register(appPasswordsRoutes, {
      passwords: new AppPasswordsService(new AppPasswordsRepository(db), membership),
    });
  },
});
