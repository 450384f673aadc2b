import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  NotificationActionInput,
  NotificationActionResult,
  NotificationSettings,
  NotificationSettingsInput,
  NotificationTestResult,
  Ok,
  PushPublicKey,
  PushSubscription,
  PushSubscriptionIdParams,
  PushSubscriptionInput,
  PushSubscriptionList,
  PushSubscriptionRenewInput,
  UnsubscribeInput,
  UnsubscribeQuery,
  UnsubscribeResult,
} from '@hearth/contract';
import { identityOf } from '../../core/identity.js';
import type { NotificationsService } from './service.js';
import { refuseUnknownFields } from './strict-body.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncTypebox<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the
  // token is in the link itself, so the form's content is not needed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  app.get(
    '/notification-settings/',
    { schema: { tags, response: { 200: NotificationSettings, ...errors } } },
    async (request) => notifications.settings(identityOf(request)),
  );

  app.put(
    '/notification-settings/',
    {
      preValidation: refuseUnknownFields(NotificationSettingsInput),
      schema: { tags, body: NotificationSettingsInput, response: { 200: NotificationSettings, ...errors } },
    },
    async (request) => notifications.saveSettings(identityOf(request), request.body),
  );

  app.post(
    '/notification-settings/test',
    { schema: { tags, response: { 200: NotificationTestResult, ...errors } } },
    async (request) => notifications.sendTest(identityOf(request)),
  );

  app.get(
    '/push/public-key',
    { schema: { tags, response: { 200: PushPublicKey, ...errors } } },
    async () => ({ public_key: await notifications.publicKey() }),
  );

  app.get(
    '/push-subscription/',
    { schema: { tags, response: { 200: PushSubscriptionList, ...errors } } },
    async (request) => notifications.devices(identityOf(request)),
  );

  app.post(
    '/push-subscription/',
    {
      preValidation: refuseUnknownFields(PushSubscriptionInput),
      schema: { tags, body: PushSubscriptionInput, response: { 201: PushSubscription, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await notifications.addDevice(identityOf(request), request.body)),
  );

  app.post(
    '/push-subscription/renew',
    {
      config: { auth: false },
      preValidation: refuseUnknownFields(PushSubscriptionRenewInput),
      schema: { tags, body: PushSubscriptionRenewInput, response: { 200: Ok, ...errors } },
    },
    async (request) => {
      await notifications.renewDevice(request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    '/push-subscription/:push_subscription_id',
    { schema: { tags, params: PushSubscriptionIdParams, response: { 200: Ok, ...errors } } },
    async (request) => {
      await notifications.removeDevice(identityOf(request), request.params.push_subscription_id);
      return { ok: true as const };
    },
  );

  app.post(
    '/notification-action',
    {
      config: { auth: false },
      preValidation: refuseUnknownFields(NotificationActionInput),
      schema: {
        tags,
        body: NotificationActionInput,
        response: { 200: NotificationActionResult, ...errors, 409: ErrorBody },
      },
    },
    async (request) => notifications.act(request.body),
  );

  app.post(
    '/unsubscribe',
    {
      config: { auth: false },
      preValidation: refuseUnknownFields(UnsubscribeInput),
      schema: {
        tags,
        querystring: UnsubscribeQuery,
        body: UnsubscribeInput,
        response: { 200: UnsubscribeResult, ...errors },
      },
    },
    async (request) => notifications.unsubscribe(request.query.token ?? request.body?.token),
  );
};
