import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HouseIdParams,
  Meal,
  MealAdditionIdParams,
  MealIdParams,
  MealInput,
  MealRangeQuery,
  Meals,
  MealsToGroceries,
  MealsToGroceriesInput,
  Ok,
  Recipe,
  RecipeIdParams,
  RecipeImportInput,
  RecipeInput,
  RecipeQuery,
  Recipes,
  Staples,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { RecipeImporter } from './import.js';
import type { MealsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['meals'];

export const mealsRoutes: FastifyPluginAsyncTypebox<{
  meals: MealsService;
  importer: RecipeImporter;
}> = async (app, { meals, importer }) => {
  app.get(
    '/recipe/',
    {
      config: { cache: 'house' },
      schema: { tags, querystring: RecipeQuery, response: { 200: Recipes, ...errors } },
    },
    async (request) => meals.recipes(identityOf(request), request.query.q),
  );

  app.post(
    '/recipe/',
    { schema: { tags, body: RecipeInput, response: { 201: Recipe, ...errors, 413: ErrorBody } } },
    async (request, reply) =>
      reply.status(201).send(await meals.createRecipe(identityOf(request), request.body)),
  );

  app.post(
    '/recipe/import',
    { schema: { tags, body: RecipeImportInput, response: { 201: Recipe, ...errors, 422: ErrorBody } } },
    async (request, reply) =>
      reply.status(201).send(await importer.import(identityOf(request), request.body)),
  );

  app.get(
    '/recipe/:recipe_id',
    {
      config: { cache: 'house' },
      schema: { tags, params: RecipeIdParams, response: { 200: Recipe, ...errors } },
    },
    async (request) => meals.recipe(identityOf(request), request.params.recipe_id),
  );

  app.put(
    '/recipe/:recipe_id',
    {
      schema: {
        tags,
        params: RecipeIdParams,
        body: RecipeInput,
        response: { 200: Recipe, ...errors, 413: ErrorBody },
      },
    },
    async (request) => meals.updateRecipe(identityOf(request), request.params.recipe_id, request.body),
  );

  app.delete(
    '/recipe/:recipe_id',
    { schema: { tags, params: RecipeIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await meals.deleteRecipe(identityOf(request), request.params.recipe_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/meal/',
    {
      config: { cache: 'house' },
      schema: { tags, querystring: MealRangeQuery, response: { 200: Meals, ...errors } },
    },
    async (request) => meals.plan(identityOf(request), request.query.from, request.query.to),
  );

  app.post(
    '/meal/',
    { schema: { tags, body: MealInput, response: { 201: Meal, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await meals.createMeal(identityOf(request), request.body)),
  );

  app.put(
    '/meal/:meal_id',
    { schema: { tags, params: MealIdParams, body: MealInput, response: { 200: Meal, ...errors } } },
    async (request) => meals.updateMeal(identityOf(request), request.params.meal_id, request.body),
  );

  app.delete(
    '/meal/:meal_id',
    { schema: { tags, params: MealIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await meals.deleteMeal(identityOf(request), request.params.meal_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/meal/to-groceries',
    { schema: { tags, body: MealsToGroceriesInput, response: { 200: MealsToGroceries, ...errors } } },
    async (request) => meals.toGroceries(identityOf(request), request.body),
  );

  app.post(
    '/meal/to-groceries/:addition_id/undo',
    { schema: { tags, params: MealAdditionIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await meals.undoAddition(identityOf(request), request.params.addition_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/house/:house_id/staples',
    {
      config: { cache: 'house' },
      schema: { tags, params: HouseIdParams, response: { 200: Staples, ...errors } },
    },
    async (request) => meals.staples(identityOf(request), request.params.house_id),
  );

  app.put(
    '/house/:house_id/staples',
    { schema: { tags, params: HouseIdParams, body: Staples, response: { 200: Staples, ...errors } } },
    async (request) => meals.setStaples(identityOf(request), request.params.house_id, request.body),
  );
};
