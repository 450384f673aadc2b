import { defineModule } from '../../core/module.js';
import { HousesRepository } from './repository.js';
import { housesRoutes } from './routes.js';
import { HousesService } from './service.js';

/** Houses: create, join with an invite code, read, rotate the code. */
export const housesModule = defineModule({
  name: 'houses',
  liveKinds: ['house'],
  async routes(api, { db, membership }) {
    await api.register(housesRoutes, { houses: new HousesService(new HousesRepository(db), membership) });
  },
});
