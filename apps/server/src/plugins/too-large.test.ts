import type { IncomingMessage } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profile, startTestApp, type TestApp } from '../test/test-app.js';
import { discardBody } from './errors.js';

/*
 * A body over the limit is refused with a 413 the client can always read, over real HTTP: the rest of the
 * body is read and thrown away before the answer, so closing the connection afterwards never resets it
 * under bytes the client is still sending.
 */
describe('a too-large upload over HTTP', () => {
  let t: TestApp;
  let port = 0;
  let token = '';
  // A 3 MB picture is about 4 MB as a data-URL: over the 4 MB body limit.
  const picture = `data:image/png;base64,${Buffer.alloc(3 * 1024 * 1024, 7).toString('base64')}`;
  const payload = Buffer.from(JSON.stringify(profile('photographer', { profile_img: picture })));

  beforeAll(async () => {
    t = await startTestApp({ env: { API_RATE_LIMIT: 'off' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    token = await t.issuer.mint('photographer');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers every one of 20 posts of a 3 MB picture with the 413 JSON (fetch)', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/users/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: payload,
        });
        const answer = (await res.json()) as { error: { code: string } };
        seen.push(`${res.status} ${answer.error.code}`);
      } catch (err) {
        seen.push(`${(err as Error).message}: ${String((err as Error).cause)}`);
      }
    }
    expect(seen).toEqual(Array(20).fill('413 payload_too_large'));
  }, 60_000);

  it('lets a client that reads the answer only after sending still read it', async () => {
    // The client sends the whole body and looks for the answer half a second later: had the server closed
    // the connection under the unread body, the reset would have taken the answer with it.
    const answers = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            let text = '';
            socket.on('data', (chunk) => {
              text += chunk.toString('utf8');
            });
            socket.on('error', (err) => resolve(`${err.message} after ${JSON.stringify(text)}`));
            socket.on('end', () => resolve(text));
            socket.write(
              `POST /api/users/ HTTP/1.1\r\nhost: hearth.test\r\nauthorization: Bearer ${token}\r\n` +
                `content-type: application/json\r\ncontent-length: ${payload.length}\r\n\r\n`,
            );
            socket.write(payload);
            socket.pause();
            setTimeout(() => socket.resume(), 500);
          }),
      ),
    );
    for (const text of answers) {
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toContain('"code":"payload_too_large"');
    }
  }, 30_000);
});

describe('discardBody', () => {
  const request = () => Object.assign(new PassThrough(), { complete: false }) as unknown as IncomingMessage;

  it('waits for the end of the body', async () => {
    const raw = request();
    let done = false;
    const discarding = discardBody(raw).then(() => {
      done = true;
    });
    (raw as unknown as PassThrough).write(Buffer.alloc(1000));
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    (raw as unknown as PassThrough).end(Buffer.alloc(1000));
    await discarding;
    expect(done).toBe(true);
  });

  it('stops reading beyond its byte bound', async () => {
    const raw = request();
    const discarding = discardBody(raw, 1500, 60_000);
    (raw as unknown as PassThrough).write(Buffer.alloc(1000));
    (raw as unknown as PassThrough).write(Buffer.alloc(1000));
    await discarding;
  });

  it('stops waiting after its time bound (a client that claims a body and sends none)', async () => {
    const started = Date.now();
    await discardBody(request(), 1000, 100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});
