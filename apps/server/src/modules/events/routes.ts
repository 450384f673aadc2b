import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CalendarSubscription,
  ErrorBody,
  Event,
  EventDeleteQuery,
  EventFeedParams,
  EventFeedQuery,
  EventIdParams,
  EventInput,
  EventOccurrence,
  EventPatch,
  EventRangeQuery,
  LayersQuery,
  Ok,
  PersonalFeedLink,
  PersonalFeedQuery,
  TimelineLayers,
} from '@hearth/contract';
import { Type } from 'typebox';
import { challenge, identityOf } from '../../core/identity.js';
import { unauthorized } from '../../lib/errors.js';
import { feedStream } from './feed.js';
import type { PersonalFeedService } from './personal-feed.js';
import type { EventsService, FeedCredential } from './service.js';
import { hashSubscriptionSecret, type SubscriptionsService } from './subscriptions.js';
import type { TimelineService } from './timeline.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Feeds may be asked for with a member's secret link: kept answers check it on every request. */
const houseLinks = { table: 'calendar_subscriptions', hash: hashSubscriptionSecret } as const;
const personalLinks = { table: 'personal_feed_links', hash: hashSubscriptionSecret } as const;

export interface EventsRoutesOptions {
  events: EventsService;
  subscriptions: SubscriptionsService;
  timeline: TimelineService;
  personalFeed: PersonalFeedService;
  publicUrl: string;
}

export const eventsRoutes: FastifyPluginAsyncTypebox<EventsRoutesOptions> = async (
  app,
  { events, subscriptions, timeline, personalFeed, publicUrl },
) => {
  app.get(
    '/event/',
    {
      config: { cache: 'house' },
      schema: {
        tags: ['events'],
        summary: 'Occurrences of the house events in a range, repeating events expanded',
        querystring: EventRangeQuery,
        response: { 200: Type.Array(EventOccurrence), ...errors },
      },
    },
    async (request) => events.list(identityOf(request), request.query),
  );

  app.get(
    '/event/layers',
    {
      config: { cache: { scope: 'person', maxAgeSeconds: 60 } },
      schema: {
        tags: ['events'],
        summary: "The calendar's other layers in a range: tasks due, bills due, away periods, my reminders",
        querystring: LayersQuery,
        response: { 200: TimelineLayers, ...errors },
      },
    },
    async (request) => timeline.layers(identityOf(request), request.query),
  );

  app.post(
    '/feed/me/link',
    {
      schema: {
        tags: ['events'],
        summary: "A new personal feed link (the caller's previous one stops working)",
        response: { 200: PersonalFeedLink, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return personalFeed.makeLink(identityOf(request));
    },
  );

  app.delete(
    '/feed/me/link',
    {
      schema: {
        tags: ['events'],
        summary: "Revokes the caller's personal feed link",
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await personalFeed.revoke(identityOf(request));
      return { ok: true } as const;
    },
  );

  app.get(
    '/feed/me.ics',
    {
      // The link's secret is the credential.
      config: { auth: false, cache: { scope: 'person', maxAgeSeconds: 60, link: personalLinks } },
      schema: {
        tags: ['events'],
        summary: "A member's personal feed: house events, their tasks, bills due and their reminders",
        querystring: PersonalFeedQuery,
        description: 'Answers text/calendar (RFC 5545).',
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const chunks = await personalFeed.feed(request.query.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="my-household.ics"')
        .send(chunks);
    },
  );

  app.get(
    '/event/house/:houseId/calendar.ics',
    {
      // The bearer header, ?access_token= (as the feed link carries it) or a member's subscription link
      // (?token=), checked here.
      config: {
        queryToken: true,
        authOptional: true,
        cache: { scope: 'house', maxAgeSeconds: 3600, link: houseLinks },
      },
      schema: {
        tags: ['events'],
        summary: 'The house calendar as an iCalendar feed',
        params: EventFeedParams,
        querystring: EventFeedQuery,
        description: 'Answers text/calendar (RFC 5545).',
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      let credential: FeedCredential;
      if (request.identity) credential = { identity: request.identity };
      else if (request.query.token) credential = { subscriptionSecret: request.query.token };
      else {
        challenge(reply);
        throw unauthorized();
      }
      const { houseName, rows } = await events.feed(request.params.houseId, credential);
      return (
        reply
          .type('text/calendar; charset=utf-8')
          // The URL may carry a secret: no shared cache may keep the answer.
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline; filename="house-calendar.ics"')
          .send(feedStream(rows, { publicUrl, houseName }))
      );
    },
  );

  app.get(
    '/event/subscription',
    {
      schema: {
        tags: ['events'],
        summary: "The caller's calendar subscription link (made on the first request)",
        response: { 200: CalendarSubscription, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return subscriptions.current(identityOf(request));
    },
  );

  app.post(
    '/event/subscription/rotate',
    {
      schema: {
        tags: ['events'],
        summary: "Revokes the caller's subscription link and makes a new one",
        response: { 200: CalendarSubscription, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return subscriptions.rotate(identityOf(request));
    },
  );

  app.delete(
    '/event/subscription',
    {
      schema: {
        tags: ['events'],
        summary: "Revokes the caller's subscription link",
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await subscriptions.revoke(identityOf(request));
      return { ok: true } as const;
    },
  );

  app.get(
    '/event/:id',
    { schema: { tags: ['events'], params: EventIdParams, response: { 200: Event, ...errors } } },
    async (request) => events.get(identityOf(request), request.params.id),
  );

  app.post(
    '/event/',
    { schema: { tags: ['events'], body: EventInput, response: { 201: Event, ...errors } } },
    async (request, reply) => reply.status(201).send(await events.create(identityOf(request), request.body)),
  );

  app.patch(
    '/event/:id',
    {
      schema: {
        tags: ['events'],
        params: EventIdParams,
        body: EventPatch,
        response: { 200: Event, ...errors },
      },
    },
    async (request) => events.update(identityOf(request), request.params.id, request.body),
  );

  app.delete(
    '/event/:id',
    {
      schema: {
        tags: ['events'],
        params: EventIdParams,
        querystring: EventDeleteQuery,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await events.remove(identityOf(request), request.params.id, request.query);
      return { ok: true } as const;
    },
  );
};
