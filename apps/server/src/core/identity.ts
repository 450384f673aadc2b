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
