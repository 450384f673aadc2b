import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  House,
  HouseCodeParams,
  HouseExport,
  HouseIdParams,
  HouseInput,
  HousePatch,
  ImportResult,
  LeaveResult,
  MemberList,
  MemberParams,
  Ok,
  RemovalResult,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import { exactBodyValidator } from './exact-validator.js';
import type { HouseDataService } from './house-data.js';
import type { HousesService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** A whole house with its photos can be far larger than an ordinary request. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

export const housesRoutes: FastifyPluginAsyncTypebox<{
  houses: HousesService;
  houseData: HouseDataService;
  builtInIssuer: string | null;
}> = async (app, { houses, houseData, builtInIssuer }) => {
  app.get(
    '/house/:house_id',
    { schema: { tags: ['houses'], params: HouseIdParams, response: { 200: House, ...errors } } },
    async (request) => houses.get(identityOf(request), request.params.house_id),
  );

  app.put(
    '/house/:code',
    {
      // Codes are short: guessing is limited per user.
      config: { limitAs: 'house-code' },
      schema: { tags: ['houses'], params: HouseCodeParams, response: { 200: House, ...errors } },
    },
    async (request) => houses.join(identityOf(request), request.params.code),
  );

  app.post(
    '/house/',
    { schema: { tags: ['houses'], body: HouseInput, response: { 201: House, 413: ErrorBody, ...errors } } },
    async (request, reply) => reply.status(201).send(await houses.create(identityOf(request), request.body)),
  );

  app.patch(
    '/house/:house_id',
    {
      schema: {
        tags: ['houses'],
        params: HouseIdParams,
        body: HousePatch,
        response: { 200: House, 413: ErrorBody, ...errors },
      },
    },
    async (request) => houses.update(identityOf(request), request.params.house_id, request.body),
  );

  app.post(
    '/house/:house_id/code',
    { schema: { tags: ['houses'], params: HouseIdParams, response: { 200: House, ...errors } } },
    async (request) => houses.rotateCode(identityOf(request), request.params.house_id),
  );

  app.get(
    '/house/:house_id/members',
    { schema: { tags: ['houses'], params: HouseIdParams, response: { 200: MemberList, ...errors } } },
    async (request) => houses.members(identityOf(request), request.params.house_id),
  );

  app.post(
    '/house/:house_id/leave',
    { schema: { tags: ['houses'], params: HouseIdParams, response: { 200: LeaveResult, ...errors } } },
    async (request) => houses.leave(identityOf(request), request.params.house_id),
  );

  app.post(
    '/house/:house_id/members/:user_id/remove',
    { schema: { tags: ['houses'], params: MemberParams, response: { 200: RemovalResult, ...errors } } },
    async (request) => houses.remove(identityOf(request), request.params.house_id, request.params.user_id),
  );

  app.delete(
    '/house/:house_id/members/:user_id/remove',
    { schema: { tags: ['houses'], params: MemberParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await houses.cancelRemoval(identityOf(request), request.params.house_id, request.params.user_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/house/:house_id/export',
    {
      schema: {
        tags: ['houses'],
        params: HouseIdParams,
        // Streamed as it is read (a big house is written out a page at a time), so the schema documents
        // the document without serializing it.
        description: 'The house as one JSON document in the shape import takes (HouseExport), streamed.',
        produces: ['application/json'],
      },
    },
    async (request, reply) => {
      const doc = await houseData.export(identityOf(request), request.params.house_id);
      const day = doc.exportedAt.slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="hearth-house-${day}.json"`)
        .send(Readable.from(doc.chunks));
    },
  );

  app.post(
    '/house/:house_id/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      validatorCompiler: exactBodyValidator,
      schema: {
        tags: ['houses'],
        params: HouseIdParams,
        body: HouseExport,
        response: { 200: ImportResult, 413: ErrorBody, ...errors },
      },
    },
    async (request) => houseData.import(identityOf(request), request.params.house_id, request.body),
  );

  // Deleting an account is leaving the house for good, so it lives with leaving.
  app.delete(
    '/users/me',
    // Only a signed-in session deletes an account, never an API token.
    {
      config: { session: true },
      schema: { tags: ['users'], security: [{ bearer: [] }], response: { 200: Ok, ...errors } },
    },
    async (request) => {
      await houses.deleteAccount(identityOf(request), builtInIssuer);
      return { ok: true as const };
    },
  );
};
