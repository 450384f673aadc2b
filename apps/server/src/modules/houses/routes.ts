import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, House, HouseCodeParams, HouseIdParams, HouseInput } from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { HousesService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const housesRoutes: FastifyPluginAsyncTypebox<{ houses: HousesService }> = async (app, { houses }) => {
  app.get(
    '/house/:house_id',
    { schema: { tags: ['houses'], params: HouseIdParams, response: { 200: House, ...errors } } },
    async (request) => houses.get(identityOf(request), request.params.house_id),
  );

  app.put(
    '/house/:code',
    { schema: { tags: ['houses'], params: HouseCodeParams, response: { 200: House, ...errors } } },
    async (request) => houses.join(identityOf(request), request.params.code),
  );

  app.post(
    '/house/',
    { schema: { tags: ['houses'], body: HouseInput, response: { 201: House, 413: ErrorBody, ...errors } } },
    async (request, reply) => reply.status(201).send(await houses.create(identityOf(request), request.body)),
  );

  app.post(
    '/house/:house_id/code',
    { schema: { tags: ['houses'], params: HouseIdParams, response: { 200: House, ...errors } } },
    async (request) => houses.rotateCode(identityOf(request), request.params.house_id),
  );
};
