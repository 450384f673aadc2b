import { defineModule } from '../../core/module.js';
import { HouseDataService } from './house-data.js';
import { HousesRepository } from './repository.js';
import { housesRoutes } from './routes.js';
import { HousesService } from './service.js';

/** For the webhooks' outbox test, which runs membership changes through this service. */
export { HousesRepository, HousesService };

/**
 * Houses and the people in them: create, join with an invite code, settings, members, leaving, removing
 * someone who moved out, deleting one's account, and the house's data as an export another Hearth imports.
 */
export const housesModule = defineModule({
  name: 'houses',
  liveKinds: ['house'],
  async routes(api, { db, config, membership, live, houseEvents, houseData }) {
    const repository = new HousesRepository(db, config.database.engine);
    await api.register(housesRoutes, {
      houses: new HousesService(repository, membership, live, houseEvents),
      houseData: new HouseDataService(db, config.database.engine, repository, membership, houseData, live),
      builtInIssuer: config.oidc.builtIn ? config.oidc.issuer : null,
    });
  },
});
