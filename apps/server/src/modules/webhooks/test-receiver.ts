import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Test-only: a local webhook receiver that keeps every request and checks its signature with its own
 * HMAC (node:crypto, written here from the Standard Webhooks text, not with the library that signs).
 */

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether webhook-signature holds a v1 HMAC-SHA256 of "{id}.{timestamp}.{body}" under the secret. */
  signatureValid: boolean;
}

export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** The secret to check signatures with (set once the webhook is made). */
  secret: string;
  /** Answers to give, in order; once used up, 200. */
  answers: Array<{ status: number; headers?: Record<string, string> }>;
  close(): Promise<void>;
}

export function verifyStandardSignature(
  secret: string,
  headers: http.IncomingHttpHeaders,
  body: string,
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8').digest();
  // The header may carry several space-separated signatures; one matching is enough.
  return signatures.split(' ').some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const receiver: HookReceiver = {
    url: '',
    received: [],
    secret: '',
    answers: [],
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({
        headers: req.headers,
        body,
        signatureValid: verifyStandardSignature(receiver.secret, req.headers, body),
      });
      const answer = receiver.answers.shift() ?? { status: 200 };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hook`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
