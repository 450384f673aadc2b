import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/create-db.js';
import type { LimitStore } from '../lib/limits.js';
import { AccountsRepository } from './accounts.js';
import { PayloadPruner } from './adapter.js';
import { interactionRoutes } from './interactions.js';
import { createProvider, issuerPath } from './provider.js';
import { DEFAULT_LIMITS, type IdpLimits } from './rate-limit.js';

export { NO_LIMITS } from './rate-limit.js';

import { loadIdpSecrets, publicJwksOf } from './secrets.js';

/** Where the provider is routed on this server: the built-in provider lives at /oidc. */
const MOUNT = '/oidc';

export interface MountIdpOptions {
  config: AppConfig;
  db: Db;
  /** Rate limits for the sign-in and sign-up forms (tests lower them). */
  limits?: Partial<IdpLimits>;
  /** Where attempt counters live. */
  limitStore: LimitStore;
}

export interface MountedIdp {
  /** The public signing keys, for checking access tokens without a network round trip. */
  publicJwks: JSONWebKeySet;
}

/**
 * Koa (inside oidc-provider) reads the left-most X-Forwarded-* values, which a client can write. Replace
 * them with what Fastify derived from the trusted hops only (TRUST_PROXY), so both agree.
 */
function trustedHopsOnly(request: FastifyRequest) {
  const headers = request.raw.headers;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
}

/**
 * Mounts Hearth's built-in OpenID Connect provider (oidc-provider) at /oidc: discovery, authorization,
 * token, JWKS, userinfo and sign-out are oidc-provider's own; the sign-in and sign-up pages are ours.
 * Its sessions, grants, tokens, accounts and keys live in the app's database, so they survive a restart.
 */
export async function mountIdp(app: FastifyInstance, opts: MountIdpOptions): Promise<MountedIdp> {
  const { config, db } = opts;
  const secrets = await loadIdpSecrets(db);
  const accounts = new AccountsRepository(db);
  const pruner = new PayloadPruner(db, (err) =>
    app.log.warn({ err }, 'pruning expired sign-in records failed'),
  );
  app.addHook('onClose', () => pruner.settle());

  const provider = await createProvider({ config, db, secrets, accounts, pruner, log: app.log });
  const base = issuerPath(config.oidc.issuer);
  const callback = provider.callback();

  /** Hands the raw request to oidc-provider (a Koa app) with the mount prefix taken off its URL. */
  async function passThrough(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    const req = request.raw as IncomingMessage & { baseUrl?: string };
    const original = req.url ?? MOUNT;
    const rest = original.slice(MOUNT.length);
    req.url = rest.startsWith('/') ? rest : `/${rest}`;
    // oidc-provider builds its URLs from this prefix (express' `baseUrl`).
    req.baseUrl = base;
    if (config.trustProxy !== false) trustedHopsOnly(request);
    try {
      await callback(req, reply.raw);
    } finally {
      req.url = original;
      delete req.baseUrl;
    }
  }

  await app.register(async (oidc) => {
    // oidc-provider reads request bodies itself: Fastify must leave the stream untouched here.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));
    oidc.all(MOUNT, { schema: { hide: true } }, passThrough);
    oidc.all(`${MOUNT}/*`, { schema: { hide: true } }, passThrough);
  });

  await app.register(interactionRoutes, {
    prefix: MOUNT,
    provider,
    accounts,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    limitStore: opts.limitStore,
    base,
    home: `${config.publicUrl}/`,
    clientId: config.oidc.clientId,
  });

  return { publicJwks: publicJwksOf(secrets.signingKeys) };
}
