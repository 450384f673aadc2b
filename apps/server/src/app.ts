import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ClientConfig } from '@hearth/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { type AppConfig, OIDC_SCOPE } from './config.js';
import { CacheVersions } from './core/cache-versions.js';
import { Membership } from './core/membership.js';
import type { ModuleActions } from './core/module.js';
import { registerModules, registerRootRoutes } from './core/register-modules.js';
import { createDb, type Db } from './db/create-db.js';
import { migrateToLatest } from './db/migrate.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseErrorSummary, logDatabaseFailure } from './lib/db-errors.js';
import type { Lifecycle } from './lib/graceful-stop.js';
import { createLimitStore, type LimitStore } from './lib/limits.js';
import { loggerOptions } from './lib/log-redaction.js';
import { reportUnusableRowsTo } from './lib/unusable-rows.js';
import { AccessTokensRepository, AccessTokensService } from './modules/access-tokens/index.js';
import * as modules from './modules/index.js';
import { createLiveBus } from './modules/live/create-live-bus.js';
import { createHouseEvents } from './modules/webhooks/index.js';
import { apiDocsPlugin } from './plugins/api-docs.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkError } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { type ApiLimits, DEFAULT_API_LIMITS, limitsPlugin, NO_API_LIMITS } from './plugins/limits.js';
import { AppMetrics, metricsPlugin } from './plugins/metrics.js';
import { optionalBodyPlugin } from './plugins/optional-body.js';
import { responseCachePlugin } from './plugins/response-cache.js';
import { securityPlugin } from './plugins/security.js';
import { webStaticPlugin } from './plugins/web-static.js';

export interface BuildOptions {
  config: AppConfig;
  /** A database to use instead of opening config.database (tests pass one per schema). */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (default stdout); tests read what it would print. */
  logStream?: DestinationStream;
  /** Hears of every route as it is added (tests build their checks from the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Overrides the per-user API limits (tests lower them). */
  apiLimits?: ApiLimits;
  /** Where attempt counters live, instead of the engine's default (tests look inside). */
  limitStore?: LimitStore;
  /** false: polled reads are made anew every time (benchmarks measure the path without kept answers). */
  responseCache?: boolean;
  /** Set by the stop signal (server.ts): /readyz answers 503 from then on. */
  lifecycle?: Lifecycle;
}

export type App = FastifyInstance;

/** A hop count trusts that many proxies nearest to Hearth; a list trusts those addresses and ranges. */
function fastifyTrustProxy(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * One log line per request, written when it is answered, with the request in it: Fastify's two lines (one
 * on arrival) cost a third of a small answer's time.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/** Images arrive as data-URLs: 2 MB of bytes is about 2.7 MB of base64, plus the other fields. */
const BODY_LIMIT = 4 * 1024 * 1024;

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, db: givenDb, logger, logStream } = options;
  const app = Fastify({
    logger: logger ?? { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    frameworkErrors: frameworkError,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While stopping, a request that still arrives on an open connection is served (with Connection: close),
    // not refused with a 503 that a proxy would pass on: the listener is closed, so no new ones come.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  const lifecycle = options.lifecycle ?? { stopping: false };
  app.addHook('preClose', async () => {
    lifecycle.stopping = true;
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Lets people quote a request id from their browser that matches the structured log line.
  // App-wide hooks take a callback: every request passes them, and a promise each costs a microtask hop.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const db =
    givenDb ??
    createDb(config.database, {
      onPoolError: (err) => logDatabaseFailure(app.log, err, 'database connection lost'),
    });
  app.addHook('onClose', async () => {
    if (!givenDb) await db.destroy();
  });
  const migrated = await migrateToLatest(db, config.database.engine);
  // Several instances starting together: the one that migrated says so, the others found nothing to do.
  if (migrated.length > 0) app.log.info({ migrations: migrated }, 'migrations applied');

  await app.register(errorsPlugin);
  reportUnusableRowsTo(app.log);
  // Before security (which compresses): it keeps answers as made and encodes them itself.
  const cacheVersions = new CacheVersions(db, app.log);
  // The live change stream, shared by every module (in process on SQLite, LISTEN/NOTIFY on PostgreSQL);
  // kept answers carry its position.
  const live = await createLiveBus(config.database, db, app.log, cacheVersions);
  app.addHook('onClose', () => live.close());
  const metrics = config.metricsToken ? new AppMetrics() : null;
  if (metrics && config.metricsToken) {
    await app.register(metricsPlugin, {
      metrics,
      token: config.metricsToken,
      db,
      liveStreams: () => live.subscriberCount,
    });
  }
  if (options.responseCache !== false) {
    await app.register(responseCachePlugin, {
      db,
      versions: cacheVersions,
      positions: live,
      ...(metrics ? { onHit: () => metrics.cacheHits.inc() } : {}),
    });
  }
  await app.register(securityPlugin, { config });
  await app.register(inputGuardPlugin);
  await app.register(optionalBodyPlugin);
  const limitStore = options.limitStore ?? createLimitStore(config.database.engine, db);
  const limits = options.apiLimits ?? (config.apiRateLimit ? DEFAULT_API_LIMITS : NO_API_LIMITS);
  await app.register(limitsPlugin, { store: limitStore, limits });
  await app.register(apiDocsPlugin, { publicUrl: config.publicUrl });

  let localJwks: JSONWebKeySet | undefined;
  if (config.oidc.builtIn) {
    // Loaded only when used: an external issuer never pays for oidc-provider.
    const { mountIdp, NO_LIMITS } = await import('./idp/index.js');
    const idp = await mountIdp(app, {
      config,
      db,
      limitStore,
      ...(config.idpRateLimit ? {} : { limits: NO_LIMITS }),
    });
    localJwks = idp.publicJwks;
  }
  const membership = new Membership(db);
  // Personal API tokens are checked by their module's service: one lookup per request, never cached.
  const accessTokens = new AccessTokensService(new AccessTokensRepository(db), membership);
  await app.register(authPlugin, { oidc: config.oidc, accessTokens, ...(localJwks ? { localJwks } : {}) });
  // Writes that carry an Idempotency-Key are answered once; a repeat gets the first answer again.
  await app.register(idempotencyPlugin, { db });

  const houseEvents = createHouseEvents(config.database.engine);
  const context = { db, config, log: app.log, membership, live, houseEvents, limits, metrics };

  let actions: ModuleActions | undefined;
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
      actions = await registerModules(api, Object.values(modules), context);
    },
    { prefix: '/api' },
  );
  // Modules' routes outside /api (CalDAV for calendar apps), with their own authentication.
  if (!actions) throw new Error('The API modules were not registered.');
  await registerRootRoutes(app, Object.values(modules), { ...context, limitStore, actions });

  // For load balancers' health checks: fails only while this instance stops, not while the database is
  // away (every instance would be taken out, and the proxy's own error would replace Hearth's 503).
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    lifecycle.stopping ? reply.status(503).send({ status: 'stopping' }) : { status: 'ok' },
  );
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    // Stopping: the load balancer sends new requests elsewhere while those in flight finish.
    if (lifecycle.stopping) return reply.status(503).send({ status: 'stopping' });
    try {
      await sql`select 1`.execute(db);
      return { status: 'ready' };
    } catch (err) {
      app.log.warn({ database: databaseErrorSummary(err) }, 'database is not reachable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' });
    }
  });

  await app.register(webStaticPlugin, { webDist: config.webDist });
  return app;
}
