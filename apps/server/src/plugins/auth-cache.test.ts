import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberOfNewHouse, startTestApp, type TestApp } from '../test/test-app.js';

/*
 * Verified tokens are kept until their exp; these are the cases where a kept token must not be honoured.
 * Each token is minted once and sent again, so the second request is the one the cache could answer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const get = (token: string, url = '/api/users/me') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('verified-token cache', () => {
  it('answers a token again without verifying it again, until its exp', async () => {
    await memberOfNewHouse(t, 'cached');
    const token = await t.issuer.mint('cached', { expiresIn: Math.floor(Date.now() / 1000) + 5 });
    expect((await get(token)).statusCode).toBe(200);
    expect((await get(token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    const late = await get(token);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toMatch(/expired/);
  });

  it('refuses a forged token that ends like a kept one (the same signature, another payload)', async () => {
    await memberOfNewHouse(t, 'forged');
    const token = await t.issuer.mint('forged', { expiresIn: '2h' });
    expect((await get(token)).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'forged-other' })).toString('base64url'),
      signature,
    ].join('.');
    const res = await get(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/not valid/);
    // The kept token itself still works.
    expect((await get(token)).statusCode).toBe(200);
  });

  it("refuses a kept token once the issuer's key that signed it is rotated away", async () => {
    await memberOfNewHouse(t, 'rotated');
    const old = await t.issuer.mint('rotated', { expiresIn: '2h' });
    expect((await get(old)).statusCode).toBe(200);
    await t.issuer.rotateKey();
    // Past jose's 30 s cool-down, a token with the new key makes the key set reload.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    const fresh = await t.issuer.mint('rotated', { expiresIn: '2h' });
    expect((await get(fresh)).statusCode).toBe(200);
    expect((await get(old)).statusCode).toBe(401);
    expect((await get(fresh)).statusCode).toBe(200);
  });

  it('asks the issuer again once its key set is stale, and then refuses a rotated key', async () => {
    await memberOfNewHouse(t, 'stale');
    const old = await t.issuer.mint('stale', { expiresIn: '2h' });
    expect((await get(old)).statusCode).toBe(200);
    await t.issuer.rotateKey();
    // No new token shows up to trigger a reload; the key set's age alone (10 minutes) must.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    expect((await get(old)).statusCode).toBe(401);
  });

  it("does not serve a removed user's kept token", async () => {
    const { client } = await memberOfNewHouse(t, 'leaver');
    const token = await t.issuer.mint('leaver', { expiresIn: '2h' });
    expect((await get(token, '/api/grocery-list/')).statusCode).toBe(200);
    expect((await client.delete('/api/users/me')).statusCode).toBe(200);
    const after = await get(token, '/api/grocery-list/');
    expect(after.statusCode).toBe(403);
    expect(after.json().error.code).toBe('profile_required');
    expect((await get(token)).statusCode).toBe(404);
  });
});
