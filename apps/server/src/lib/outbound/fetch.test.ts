import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, outboundFetch } from './fetch.js';

/** Local servers: the fetch runs over real HTTP, with loopback allowed only where a test says so. */
let a: http.Server;
let b: http.Server;
let portA = 0;
let portB = 0;
const seen: string[] = [];

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  seen.push(`${req.method} ${url.pathname} ${req.headers.authorization ?? '-'}`);
  const to = url.searchParams.get('to');
  switch (url.pathname) {
    case '/ok':
      res.setHeader('content-type', 'text/plain');
      return res.end('hello');
    case '/redirect':
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: to ?? '/ok' });
      return res.end();
    case '/loop':
      res.writeHead(302, { location: '/loop' });
      return res.end();
    case '/big': {
      // No content-length: the cap must count what arrives.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const more = () => {
        while (sent < 2 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      return more();
    }
    case '/declared':
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      return res.write('x'); // never finishes; the declared length alone is refused
    case '/slow':
      res.writeHead(200);
      res.write('a');
      return; // never ends
    case '/echo':
      return req.pipe(res);
  }
  res.writeHead(404);
  res.end();
}

beforeAll(async () => {
  a = http.createServer(handler).listen(0, '127.0.0.1');
  b = http.createServer(handler).listen(0, '127.0.0.1');
  await Promise.all([once(a, 'listening'), once(b, 'listening')]);
  portA = (a.address() as AddressInfo).port;
  portB = (b.address() as AddressInfo).port;
});

afterAll(async () => {
  a.closeAllConnections();
  b.closeAllConnections();
  a.close();
  b.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof OutboundError ? err.reason : String(err)),
  );

describe('outboundFetch', () => {
  const loopback = { allowLoopback: true };

  it('returns status, headers and body, and follows a redirect', async () => {
    const answer = await outboundFetch(`http://127.0.0.1:${portA}/redirect?to=/ok`, loopback);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.body.toString()).toBe('hello');
    expect(answer.url.pathname).toBe('/ok');
  });

  it('refuses a URL to loopback when loopback is not allowed, before connecting', async () => {
    const before = seen.length;
    expect(await failure(outboundFetch(`http://127.0.0.1:${portA}/ok`, { allowLoopback: false }))).toBe(
      'refused',
    );
    expect(seen.length).toBe(before);
  });

  it('re-checks every redirect: a hop to a loopback port that is not allowed is refused', async () => {
    // Loopback is allowed for server A only; A redirects to B.
    const onlyA = { allowLoopback: true, loopbackPorts: [portA] };
    const before = seen.length;
    const reason = await failure(
      outboundFetch(`http://127.0.0.1:${portA}/redirect?to=http://127.0.0.1:${portB}/ok`, onlyA),
    );
    expect(reason).toBe('refused');
    expect(seen.slice(before)).toEqual(['GET /redirect -']);
    // The same chain goes through when B may be reached: the refusal came from the redirect's check.
    const both = { allowLoopback: true, loopbackPorts: [portA, portB] };
    const answer = await outboundFetch(
      `http://127.0.0.1:${portA}/redirect?to=http://127.0.0.1:${portB}/ok`,
      both,
    );
    expect(answer.body.toString()).toBe('hello');
  });

  it.each([
    'https://[::127.0.0.1]:45443/x',
    'http://[::ffff:10.0.0.1]/x',
    'http://169.254.169.254/latest/meta-data/',
    'file:///etc/passwd',
  ])('refuses a redirect to %s', async (to) => {
    expect(
      await failure(
        outboundFetch(`http://127.0.0.1:${portA}/redirect?to=${encodeURIComponent(to)}`, loopback),
      ),
    ).toBe('refused');
  });

  it('refuses to connect when a name resolves to a refused address (checked at connect time)', async () => {
    const resolve = async (host: string) => (host === 'inward.example' ? ['10.0.0.7'] : ['127.0.0.1']);
    const policy = { allowLoopback: true, resolve };
    expect(
      await failure(
        outboundFetch(`http://127.0.0.1:${portA}/redirect?to=https://inward.example:${portB}/ok`, policy),
      ),
    ).toBe('refused');
    // A name that resolves to an allowed address connects through the same lookup.
    const answer = await outboundFetch(`http://fine.example:${portA}/ok`, policy);
    expect(answer.body.toString()).toBe('hello');
  });

  it('stops after too many redirects', async () => {
    expect(await failure(outboundFetch(`http://127.0.0.1:${portA}/loop`, loopback))).toBe('redirects');
    expect(
      await failure(
        outboundFetch(`http://127.0.0.1:${portA}/redirect?to=/ok`, loopback, { maxRedirects: 0 }),
      ),
    ).toBe('redirects');
  });

  it('drops credentials on a redirect to another origin, and the body on a 303', async () => {
    const before = seen.length;
    const answer = await outboundFetch(
      `http://127.0.0.1:${portA}/redirect?status=303&to=http://127.0.0.1:${portB}/echo`,
      loopback,
      { method: 'POST', body: 'secret body', headers: { authorization: 'Bearer t' } },
    );
    expect(seen.slice(before)).toEqual(['POST /redirect Bearer t', 'GET /echo -']);
    expect(answer.body.toString()).toBe('');
  });

  it('caps the size of the answer (default 5 MB, per call)', async () => {
    expect((await outboundFetch(`http://127.0.0.1:${portA}/big`, loopback)).body.length).toBe(
      2 * 1024 * 1024,
    );
    expect(
      await failure(outboundFetch(`http://127.0.0.1:${portA}/big`, loopback, { maxBytes: 1024 * 1024 })),
    ).toBe('too_large');
    expect(await failure(outboundFetch(`http://127.0.0.1:${portA}/declared`, loopback))).toBe('too_large');
  });

  it('gives up after the timeout, even while the body trickles', async () => {
    const started = Date.now();
    expect(await failure(outboundFetch(`http://127.0.0.1:${portA}/slow`, loopback, { timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
