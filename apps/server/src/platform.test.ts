import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.js';
import { loadConfig } from './config.js';
import { StandInIssuer } from './test/stand-in-issuer.js';
import { createTestDb, type TestDb } from './test/test-db.js';

let app: App;
let testDb: TestDb;
let issuer: StandInIssuer;
let webDist: string;
const THEME_SCRIPT = "document.documentElement.setAttribute('data-theme','dark')";

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    `<!doctype html><title>Hearth</title><script>${THEME_SCRIPT}</script><div id="root"></div>`,
  );
  writeFileSync(
    join(webDist, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  issuer = await StandInIssuer.start('http://hearth.test/api');
  testDb = await createTestDb();
  const config = loadConfig({ PUBLIC_URL: 'http://hearth.test', OIDC_ISSUER: issuer.url }, { webDist });
  app = await buildApp({ config: { ...config, database: testDb.database }, db: testDb.db, logger: false });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  await issuer.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('sends security headers with a real Content-Security-Policy', async () => {
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // The one inline script of index.html (the theme's) is allowed by its hash, and nothing else inline.
    const themeHash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${themeHash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${issuer.url}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the web app with history fallback and no-cache on the page', async () => {
    for (const path of ['/', '/home', '/calendar?x=1']) {
      const res = await app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const head = await app.inject({ method: 'HEAD', url: '/home' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('says it is not ready when the database cannot be reached', async () => {
    const lost = await createTestDb();
    const config = loadConfig({ PUBLIC_URL: 'http://hearth.test', OIDC_ISSUER: issuer.url });
    const other = await buildApp({
      config: { ...config, database: lost.database },
      db: lost.db,
      logger: false,
    });
    try {
      await lost.drop();
      const res = await other.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect((await other.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('writes structured JSON log lines that carry the request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logged = await createTestDb();
    const config = loadConfig({ PUBLIC_URL: 'http://hearth.test', OIDC_ISSUER: issuer.url });
    const other = await buildApp({
      config: { ...config, database: logged.database },
      db: logged.db,
      logger: { level: 'info', stream },
    });
    try {
      await other.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-me-42' } });
      const mine = lines.filter((l) => l.reqId === 'trace-me-42');
      // One line per request, with what came in and what went out.
      expect(mine.map((l) => l.msg)).toEqual(['request completed']);
      expect(mine[0]).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/healthz' },
        res: { statusCode: 200 },
      });
    } finally {
      await other.close();
      await logged.drop();
    }
  });

  it('compresses text with gzip for clients without brotli, API answers included', async () => {
    const asset = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('gzip');
    const json = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answers unknown API routes and missing files with the JSON error shape', async () => {
    for (const url of ['/api', '/api?x=1', '/oidc?x=1']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const api = await app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect((await app.inject('/missing.png')).statusCode).toBe(404);
  });

  it('answers bodies it cannot read with the JSON error shape and a stable code', async () => {
    const authorization = `Bearer ${await issuer.mint('reader')}`;
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { authorization, 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('unsupported_media_type');
    const broken = await app.inject({
      method: 'POST',
      url: '/api/users/',
      headers: { authorization, 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('bad_request');
  });

  it('tags every answer with a request id, echoing the caller’s', async () => {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/me/exists',
        '/api/users/me',
        '/api/users/',
        '/api/house/{house_id}',
        '/api/house/{code}',
        '/api/house/',
        '/api/event/house/{houseId}/calendar.ics',
        '/api/event/{id}',
        '/api/event/',
        '/api/grocery-list/',
        '/api/grocery-list/{id}',
        '/api/grocery-item/',
        '/api/grocery-item/{id}',
        '/api/reminder/',
        '/api/reminder/{id}',
        '/api/live',
      ]),
    );
    expect(doc.paths['/api/users/'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'first_name', 'last_name', 'email']),
    );
    expect((await app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});
