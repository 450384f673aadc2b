import { createHash } from 'node:crypto';

/**
 * What is stored and looked up for a random, high-entropy credential (app passwords, personal API tokens):
 * its hex SHA-256. With >= 128 random bits no slow hash is needed, and the lookup by hash is an indexed
 * equality on a value an attacker cannot steer, so no timing of a string comparison tells anything.
 */
export function credentialHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** last_used_at is written at most this often per credential, so a polling client does not write on each request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Whether a use at `now` should be written down, given the last one noted. */
export function shouldNoteUse(lastUsedAt: string | null, now: Date): boolean {
  const last = lastUsedAt ? Date.parse(lastUsedAt) : 0;
  return now.getTime() - last >= LAST_USED_RESOLUTION_MS;
}
