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
import { challenge, type Identity } from '../core/identity.js';
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

/** Where tokens' keys come from, and the key set as known right now (to tell whether a key was rotated). */
interface KeySource {
  getKey: JWTVerifyGetKey;
  /** The current key set, or undefined while it is not loaded. */
  current(): JSONWebKeySet | undefined;
  /** false once the key set is old enough that the issuer must be asked again (then nothing is cached). */
  fresh(): boolean;
}

function localKeys(jwks: JSONWebKeySet): KeySource {
  const getKey = createLocalJWKSet(jwks);
  return { getKey, current: () => jwks, fresh: () => true };
}

/** Finds the issuer's keys through its discovery document, once, and retries after a failure. */
function discoveredKeys(issuer: string): KeySource {
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;
  let loaded: ReturnType<typeof createRemoteJWKSet> | null = null;
  const load = async () => {
    const res = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`discovery answered ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: unknown };
    if (typeof doc.jwks_uri !== 'string') throw new Error('discovery document has no jwks_uri');
    loaded = createRemoteJWKSet(new URL(doc.jwks_uri));
    return loaded;
  };
  return {
    getKey: async (header, token) => {
      keys ??= load().catch((err) => {
        keys = null;
        throw err;
      });
      return (await keys)(header, token);
    },
    current: () => loaded?.jwks(),
    fresh: () => loaded?.fresh ?? false,
  };
}

/** The public parts of the key that verified a token, as text, to find it again in a later key set. */
function keyFingerprint(jwks: JSONWebKeySet | undefined, kid: string | undefined): string | null {
  const matches = (jwks?.keys ?? []).filter((k) => kid === undefined || k.kid === kid);
  return matches.length === 1 ? JSON.stringify(matches[0]) : null;
}

/**
 * Verified tokens, kept until their `exp`: verifying a signature costs more than a whole cached read. A
 * token is served from here only while the key that verified it is still in the issuer's current key set
 * (so a rotated key's tokens stop at once) and that set is fresh. Who the subject is in Hearth (a removed
 * user, a member who left) is looked up on every request after this, never kept here.
 */
class VerifiedTokens {
  private readonly entries = new Map<string, { identity: Identity; exp: number; key: string }>();
  /** The current key set's keys as text; read again after every full verification (which may reload it). */
  private known = new Set<string>();

  constructor(
    private readonly keys: KeySource,
    private readonly max = 10_000,
  ) {}

  get(token: string): Identity | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.exp * 1000 <= Date.now() || !this.keys.fresh() || !this.known.has(entry.key)) {
      this.entries.delete(token);
      return null;
    }
    return entry.identity;
  }

  /** After a verification, kept or not: the key set may have been reloaded (and a key rotated away). */
  verified(): void {
    const jwks = this.keys.current();
    this.known = new Set((jwks?.keys ?? []).map((k) => JSON.stringify(k)));
  }

  set(token: string, identity: Identity, kid: string | undefined): void {
    const key = keyFingerprint(this.keys.current(), kid);
    const exp = identity.claims.exp;
    if (key === null || exp === undefined || !this.keys.fresh()) return;
    if (this.entries.size >= this.max) {
      // Drop the oldest tenth at once, so a flood of new tokens does not pay for one eviction each.
      let n = Math.ceil(this.max / 10);
      for (const k of this.entries.keys()) {
        if (n-- <= 0) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(token, { identity, exp, key });
  }
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
    const keys = opts.localJwks ? localKeys(opts.localJwks) : discoveredKeys(issuer);
    const verified = new VerifiedTokens(keys);

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
      const known = verified.get(token);
      if (known) {
        request.identity = known;
        return;
      }
      let payload: JWTPayload;
      let kid: string | undefined;
      try {
        // A token without `exp` would work for ever (and keep a live stream open for ever).
        ({
          payload,
          protectedHeader: { kid },
        } = await jwtVerify(token, keys.getKey, {
          issuer,
          audience,
          algorithms: ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (err) {
        verified.verified();
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
      verified.verified();
      const identity: Identity = Object.freeze({ issuer, subject: payload.sub, email, claims: payload });
      verified.set(token, identity, kid);
      request.identity = identity;
    });
  },
  { name: 'auth' },
);
