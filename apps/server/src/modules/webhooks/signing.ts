import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/*
 * Standard Webhooks (standardwebhooks.com): the secret is `whsec_` + base64 of random bytes; each request
 * carries webhook-id, webhook-timestamp (seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of
 * "{id}.{timestamp}.{body}">`, keyed with the secret's decoded bytes.
 */

const SECRET_BYTES = 32;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** A message id: the same on every try of one delivery, so receivers can drop repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The three headers of one try. */
export function signedHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(seconds),
    // The library signs the timestamp's whole seconds, as the header carries it.
    'webhook-signature': new Webhook(secret).sign(messageId, new Date(seconds * 1000), body),
  };
}
