import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { StandInIssuer } from '../test/stand-in-issuer.js';
import { createTestDb, type TestDb } from '../test/test-db.js';

let app: App;
let testDb: TestDb;
let issuer: StandInIssuer;
let webDist: string;

const INDEX = `<!doctype html><title>Hearth</title><div id="root"></div>${'<!-- pad -->'.repeat(200)}`;
const SCRIPT = `console.log(${JSON.stringify('hearth '.repeat(2000))});`;
// The build's copies differ from what the server would make itself, so the tests see which was sent.
const SCRIPT_BR = brotliCompressSync(`${SCRIPT}// br copy`);
const SCRIPT_GZ = gzipSync(`${SCRIPT}// gz copy`);

function write(path: string, content: string | Buffer) {
  writeFileSync(join(webDist, path), content);
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  mkdirSync(join(webDist, 'assets'));
  write('index.html', INDEX);
  write('index.html.br', brotliCompressSync(INDEX));
  write('index.html.gz', gzipSync(INDEX));
  write('assets/index-abc123.js', SCRIPT);
  write('assets/index-abc123.js.br', SCRIPT_BR);
  write('assets/index-abc123.js.gz', SCRIPT_GZ);
  write('sw.js', `self.addEventListener('fetch', () => {}); ${'//'.repeat(10)}`);
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

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app files', () => {
  it("sends the build's brotli copy of a hashed asset as it is, cached for a year", async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(SCRIPT_BR)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${SCRIPT}// br copy`);
  });

  it('sends the gzip copy to a browser that takes only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(`${SCRIPT}// gz copy`);
  });

  it('sends the file itself to a client that takes no encoding, still saying it varies', async () => {
    const res = await get('/assets/index-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('answers any page with the compressed index.html, never cached without revalidation', async () => {
    for (const path of ['/', '/home', '/calendar?view=month']) {
      const res = await get(path, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
    const gz = await get('/home', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
  });

  it('keeps the service worker revalidated on every load', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('still answers an unknown asset and API path with a JSON 404', async () => {
    for (const path of ['/assets/missing-123.js', '/api/nope']) {
      const res = await get(path, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
