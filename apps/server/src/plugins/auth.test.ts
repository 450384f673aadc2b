import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_AUDIENCE, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const call = (authorization?: string, url = '/api/users/me/exists') =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

function expectRefused(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode).toBe(401);
  expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="hearth"/);
  expect(res.json().error.code).toBe('unauthorized');
}

describe('bearer tokens', () => {
  it('accepts a valid token from the configured issuer', async () => {
    const res = await call(`Bearer ${await t.issuer.mint('alice')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ exists: false });
  });

  it('refuses a request without a token', async () => {
    const res = await call();
    expectRefused(res);
    expect(res.headers['www-authenticate']).not.toMatch(/error=/);
  });

  it('refuses a header that is not a bearer token', async () => {
    expectRefused(await call(`Basic ${Buffer.from('a:b').toString('base64')}`));
    expectRefused(await call('Bearer'));
  });

  it('refuses an expired token', async () => {
    const token = await t.issuer.mint('alice', {
      issuedAgo: 3600,
      expiresIn: Math.floor(Date.now() / 1000) - 60,
    });
    const res = await call(`Bearer ${token}`);
    expectRefused(res);
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(res.json().error.message).toMatch(/expired/);
  });

  it('refuses a token for another audience', async () => {
    expectRefused(
      await call(`Bearer ${await t.issuer.mint('alice', { audience: 'https://other.example/api' })}`),
    );
  });

  it('refuses a token from another issuer', async () => {
    expectRefused(await call(`Bearer ${await t.issuer.mint('alice', { issuer: 'https://evil.example' })}`));
  });

  it('refuses a token signed by a key the issuer does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'stand-in-1' })
      .setSubject('alice')
      .setIssuer(t.issuer.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('5m')
      .sign(privateKey);
    expectRefused(await call(`Bearer ${forged}`));
  });

  it('refuses an unsigned alg:none token', async () => {
    const unsigned = new UnsecuredJWT({})
      .setSubject('alice')
      .setIssuer(t.issuer.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('5m')
      .encode();
    expectRefused(await call(`Bearer ${unsigned}`));
  });

  it('refuses an HS256 token keyed with the public key (algorithm confusion)', async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setIssuer(t.issuer.url)
      .setAudience(TEST_AUDIENCE)
      .setExpirationTime('5m')
      .sign(secret);
    expectRefused(await call(`Bearer ${token}`));
  });

  it('refuses a tampered payload', async () => {
    const [h, , s] = (await t.issuer.mint('alice')).split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: 'mallory', iss: t.issuer.url, aud: TEST_AUDIENCE }),
    ).toString('base64url');
    expectRefused(await call(`Bearer ${h}.${payload}.${s}`));
  });

  it('does not take ?access_token= on ordinary routes', async () => {
    const token = await t.issuer.mint('alice');
    expectRefused(await t.app.inject({ method: 'GET', url: `/api/users/me/exists?access_token=${token}` }));
  });

  it('leaves public routes open', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().oidc).toMatchObject({
      authority: t.issuer.url,
      client_id: 'hearth-web',
      built_in: false,
    });
  });
});
