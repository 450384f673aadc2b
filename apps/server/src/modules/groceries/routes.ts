import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  GroceryItem,
  GroceryItemIdParams,
  GroceryItemInput,
  GroceryItemPatch,
  GroceryList,
  GroceryListIdParams,
  GroceryListInput,
  GroceryLists,
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
    { schema: { tags, response: { 200: GroceryLists, ...errors } } },
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
    async (request) => groceries.setCompleted(identityOf(request), request.params.id, request.body.completed),
  );

  app.delete(
    '/grocery-item/:id',
    { schema: { tags, params: GroceryItemIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await groceries.removeItem(identityOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
