import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  GroceryBuyAgainQuery,
  GroceryCategoryOrder,
  GroceryCategoryOrderInput,
  GroceryClearDone,
  GroceryItem,
  GroceryItemIdParams,
  GroceryItemInput,
  GroceryItemPatch,
  GroceryList,
  GroceryListIdParams,
  GroceryListInput,
  GroceryLists,
  GrocerySuggestionQuery,
  GrocerySuggestions,
  HouseIdParams,
  Ok,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { GroceriesService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['groceries'];

export const groceriesRoutes: FastifyPluginAsyncTypebox<{ groceries: GroceriesService }> = async (
  app,
  { groceries },
) => {
  app.get(
    '/grocery-list/',
    { config: { cache: 'house' }, schema: { tags, response: { 200: GroceryLists, ...errors } } },
    async (request) => groceries.lists(identityOf(request)),
  );

  app.post(
    '/grocery-list/',
    { schema: { tags, body: GroceryListInput, response: { 201: GroceryList, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await groceries.createList(identityOf(request), request.body)),
  );

  app.delete(
    '/grocery-list/:id',
    { schema: { tags, params: GroceryListIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await groceries.deleteList(identityOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/grocery-item/',
    { schema: { tags, body: GroceryItemInput, response: { 201: GroceryItem, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await groceries.addItem(identityOf(request), request.body)),
  );

  app.patch(
    '/grocery-item/:id',
    {
      schema: {
        tags,
        params: GroceryItemIdParams,
        body: GroceryItemPatch,
        response: { 200: GroceryItem, ...errors },
      },
    },
    async (request) => groceries.updateItem(identityOf(request), request.params.id, request.body),
  );

  app.delete(
    '/grocery-item/:id',
    { schema: { tags, params: GroceryItemIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await groceries.removeItem(identityOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/grocery-list/:id/done',
    { schema: { tags, params: GroceryListIdParams, response: { 200: GroceryClearDone, ...errors } } },
    async (request) => ({ removed: await groceries.clearDone(identityOf(request), request.params.id) }),
  );

  app.get(
    '/grocery-suggestion/',
    {
      schema: { tags, querystring: GrocerySuggestionQuery, response: { 200: GrocerySuggestions, ...errors } },
    },
    async (request) => groceries.suggestions(identityOf(request), request.query.q, request.query.limit),
  );

  app.get(
    '/grocery-suggestion/again',
    { schema: { tags, querystring: GroceryBuyAgainQuery, response: { 200: GrocerySuggestions, ...errors } } },
    async (request) => groceries.buyAgain(identityOf(request), request.query.limit),
  );

  app.get(
    '/house/:house_id/grocery-category-order',
    { schema: { tags, params: HouseIdParams, response: { 200: GroceryCategoryOrder, ...errors } } },
    async (request) => groceries.categoryOrder(identityOf(request), request.params.house_id),
  );

  app.put(
    '/house/:house_id/grocery-category-order',
    {
      schema: {
        tags,
        params: HouseIdParams,
        body: GroceryCategoryOrderInput,
        response: { 200: GroceryCategoryOrder, ...errors },
      },
    },
    async (request) => groceries.setCategoryOrder(identityOf(request), request.params.house_id, request.body),
  );
};
