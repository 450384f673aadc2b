import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { AppConfig } from '../config.js';
import { challenge } from '../core/identity.js';
import { hasUnstorableChars } from '../lib/control-chars.js';
import { unauthorized } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is public. */
    auth?: boolean;
    /** The token may come as ?access_token= (how the calendar feed link carries it). */
    queryToken?: boolean;
    /** A missing token is no error: the route accepts other credentials too (the feed's subscription link). */
    authOptional?: boolean;
  }
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface AuthOptions {
  oidc: AppConfig['oidc'];
  /** The built-in provider's public keys; absent for an external issuer, whose keys are discovered. */
  localJwks?: JSONWebKeySet;
}

/** Finds the issuer's keys through its discovery document, once, and retries after a failure. */
function discoveredKeys(issuer: string): JWTVerifyGetKey {
  let keys: Promise<JWTVerifyGetKey> | null = null;
  const load = async () => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: unknown };
    if (typeof doc.jwks_uri !== 'string') throw new Error('discovery document has no jwks_uri');
    return createRemoteJWKSet(new URL(doc.jwks_uri));
  };
  return async (header, token) => {
    keys ??= load().catch((err) => {
      keys = null;
      throw err;
    });
    return (await keys)(header, token);
  };
}

function bearerFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? null;
  }
  if (request.routeOptions.config.queryToken) {
    const q = (request.query as Record<string, unknown> | undefined)?.access_token;
    if (typeof q === 'string' && q !== '') return q;
  }
  return null;
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    const { issuer, audience } = opts.oidc;
    const keys: JWTVerifyGetKey = opts.localJwks ? createLocalJWKSet(opts.localJwks) : discoveredKeys(issuer);

    app.decorateRequest('identity', null);

    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/') || request.routeOptions.config.auth === false) return;
      if (request.url.startsWith('/api/docs')) return; // the OpenAPI document and its viewer are public
      if (request.routeOptions.url === undefined) return; // unknown route: the 404 handler answers
      const token = bearerFrom(request);
      if (!token) {
        if (request.routeOptions.config.authOptional) return;
        challenge(reply);
        throw unauthorized();
      }
      let payload: JWTPayload;
      try {
        // A token without `exp` would work for ever (and keep a live stream open for ever).
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          audience,
          algorithms: ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (err) {
        if (!(err instanceof Error)) throw err;
        // jose's own errors are about the token; anything else is about fetching the issuer's keys.
        if (!(err instanceof joseErrors.JOSEError)) {
          request.log.warn({ err }, 'token keys could not be loaded');
        }
        challenge(reply, 'invalid_token');
        const expired = err instanceof joseErrors.JWTExpired;
        throw unauthorized(expired ? 'The access token has expired.' : 'The access token is not valid.');
      }
      const email = typeof payload.email === 'string' ? payload.email : null;
      // The subject names rows in the database: it must be storable text (and so must the email).
      if (!payload.sub || hasUnstorableChars(payload.sub) || (email !== null && hasUnstorableChars(email))) {
        challenge(reply, 'invalid_token');
        throw unauthorized('The access token is not valid.');
      }
      request.identity = {
        issuer,
        subject: payload.sub,
        email,
        claims: payload,
      };
    });
  },
  { name: 'auth' },
);
