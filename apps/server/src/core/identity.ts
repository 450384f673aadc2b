import type { AccessTokenScope } from '@hearth/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import { unauthorized } from '../lib/errors.js';

/** Who is calling: the (issuer, subject) pair of the verified access token, never a field of the body. */
export interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  claims: JWTPayload;
  /** Set when the caller came with a personal API token rather than a sign-in token. */
  accessToken?: { id: number; scope: AccessTokenScope };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin once the bearer token is verified; null on public routes. */
    identity: Identity | null;
  }
}

/** The caller's identity on a route that is behind the auth hook. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

/** Tells the client how to authenticate (RFC 6750); `error` says why its token was refused. */
export function challenge(reply: FastifyReply, error?: string) {
  reply.header(
    'WWW-Authenticate',
    error ? `Bearer realm="hearth", error="${error}"` : 'Bearer realm="hearth"',
  );
}

/** A personal API token as found (modules/access-tokens): its person and the token's own facts. */
export interface TokenHolder {
  user: { issuer: string; subject: string; email: string };
  token: { access_token_id: number; scope: AccessTokenScope; expires_at: string | null };
}

/** A token's person is read again on every request; a live stream opened with one ends within this time. */
const TOKEN_STREAM_MS = 60 * 60_000;

/** The identity a personal API token acts as: its person, marked with the token and its scope. */
export function tokenIdentity({ user, token }: TokenHolder, now = Date.now()): Identity {
  const expiresAt = token.expires_at === null ? Number.POSITIVE_INFINITY : Date.parse(token.expires_at);
  return Object.freeze({
    issuer: user.issuer,
    subject: user.subject,
    email: user.email,
    claims: { sub: user.subject, exp: Math.floor(Math.min(expiresAt, now + TOKEN_STREAM_MS) / 1000) },
    accessToken: { id: token.access_token_id, scope: token.scope },
  });
}
