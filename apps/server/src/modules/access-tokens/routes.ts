import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccessTokenIdParams,
  AccessTokenInput,
  AccessTokenList,
  ErrorBody,
  NewAccessToken,
  Ok,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { AccessTokensService } from './service.js';

/** In the OpenAPI document: a signed-in session's token only, never a personal API token. */
const SESSION_ONLY = [{ bearer: [] }];

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

// `session: true`: a token cannot make, see or revoke tokens (plugins/auth.ts answers 403 session_required).
export const accessTokensRoutes: FastifyPluginAsyncTypebox<{ tokens: AccessTokensService }> = async (
  app,
  { tokens },
) => {
  app.get(
    '/access-token/',
    {
      config: { session: true },
      schema: {
        tags: ['access-tokens'],
        security: SESSION_ONLY,
        response: { 200: AccessTokenList, ...errors },
      },
    },
    async (request) => tokens.list(identityOf(request)),
  );

  app.post(
    '/access-token/',
    {
      config: { session: true },
      schema: {
        tags: ['access-tokens'],
        security: SESSION_ONLY,
        body: AccessTokenInput,
        response: { 201: NewAccessToken, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await tokens.create(identityOf(request), request.body)),
  );

  app.delete(
    '/access-token/:access_token_id',
    {
      config: { session: true },
      schema: {
        tags: ['access-tokens'],
        security: SESSION_ONLY,
        params: AccessTokenIdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await tokens.remove(identityOf(request), request.params.access_token_id);
      return { ok: true as const };
    },
  );
};
