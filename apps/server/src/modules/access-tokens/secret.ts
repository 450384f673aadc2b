import { randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX } from '@hearth/contract';

/** Random bytes in a token: 256 bits. */
const TOKEN_BYTES = 32;

/** A new personal API token: the prefix and 32 random bytes, base64url (43 characters). */
export function newAccessToken(): string {
  return `${ACCESS_TOKEN_PREFIX}${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

/** Whether a bearer credential is meant as a personal API token (and not a sign-in JWT). */
export function isAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}
