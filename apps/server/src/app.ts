import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ClientConfig } from '@hearth/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import { type AppConfig, OIDC_SCOPE } from './config.js';
import { Membership } from './core/membership.js';
import { registerModules } from './core/register-modules.js';
import { createDb, type Db } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import * as modules from './modules/index.js';
import { createLiveBus } from './modules/live/create-live-bus.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
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
  // Writes that carry an Idempotency-Key are answered once; a repeat gets the first answer again.
  await app.register(idempotencyPlugin, { db });

  // The live change stream, shared by every module (in process on SQLite, LISTEN/NOTIFY on PostgreSQL).
  const live = await createLiveBus(config.database, db, app.log);
  app.addHook('onClose', () => live.close());
  const context = { db, config, log: app.log, membership: new Membership(db), live };

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
      // Every module that modules/index.ts exports.
      await registerModules(api, Object.values(modules), context);
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
