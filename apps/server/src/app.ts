import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ClientConfig } from '@hearth/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import { type AppConfig, OIDC_SCOPE } from './config.js';
import { createDb, type Db } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { EventsRepository } from './modules/events/repository.js';
import { eventsRoutes } from './modules/events/routes.js';
import { EventsService } from './modules/events/service.js';
import { SubscriptionsRepository } from './modules/events/subscription-repository.js';
import { SubscriptionsService } from './modules/events/subscriptions.js';
import { GroceriesRepository } from './modules/groceries/repository.js';
import { groceriesRoutes } from './modules/groceries/routes.js';
import { GroceriesService } from './modules/groceries/service.js';
import { HousesRepository } from './modules/houses/repository.js';
import { housesRoutes } from './modules/houses/routes.js';
import { HousesService } from './modules/houses/service.js';
import { createLiveBus } from './modules/live/create-live-bus.js';
import { liveRoutes } from './modules/live/routes.js';
import { LiveService } from './modules/live/service.js';
import { RemindersRepository } from './modules/reminders/repository.js';
import { remindersRoutes } from './modules/reminders/routes.js';
import { RemindersService } from './modules/reminders/service.js';
import { UsersRepository } from './modules/users/repository.js';
import { usersRoutes } from './modules/users/routes.js';
import { UsersService } from './modules/users/service.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { webStaticPlugin } from './plugins/web-static.js';

export interface BuildOptions {
  config: AppConfig;
  /** A database to use instead of opening config.database (tests pass one per schema). */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance;

/** Images arrive as data-URLs: 2 MB of bytes is about 2.7 MB of base64, plus the other fields. */
const BODY_LIMIT = 4 * 1024 * 1024;

export async function buildApp({ config, db: givenDb, logger }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Lets people quote a request id from their browser that matches the structured log line.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const db = givenDb ?? createDb(config.database);
  app.addHook('onClose', async () => {
    if (!givenDb) await db.destroy();
  });
  await migrateToLatest(db, config.database.engine);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });

  let localJwks: JSONWebKeySet | undefined;
  if (config.oidc.builtIn) {
    // Loaded only when used: an external issuer never pays for oidc-provider.
    const { mountIdp, NO_LIMITS } = await import('./idp/index.js');
    const idp = await mountIdp(app, { config, db, ...(config.idpRateLimit ? {} : { limits: NO_LIMITS }) });
    localJwks = idp.publicJwks;
  }
  await app.register(authPlugin, { oidc: config.oidc, ...(localJwks ? { localJwks } : {}) });

  const users = new UsersService(new UsersRepository(db));
  const houses = new HousesService(new HousesRepository(db), users);
  // The live change stream: pass `live` to any service whose changes housemates should see at once.
  const live = await createLiveBus(config.database, db, app.log);
  app.addHook('onClose', () => live.close());
  const events = new EventsService(new EventsRepository(db), users, live);
  const subscriptions = new SubscriptionsService(new SubscriptionsRepository(db), users, config.publicUrl);
  const groceries = new GroceriesService(new GroceriesRepository(db), users, live);
  const reminders = new RemindersService(new RemindersRepository(db), users, live);

  await app.register(
    async (api) => {
      api.get(
        '/config',
        {
          config: { auth: false },
          schema: { tags: ['config'], security: [], response: { 200: ClientConfig } },
        },
        async () => ({
          oidc: {
            authority: config.oidc.issuer,
            client_id: config.oidc.clientId,
            audience: config.oidc.audience,
            scope: OIDC_SCOPE,
            built_in: config.oidc.builtIn,
          },
        }),
      );
      await api.register(usersRoutes, { users });
      await api.register(housesRoutes, { houses });
      await api.register(eventsRoutes, { events, subscriptions, publicUrl: config.publicUrl });
      await api.register(groceriesRoutes, { groceries });
      await api.register(liveRoutes, { live: new LiveService(users, live) });
      await api.register(remindersRoutes, { reminders });
    },
    { prefix: '/api' },
  );

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch (err) {
      app.log.error({ err }, 'database is not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(webStaticPlugin, { webDist: config.webDist });
  return app;
}
