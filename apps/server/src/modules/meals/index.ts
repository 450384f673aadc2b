import { defineModule } from '../../core/module.js';
import { GroceriesRepository, GroceriesService } from '../groceries/index.js';
import { mealsHouseData } from './house-data.js';
import { RecipeImporter } from './import.js';
import { MealsRepository } from './repository.js';
import { mealsRoutes } from './routes.js';
import { MealsService } from './service.js';

export type { MealsTables } from './tables.js';

/** The house's recipes, its meal plan and staples, and the shopping that follows (onto grocery lists). */
export const mealsModule = defineModule({
  name: 'meals',
  liveKinds: ['meals'],
  // Adding meals to a list changes the list: published as the groceries module's own changes are.
  publishesAlso: ['groceries'],
  houseData: mealsHouseData,
  async routes(api, { db, membership, live, config, houseEvents }) {
    const groceries = new GroceriesService(new GroceriesRepository(db), membership, live, houseEvents);
    const meals = new MealsService(new MealsRepository(db), groceries, membership, live);
    await api.register(mealsRoutes, {
      meals,
      importer: new RecipeImporter(meals, membership, config.outbound),
    });
  },
});
