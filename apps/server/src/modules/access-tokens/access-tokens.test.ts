import { ACCESS_TOKEN_LABEL_MAX } from '@hearth/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialHash } from '../../lib/credentials.js';
import { memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A request with a personal API token as the bearer. */
function withToken(token: string, method: InjectOptions['method'], url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
}

describe(`personal API tokens (${testEngine})`, () => {
  it('makes a token shown once, stores only its hash, and lists it without the token', async () => {
    const { client } = await memberOfNewHouse(t, 'ada');
    const res = await client.post('/api/access-token/', {
      label: '  Home Assistant  ',
      scope: 'read_write',
      expires_in_days: 90,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toEqual({
      access_token_id: expect.any(Number),
      label: 'Home Assistant',
      scope: 'read_write',
      token: expect.stringMatching(/^hearth_pat_[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
      expires_at: expect.any(String),
      last_used_at: null,
    });
    const days = (Date.parse(made.expires_at) - Date.parse(made.created_at)) / 86_400_000;
    expect(days).toBe(90);
    const rows = await t.testDb.db.selectFrom('access_tokens').selectAll().execute();
    expect(rows.find((r) => r.access_token_id === made.access_token_id)?.token_hash).toBe(
      credentialHash(made.token),
    );
    expect(JSON.stringify(rows)).not.toContain(made.token);

    const list = await client.get('/api/access-token/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        access_token_id: made.access_token_id,
        label: 'Home Assistant',
        scope: 'read_write',
        created_at: made.created_at,
        expires_at: made.expires_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(made.token);
    const never = (
      await client.post('/api/access-token/', { label: 'Script', scope: 'read', expires_in_days: null })
    ).json();
    expect(never.expires_at).toBeNull();
    expect(never.token).not.toBe(made.token);
  });

  it('refuses bad input with a 400 naming the field, and makes nothing', async () => {
    const { client } = await memberOfNewHouse(t, 'blank');
    const bad: Array<[unknown, string]> = [
      [{ label: '   ', scope: 'read', expires_in_days: 30 }, 'label'],
      [{ label: 'x'.repeat(ACCESS_TOKEN_LABEL_MAX + 1), scope: 'read', expires_in_days: 30 }, 'label'],
      [{ label: 'x', scope: 'admin', expires_in_days: 30 }, 'scope'],
      [{ label: 'x', scope: 'read', expires_in_days: 7 }, 'expires_in_days'],
      [{ label: 'x', scope: 'read' }, 'expires_in_days'],
    ];
    for (const [body, field] of bad) {
      const res = await client.post('/api/access-token/', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.field, res.body).toBe(field);
    }
    expect((await client.get('/api/access-token/')).json()).toEqual([]);
  });

  it('acts as its person on the API, notes the use, and a read token may only read', async () => {
    const { client, user } = await memberOfNewHouse(t, 'ben');
    const rw = (
      await client.post('/api/access-token/', { label: 'rw', scope: 'read_write', expires_in_days: null })
    ).json();
    const ro = (
      await client.post('/api/access-token/', { label: 'ro', scope: 'read', expires_in_days: 30 })
    ).json();

    const me = await withToken(rw.token, 'GET', '/api/users/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user_id).toBe(user.user_id);
    const list = await withToken(rw.token, 'POST', '/api/grocery-list/', { grocery_list_name: 'By token' });
    expect(list.statusCode, list.body).toBe(201);

    expect((await withToken(ro.token, 'GET', '/api/grocery-list/')).statusCode).toBe(200);
    expect((await withToken(ro.token, 'HEAD', '/api/grocery-list/')).statusCode).toBe(200);
    const write = await withToken(ro.token, 'POST', '/api/grocery-list/', { grocery_list_name: 'Nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('insufficient_scope');
    expect(write.headers['www-authenticate']).toContain('insufficient_scope');
    const names = (await client.get('/api/grocery-list/'))
      .json()
      .map((l: { grocery_list_name: string }) => l.grocery_list_name);
    expect(names).toEqual(['By token']);

    const listed = (await client.get('/api/access-token/')).json();
    for (const token of listed) expect(token.last_used_at).toEqual(expect.any(String));
  });

  it('cannot manage tokens or app passwords, or delete the account: those need a session', async () => {
    const { client } = await memberOfNewHouse(t, 'cleo');
    const { token, access_token_id } = (
      await client.post('/api/access-token/', { label: 'rw', scope: 'read_write', expires_in_days: null })
    ).json();
    const pw = (await client.post('/api/app-password/', { label: 'Phone' })).json();
    const tries: Array<[InjectOptions['method'], string, unknown?]> = [
      ['GET', '/api/access-token/'],
      ['POST', '/api/access-token/', { label: 'more', scope: 'read_write', expires_in_days: null }],
      ['DELETE', `/api/access-token/${access_token_id}`],
      ['GET', '/api/app-password/'],
      ['POST', '/api/app-password/', { label: 'x' }],
      ['DELETE', `/api/app-password/${pw.app_password_id}`],
      ['DELETE', '/api/users/me'],
    ];
    for (const [method, url, body] of tries) {
      const res = await withToken(token, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('session_required');
    }
    expect((await client.get('/api/access-token/')).json()).toHaveLength(1);
    expect((await client.get('/api/app-password/')).json()).toHaveLength(1);
    expect((await client.get('/api/users/me')).statusCode).toBe(200);
  });

  it('stops at once when revoked or expired, and with the account', async () => {
    const { client } = await memberOfNewHouse(t, 'dora');
    const make = async () =>
      (
        await client.post('/api/access-token/', { label: 't', scope: 'read_write', expires_in_days: 30 })
      ).json();
    const revoked = await make();
    expect((await withToken(revoked.token, 'GET', '/api/users/me')).statusCode).toBe(200);
    expect((await client.delete(`/api/access-token/${revoked.access_token_id}`)).statusCode).toBe(200);
    const after = await withToken(revoked.token, 'GET', '/api/users/me');
    expect(after.statusCode).toBe(401);
    expect(after.headers['www-authenticate']).toContain('invalid_token');
    expect((await client.delete(`/api/access-token/${revoked.access_token_id}`)).statusCode).toBe(404);

    const expired = await make();
    await t.testDb.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('access_token_id', '=', expired.access_token_id)
      .execute();
    expect((await withToken(expired.token, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await withToken(`${revoked.token.slice(0, -2)}xx`, 'GET', '/api/users/me')).statusCode).toBe(401);

    const kept = await make();
    expect((await client.delete('/api/users/me')).statusCode).toBe(200);
    expect((await withToken(kept.token, 'GET', '/api/users/me')).statusCode).toBe(401);
    const left = await t.testDb.db
      .selectFrom('access_tokens')
      .select('access_token_id')
      .where('access_token_id', '=', kept.access_token_id)
      .execute();
    expect(left).toEqual([]);
  });

  it("revokes only the caller's own tokens: another person's is a 404 and keeps working", async () => {
    const erin = await memberOfNewHouse(t, 'erin');
    const finn = await memberOfNewHouse(t, 'finn');
    const erins = (
      await erin.client.post('/api/access-token/', { label: 'e', scope: 'read', expires_in_days: null })
    ).json();
    const theft = await finn.client.delete(`/api/access-token/${erins.access_token_id}`);
    expect(theft.statusCode).toBe(404);
    expect((await finn.client.get('/api/access-token/')).json()).toEqual([]);
    expect((await withToken(erins.token, 'GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toContainEqual({ apiToken: [] });
    // Managing tokens takes a session's token only; the rest of the API takes either.
    expect(doc.paths['/api/access-token/'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/users/me'].delete.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/grocery-list/'].get.security).toBeUndefined();
  });
});
