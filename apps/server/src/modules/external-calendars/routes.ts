import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  ExternalCalendar,
  ExternalCalendarIdParams,
  ExternalCalendarInput,
  ExternalCalendarList,
  Ok,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { ExternalCalendarsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['external-calendars'];

export const externalCalendarsRoutes: FastifyPluginAsyncTypebox<{
  calendars: ExternalCalendarsService;
}> = async (app, { calendars }) => {
  app.get(
    '/external-calendar/',
    {
      schema: {
        tags,
        summary: "The outside calendars the caller sees: the house's and their own",
        response: { 200: ExternalCalendarList, ...errors },
      },
    },
    async (request) => calendars.list(identityOf(request)),
  );

  app.post(
    '/external-calendar/',
    {
      schema: {
        tags,
        summary: 'Adds an outside calendar by the link to its .ics feed, and fetches it',
        body: ExternalCalendarInput,
        response: { 201: ExternalCalendar, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await calendars.create(identityOf(request), request.body)),
  );

  app.put(
    '/external-calendar/:external_calendar_id',
    {
      schema: {
        tags,
        params: ExternalCalendarIdParams,
        body: ExternalCalendarInput,
        response: { 200: ExternalCalendar, ...errors },
      },
    },
    async (request) =>
      calendars.update(identityOf(request), request.params.external_calendar_id, request.body),
  );

  app.delete(
    '/external-calendar/:external_calendar_id',
    { schema: { tags, params: ExternalCalendarIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await calendars.remove(identityOf(request), request.params.external_calendar_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/external-calendar/:external_calendar_id/refresh',
    {
      schema: {
        tags,
        summary: 'Fetches the feed now; the answer carries last_fetched_at and last_error',
        params: ExternalCalendarIdParams,
        response: { 200: ExternalCalendar, ...errors },
      },
    },
    async (request) => calendars.refresh(identityOf(request), request.params.external_calendar_id),
  );
};
