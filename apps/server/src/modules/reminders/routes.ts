import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, Ok, Reminder, ReminderIdParams, ReminderInput, ReminderList } from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { RemindersService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const remindersRoutes: FastifyPluginAsyncTypebox<{ reminders: RemindersService }> = async (
  app,
  { reminders },
) => {
  app.get(
    '/reminder/',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: { tags: ['reminders'], response: { 200: ReminderList, ...errors } },
    },
    async (request) => reminders.list(identityOf(request)),
  );

  app.post(
    '/reminder/',
    { schema: { tags: ['reminders'], body: ReminderInput, response: { 201: Reminder, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await reminders.create(identityOf(request), request.body)),
  );

  app.put(
    '/reminder/:id',
    {
      schema: {
        tags: ['reminders'],
        params: ReminderIdParams,
        body: ReminderInput,
        response: { 200: Reminder, ...errors },
      },
    },
    async (request) => reminders.update(identityOf(request), request.params.id, request.body),
  );

  app.delete(
    '/reminder/:id',
    { schema: { tags: ['reminders'], params: ReminderIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await reminders.remove(identityOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
