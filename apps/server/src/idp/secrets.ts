import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JSONWebKeySet, JWK } from 'jose';
import type { Db } from '../db/create-db.js';

/** The built-in provider's keys, made on first start and kept so tokens and sessions survive a restart. */
export interface IdpSecrets {
  /** Private RS256 signing keys (JWK), newest first. */
  signingKeys: JWK[];
  /** Keys that sign oidc-provider's cookies, newest first. */
  cookieKeys: string[];
}

const SIGNING_KEYS = 'signing_jwks';
const COOKIE_KEYS = 'cookie_keys';

function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

const newCookieKey = () => randomBytes(32).toString('base64url');

/** Reads a secret, or stores `make()` when there is none; the first writer wins if two apps start at once. */
async function loadOrCreate<T>(db: Db, name: string, make: () => T): Promise<T> {
  const read = () => db.selectFrom('idp_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return JSON.parse(existing.value) as T;
  await db
    .insertInto('idp_secrets')
    .values({ name, value: JSON.stringify(make()), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`could not store the identity provider's ${name}`);
  return JSON.parse(stored.value) as T;
}

export async function loadIdpSecrets(db: Db): Promise<IdpSecrets> {
  const signing = await loadOrCreate<JSONWebKeySet>(db, SIGNING_KEYS, () => ({ keys: [newSigningKey()] }));
  const cookieKeys = await loadOrCreate<string[]>(db, COOKIE_KEYS, () => [newCookieKey()]);
  if (!Array.isArray(signing.keys) || signing.keys.length === 0)
    throw new Error('stored signing keys are empty');
  if (!Array.isArray(cookieKeys) || cookieKeys.length === 0) throw new Error('stored cookie keys are empty');
  return { signingKeys: signing.keys, cookieKeys };
}

const PUBLIC_RSA_MEMBERS = ['kty', 'kid', 'alg', 'use', 'n', 'e'] as const;

/** The public half of the signing keys: what the API checks access tokens with. */
export function publicJwksOf(signingKeys: JWK[]): JSONWebKeySet {
  return {
    keys: signingKeys.map((key) => {
      const pub: JWK = {};
      for (const member of PUBLIC_RSA_MEMBERS) {
        if (key[member] !== undefined) pub[member] = key[member];
      }
      return pub;
    }),
  };
}
