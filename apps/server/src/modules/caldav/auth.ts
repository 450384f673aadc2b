import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/tables.js';
import { type Limit, type LimitStore, limitKey, retryAfterSeconds } from '../../lib/limits.js';
import type { AppPasswordsService } from '../app-passwords/index.js';

/** Failed attempts allowed, as for signing in: per user name and address, and per address. */
export interface DavAuthLimits {
  perAccount: Limit;
  perIp: Limit;
}

export type AuthResult =
  | { ok: true; user: UserRow }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; retryAfter: number };

/** User name and password of an HTTP Basic header (RFC 7617), or null. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * Who a DAV request comes from: HTTP Basic with the person's user name and one of their app passwords.
 * A bearer token is no app password. Failed attempts are counted like sign-ins; once an address or a
 * name from it is over its limit, no password is even checked until the window ends.
 */
export async function authenticate(
  request: FastifyRequest,
  passwords: AppPasswordsService,
  store: LimitStore,
  limits: DavAuthLimits,
): Promise<AuthResult> {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) return { ok: false, status: 401 };
  const ipKey = limitKey('dav-ip', request.ip);
  const accountKey = limitKey('dav-account', request.ip, credentials.username.trim().toLowerCase());
  if (
    (await store.peek(ipKey)) >= limits.perIp.max ||
    (await store.peek(accountKey)) >= limits.perAccount.max
  ) {
    const hit = await store.hit(ipKey, limits.perIp);
    return { ok: false, status: 429, retryAfter: retryAfterSeconds(hit) };
  }
  const user = await passwords.authenticate(credentials.username, credentials.password);
  if (user) return { ok: true, user };
  await store.hit(ipKey, limits.perIp);
  await store.hit(accountKey, limits.perAccount);
  return { ok: false, status: 401 };
}
