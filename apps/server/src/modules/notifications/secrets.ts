import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { NotificationsConfig } from '../../config.js';
import type { Db } from '../../db/create-db.js';

/*
 * Secrets the server makes once and keeps in the database, so every instance and every restart uses the
 * same ones: the VAPID key pair (unless configured) and the key that signs unsubscribe and action links.
 * Two instances starting together may both generate one; the first insert wins and both read it back.
 */

async function keep(db: Db, name: string, make: () => string): Promise<string> {
  const found = await db
    .selectFrom('notification_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('notification_secrets')
    .values({ name, value: make(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('notification_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface NotificationSecrets {
  vapid: VapidKeys;
  /** HMAC key for the signed links (HS256). */
  linkKey: Uint8Array;
}

export async function loadSecrets(db: Db, config: NotificationsConfig): Promise<NotificationSecrets> {
  const vapid =
    config.vapid ??
    (JSON.parse(await keep(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()))) as VapidKeys);
  const linkKey = Buffer.from(
    await keep(db, 'link-signing-key', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  return { vapid, linkKey: new Uint8Array(linkKey) };
}
