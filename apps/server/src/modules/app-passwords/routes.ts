import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AppPasswordIdParams,
  AppPasswordInput,
  AppPasswordList,
  ErrorBody,
  NewAppPassword,
  Ok,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { AppPasswordsService } from './service.js';

/** In the OpenAPI document: a signed-in session's token only, never a personal API token. */
const SESSION_ONLY = [{ bearer: [] }];

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

// `session: true`: no API token can make, see or remove app passwords (plugins/auth.ts).
export const appPasswordsRoutes: FastifyPluginAsyncTypebox<{ passwords: AppPasswordsService }> = async (
  app,
  { passwords },
) => {
  app.get(
    '/app-password/',
    {
      config: { session: true },
      schema: {
        tags: ['app-passwords'],
        security: SESSION_ONLY,
        response: { 200: AppPasswordList, ...errors },
      },
    },
    async (request) => passwords.list(identityOf(request)),
  );

  app.post(
    '/app-password/',
    {
      config: { session: true },
      schema: {
        tags: ['app-passwords'],
        security: SESSION_ONLY,
        body: AppPasswordInput,
        response: { 201: NewAppPassword, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await passwords.create(identityOf(request), request.body)),
  );

  app.delete(
    '/app-password/:app_password_id',
    {
      config: { session: true },
      schema: {
        tags: ['app-passwords'],
        security: SESSION_ONLY,
        params: AppPasswordIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await passwords.remove(identityOf(request), request.params.app_password_id);
      return { ok: true as const };
    },
  );
};
