import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  NewWebhook,
  Ok,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookIdParams,
  WebhookInput,
  WebhookList,
  WebhookUpdate,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { WebhooksService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['webhooks'];

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ webhooks: WebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.get('/webhook/', { schema: { tags, response: { 200: WebhookList, ...errors } } }, async (request) =>
    webhooks.list(identityOf(request)),
  );

  app.post(
    '/webhook/',
    { schema: { tags, body: WebhookInput, response: { 201: NewWebhook, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(identityOf(request), request.body)),
  );

  app.put(
    '/webhook/:webhook_id',
    { schema: { tags, params: WebhookIdParams, body: WebhookUpdate, response: { 200: Webhook, ...errors } } },
    async (request) => webhooks.update(identityOf(request), request.params.webhook_id, request.body),
  );

  app.delete(
    '/webhook/:webhook_id',
    { schema: { tags, params: WebhookIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await webhooks.remove(identityOf(request), request.params.webhook_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/webhook/:webhook_id/test',
    { schema: { tags, params: WebhookIdParams, response: { 202: WebhookDelivery, ...errors } } },
    async (request, reply) =>
      reply.status(202).send(await webhooks.test(identityOf(request), request.params.webhook_id)),
  );

  app.get(
    '/webhook/:webhook_id/deliveries',
    { schema: { tags, params: WebhookIdParams, response: { 200: WebhookDeliveryList, ...errors } } },
    async (request) => webhooks.deliveries(identityOf(request), request.params.webhook_id),
  );
};
