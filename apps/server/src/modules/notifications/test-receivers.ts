import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@hearth/contract';
// @ts-expect-error http_ece ships no types: decrypt(buffer, { version, privateKey, authSecret }) -> Buffer
import ece from 'http_ece';
import { SMTPServer } from 'smtp-server';

/*
 * Test-only receivers: a local SMTP server that keeps every message, and a local Web Push endpoint that
 * decrypts each message with its subscription's own keys (RFC 8291, with http_ece), as a browser's push
 * service and browser would.
 */

export interface ReceivedMail {
  raw: string;
  headers: Map<string, string>;
  to: string[];
}

export interface MailSink {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const out = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return out;
}

/** Decodes the quoted-printable soft breaks and escapes nodemailer writes (UTF-8), enough to search the text. */
export function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export async function startMailSink(): Promise<MailSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({ raw, headers: parseHeaders(raw), to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface PushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** What this device received, decrypted. */
  received: PushPayload[];
  /** Request headers of each message (TTL, Topic, Urgency, Authorization...). */
  headers: http.IncomingHttpHeaders[];
  /** The status the endpoint answers with next (201 unless set; a function decides per message). */
  answer: number | (() => number);
  /** How long the endpoint takes to answer, after it has taken the message. */
  delayMs: number;
}

export interface PushSink {
  origin: string;
  device(): PushDevice;
  total(): number;
  close(): Promise<void>;
}

export async function startPushSink(): Promise<PushSink> {
  const devices = new Map<
    string,
    { device: PushDevice; ecdh: ReturnType<typeof createECDH>; auth: Buffer }
  >();
  let total = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = devices.get(req.url ?? '');
      if (!entry) {
        res.statusCode = 404;
        return res.end();
      }
      const { device } = entry;
      const status = typeof device.answer === 'function' ? device.answer() : device.answer;
      if (status >= 200 && status < 300) {
        const plain: Buffer = ece.decrypt(Buffer.concat(chunks), {
          version: req.headers['content-encoding'],
          privateKey: entry.ecdh,
          authSecret: entry.auth.toString('base64url'),
        });
        device.received.push(JSON.parse(plain.toString('utf8')) as PushPayload);
        device.headers.push(req.headers);
        total++;
      }
      res.statusCode = status;
      if (device.delayMs > 0) setTimeout(() => res.end(), device.delayMs);
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let n = 0;
  return {
    origin,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${++n}-${randomBytes(4).toString('hex')}`;
      const device: PushDevice = {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        received: [],
        headers: [],
        answer: 201,
        delayMs: 0,
      };
      devices.set(path, { device, ecdh, auth });
      return device;
    },
    total: () => total,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
