import { defineModule } from '../../core/module.js';
import { groceriesHouseData } from './house-data.js';
import { GroceriesRepository } from './repository.js';
import { groceriesRoutes } from './routes.js';
import { GroceriesService } from './service.js';

export { GroceriesRepository } from './repository.js';
export { GroceriesService } from './service.js';
export type { GroceriesTables } from './tables.js';

/** The house's grocery lists and their items. */
export const groceriesModule = defineModule({
  name: 'groceries',
  liveKinds: ['groceries'],
  houseData: groceriesHouseData,
  async routes(api, { db, membership, live, houseEvents }) {
    await api.register(groceriesRoutes, {
      groceries: new GroceriesService(new GroceriesRepository(db), membership, live, houseEvents),
    });
  },
});

export { nameKey } from './item-names.js';
export { splitQuantity } from './quantity.js';
export type { LinesAdded, LineToAdd } from './service.js';
