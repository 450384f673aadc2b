import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, isApiAnswer } from './plugins/security.js';
import { memberOfNewHouse, profile, startTestApp, type TestApp } from './test/test-app.js';
import { testEngine } from './test/test-db.js';

/** Everything the app's own logger printed, one JSON line each. */
class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

describe(`hardening (${testEngine})`, () => {
  let t: TestApp;
  const log = new LogCapture();
  let houseId = 0;
  let token = '';

  beforeAll(async () => {
    t = await startTestApp({
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '1' },
      build: { logger: undefined, logStream: log },
    });
    const { house } = await memberOfNewHouse(t, 'hazel');
    houseId = house.house_id;
    token = await t.issuer.mint('hazel');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a body sent packed (Content-Encoding: gzip) with a 400, and stores nothing', async () => {
    const before = (await t.as('hazel').get('/api/grocery-list/')).body;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/grocery-list/',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      },
      payload: gzipSync(JSON.stringify({ grocery_list_name: 'Packed' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
    expect((await t.as('hazel').get('/api/grocery-list/')).body).toEqual(before);
  });

  describe('control characters', () => {
    it.each([
      [
        'a body field',
        'POST',
        '/api/grocery-list/',
        { grocery_list_name: 'Milk\u0000run' },
        'grocery_list_name',
      ],
      [
        'a nested field',
        'POST',
        '/api/users/',
        profile('hazel', { first_name: 'Ha\u0000zel' }),
        'first_name',
      ],
      ['an email', 'POST', '/api/users/', profile('hazel', { email: 'ha\u0000zel@example.test' }), 'email'],
      [
        'another control character',
        'POST',
        '/api/grocery-list/',
        { grocery_list_name: 'bell\u0007' },
        'grocery_list_name',
      ],
    ])('refuses %s holding one with a 400 naming the field', async (_what, method, url, body, field) => {
      const before = (await t.as('hazel').get('/api/grocery-list/')).body;
      const res = await t.as('hazel').request(method as 'POST', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
      expect((await t.as('hazel').get('/api/grocery-list/')).body).toBe(before);
    });

    it('refuses one in a path parameter and in the query', async () => {
      const path = await t.as('hazel').put('/api/house/AB%00CD');
      expect(path.statusCode).toBe(400);
      expect(path.json().error).toMatchObject({ code: 'validation_failed', field: 'code' });
      const query = await t.app.inject({
        url: `/api/event/house/${houseId}/calendar.ics?token=x%00y`,
      });
      expect(query.statusCode).toBe(400);
      expect(query.json().error).toMatchObject({ code: 'validation_failed', field: 'token' });
    });

    it('refuses a number too large to be finite ("1e309") with a 400 naming the field', async () => {
      const lists = (await t.as('hazel').get('/api/grocery-list/')).body;
      for (const value of ['1e309', '-1e309']) {
        const res = await t
          .as('hazel')
          .post('/api/grocery-item/', { grocery_item_name: 'Eggs', grocery_list_id: value });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'grocery_list_id' });
      }
      const path = await t.as('hazel').delete('/api/grocery-list/1e309');
      expect(path.statusCode).toBe(400);
      expect(path.json().error).toMatchObject({ code: 'validation_failed', field: 'id' });
      expect((await t.as('hazel').get('/api/grocery-list/')).body).toBe(lists);
    });

    it('keeps tab and line breaks, which are ordinary text', async () => {
      const res = await t.as('hazel').post('/api/grocery-list/', { grocery_list_name: 'Tab\there' });
      expect(res.statusCode).toBe(201);
    });

    it('refuses a token whose subject or email holds one (401), creating no one', async () => {
      for (const claims of [{ email: 'x\u0000@example.test' }]) {
        const bad = await t.issuer.mint('nul-email', { claims });
        const res = await t.app.inject({
          url: '/api/users/me/exists',
          headers: { authorization: `Bearer ${bad}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const badSub = await t.issuer.mint('nul\u0000sub');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/',
        headers: { authorization: `Bearer ${badSub}` },
        payload: profile('nulsub'),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    });
  });

  it('refuses a token without exp', async () => {
    const forever = await t.issuer.mint('hazel', { withoutExpiry: true });
    const res = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${forever}` } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });

  it("answers a path parameter over 100 characters in the app's error shape, without echoing it", async () => {
    const long = 'Z'.repeat(150);
    const res = await t.as('hazel').put(`/api/house/${long}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: 'A part of the address is too long.' },
    });
    expect(res.body).not.toContain(long);
  });

  describe('headers', () => {
    it('sends a Permissions-Policy on every answer', async () => {
      for (const url of ['/healthz', '/api/config']) {
        const res = await t.app.inject({ url });
        expect(res.headers['permissions-policy']).toContain('geolocation=()');
        expect(res.headers['permissions-policy']).toContain('camera=()');
      }
    });

    it("gives the API's data answers the headers that apply to data, and pages the page headers", async () => {
      for (const url of ['/healthz', '/readyz', '/api/config', '/api/users/me', '/api/no-such-thing']) {
        const res = await t.app.inject({ url });
        for (const [name, value] of Object.entries(API_HEADERS))
          expect(res.headers[name], `${url} ${name}`).toBe(value);
        // Headers that govern a document are left off: nothing renders these.
        expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
        expect(res.headers['origin-agent-cluster'], url).toBeUndefined();
      }
      for (const url of ['/', '/home', '/api/docs', '/oidc/.well-known/openid-configuration']) {
        const res = await t.app.inject({ url });
        expect(String(res.headers['content-security-policy']), url).not.toBe(
          API_HEADERS['content-security-policy'],
        );
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      }
      expect(isApiAnswer('/api/docs/static/index.html')).toBe(false);
      expect(isApiAnswer('/apis')).toBe(false);
    });

    it('sends HSTS only on https answers (here: a trusted proxy says https)', async () => {
      const plain = await t.app.inject({ url: '/healthz' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const https = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });
  });

  describe('the log', () => {
    it('never carries query secrets, bearer tokens or cookies, at the default level', async () => {
      log.lines.length = 0;
      await t.app.inject({
        url: `/api/event/house/${houseId}/calendar.ics?access_token=${token}&x=1`,
        headers: { cookie: 'hearth_idp_session=sekrit-cookie' },
      });
      await t.app.inject({ url: `/api/event/house/${houseId}/calendar.ics?token=feed-sekrit-token` });
      // Repeated and bracketed keys, as written and percent-encoded.
      await t.app.inject({ url: `/api/event/house/${houseId}/calendar.ics?token[]=bracket-sekrit-1` });
      await t.app.inject({ url: `/api/event/house/${houseId}/calendar.ics?token%5B%5D=bracket-sekrit-2` });
      await t.app.inject({ url: `/api/nowhere?access_token=repeat-sekrit-1&access_token=repeat-sekrit-2` });
      await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      // An error line carries the request too.
      await t.app.inject({ url: `/api/nowhere?access_token=${token}` });
      const text = log.lines.join('\n');
      // One line per request.
      expect(log.lines.length).toBeGreaterThanOrEqual(4);
      expect(text).toContain('/calendar.ics?access_token=[redacted]&x=1');
      expect(text).toContain('token=[redacted]');
      expect(text).toContain('token[]=[redacted]');
      for (const secret of [
        token,
        'feed-sekrit-token',
        'sekrit-cookie',
        token.split('.')[2] ?? 'x',
        'bracket-sekrit-1',
        'bracket-sekrit-2',
        'repeat-sekrit-1',
        'repeat-sekrit-2',
      ]) {
        expect(text).not.toContain(secret);
      }
    });
  });
});
