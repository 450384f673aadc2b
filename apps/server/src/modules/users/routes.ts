import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, User, UserExists, UserExport, UserInput } from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { UsersService } from './service.js';

export const usersRoutes: FastifyPluginAsyncTypebox<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users/me/exists',
    { schema: { tags: ['users'], response: { 200: UserExists, 401: ErrorBody } } },
    async (request) => ({ exists: await users.exists(identityOf(request)) }),
  );

  app.get(
    '/users/me',
    {
      config: { cache: 'person' },
      schema: { tags: ['users'], response: { 200: User, 401: ErrorBody, 404: ErrorBody } },
    },
    async (request) => users.me(identityOf(request)),
  );

  app.get(
    '/users/me/export',
    { schema: { tags: ['users'], response: { 200: UserExport, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const doc = await users.export(identityOf(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="hearth-me-${doc.exported_at.slice(0, 10)}.json"`,
        )
        .send(doc);
    },
  );

  app.post(
    '/users/',
    {
      schema: {
        tags: ['users'],
        body: UserInput,
        response: { 200: User, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody, 413: ErrorBody },
      },
    },
    async (request) => users.save(identityOf(request), request.body),
  );
};
