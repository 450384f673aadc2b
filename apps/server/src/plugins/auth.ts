import { ACCESS_TOKEN_PREFIX } from '@hearth/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { challenge, type Identity, type TokenHolder, tokenIdentity } from '../core/identity.js';
import { hasUnstorableChars } from '../lib/control-chars.js';
import { insufficientScope, sessionRequired, unauthorized } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is public. */
    auth?: boolean;
    /** The token may come as ?access_token= (how the calendar feed link carries it). */
    queryToken?: boolean;
    /** A missing token is no error: the route accepts other credentials too (the feed's subscription link). */
    authOptional?: boolean;
    /** Only a signed-in session may call it: a personal API token gets 403 (managing credentials, deleting the account). */
    session?: boolean;
  }
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Finds the person behind a personal API token (modules/access-tokens); null when not valid now. */
export interface AccessTokenCheck {
  authenticate(token: string): Promise<TokenHolder | null>;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

export interface AuthOptions {
  oidc: AppConfig['oidc'];
  /** Personal API tokens (`Bearer hearth_pat_...`); absent: only sign-in tokens are taken. */
  accessTokens?: AccessTokenCheck;
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

/** How many of a credential's last characters (its signature's) place it in the cache. */
const TAIL = 32;

/**
 * Verified tokens, kept until their `exp`: verifying a signature costs more than a whole cached read. A
 * token is served from here only while the key that verified it is still in the issuer's current key set
 * (so a rotated key's tokens stop at once) and that set is fresh. Who the subject is in Hearth (a removed
 * user, a member who left) is looked up on every request after this, never kept here.
 *
 * An entry is found by the credential exactly as it came (the whole Authorization header, or the
 * ?access_token= value), so a hit needs no parsing. It is placed by the credential's last characters and
 * then compared whole: hashing a whole token for a Map key cost more than the rest of the lookup.
 */
class VerifiedTokens {
  private readonly entries = new Map<
    string,
    { credential: string; fromHeader: boolean; identity: Identity; exp: number; key: string }
  >();
  /** The current key set's keys as text; read again after every full verification (which may reload it). */
  private known = new Set<string>();

  constructor(
    private readonly keys: KeySource,
    private readonly max = 10_000,
  ) {}

  get(credential: string, fromHeader: boolean): Identity | null {
    const place = credential.slice(-TAIL);
    const entry = this.entries.get(place);
    if (!entry || entry.credential !== credential || entry.fromHeader !== fromHeader) return null;
    if (entry.exp * 1000 <= Date.now() || !this.keys.fresh() || !this.known.has(entry.key)) {
      this.entries.delete(place);
      return null;
    }
    return entry.identity;
  }

  /** After a verification, kept or not: the key set may have been reloaded (and a key rotated away). */
  verified(): void {
    const jwks = this.keys.current();
    this.known = new Set((jwks?.keys ?? []).map((k) => JSON.stringify(k)));
  }

  set(credential: string, fromHeader: boolean, identity: Identity, kid: string | undefined): void {
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
    this.entries.set(credential.slice(-TAIL), { credential, fromHeader, identity, exp, key });
  }
}

/** The credential as it came: the whole Authorization header, or the ?access_token= value on routes that take it. */
interface Presented {
  credential: string;
  fromHeader: boolean;
}

function credentialOf(request: FastifyRequest, queryToken: boolean | undefined): Presented | null {
  const header = request.headers.authorization;
  if (header) return { credential: header, fromHeader: true };
  if (queryToken) {
    const q = (request.query as Record<string, unknown> | undefined)?.access_token;
    if (typeof q === 'string' && q !== '') return { credential: q, fromHeader: false };
  }
  return null;
}

function bearerToken({ credential, fromHeader }: Presented): string | null {
  if (!fromHeader) return credential;
  return /^Bearer\s+(\S+)\s*$/i.exec(credential)?.[1] ?? null;
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, opts) => {
    const { issuer, audience } = opts.oidc;
    const keys = opts.localJwks ? localKeys(opts.localJwks) : discoveredKeys(issuer);
    const verified = new VerifiedTokens(keys);

    app.decorateRequest('identity', null);

    // A callback hook with a synchronous way out for a token seen before: every API request passes it,
    // and a promise each would cost a microtask hop.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const route = request.routeOptions; // made anew on every read: read once
      if (route.config.auth === false) return done();
      if (request.url.startsWith('/api/docs')) return done(); // the OpenAPI document and its viewer are public
      if (route.url === undefined) return done(); // unknown route: the 404 handler answers
      const presented = credentialOf(request, route.config.queryToken);
      // A credential seen before is the same token again: no parsing, no verification.
      const known = presented && verified.get(presented.credential, presented.fromHeader);
      if (known) {
        request.identity = known;
        return done();
      }
      const token = presented && bearerToken(presented);
      if (!presented || !token) {
        if (route.config.authOptional) return done();
        challenge(reply);
        return done(unauthorized());
      }
      // Personal API tokens come in the header only (never in a URL, where logs and histories keep them).
      if (presented.fromHeader && token.startsWith(ACCESS_TOKEN_PREFIX)) {
        checkAccessToken(request, reply, token, route.config.session === true).then(() => done(), done);
        return;
      }
      verify(request, reply, presented, token).then(() => done(), done);
    });

    /**
     * A personal API token: looked up on every request (never cached), so a revoked or expired one stops
     * at once. It acts as its person, within its scope; credentials and the account need a session.
     */
    async function checkAccessToken(
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      sessionOnly: boolean,
    ): Promise<void> {
      const holder = opts.accessTokens ? await opts.accessTokens.authenticate(token) : null;
      if (!holder) {
        challenge(reply, 'invalid_token');
        throw unauthorized('The API token is not valid: it is unknown, has expired or was revoked.');
      }
      if (sessionOnly) throw sessionRequired();
      if (holder.token.scope === 'read' && !READ_METHODS.has(request.method)) {
        challenge(reply, 'insufficient_scope');
        throw insufficientScope();
      }
      request.identity = tokenIdentity(holder);
    }

    /** Verifies a token not seen before and remembers whose it is. */
    async function verify(
      request: FastifyRequest,
      reply: FastifyReply,
      presented: Presented,
      token: string,
    ): Promise<void> {
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
      verified.set(presented.credential, presented.fromHeader, identity, kid);
      request.identity = identity;
    }
  },
  { name: 'auth' },
);
