import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { MemoryLimitStore } from '../lib/limits.js';
import {
  BuiltInFlow,
  type BuiltInServer,
  newBuiltInAccount,
  refreshWithBuiltIn,
  signUpWithBuiltIn,
  startBuiltInServer,
} from '../test/built-in-sign-in.js';

/*
 * The sign-in limits behind one proxy (TRUST_PROXY=1): the client address is what that proxy saw, so a
 * client rotating X-Forwarded-For gains nothing; and the counters stay bounded whatever is sent.
 */
describe('built-in provider: sign-in limits behind a proxy', () => {
  let server: BuiltInServer;
  const store = new MemoryLimitStore();
  let baseUrl = '';

  beforeAll(async () => {
    server = await startBuiltInServer({ env: { TRUST_PROXY: '1' }, build: { limitStore: store } });
    baseUrl = server.baseUrl;
  });

  afterAll(async () => {
    await server?.close();
  });

  async function attempts(flow: BuiltInFlow, count: number, form: (i: number) => Record<string, string>) {
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(flow.page.html)![1]!, baseUrl).href;
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await fetch(action, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          // The client writes the left entry; the proxy (this test's loopback peer) appends what it saw.
          'x-forwarded-for': `198.51.100.${i % 250}, 127.0.0.1`,
          cookie: flow.jar.header(action),
        },
        body: new URLSearchParams(form(i)).toString(),
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    return statuses;
  }

  it('issues access tokens that live five minutes, renewed with the refresh token', async () => {
    const tokens = await signUpWithBuiltIn(baseUrl);
    const claims = decodeJwt(tokens.access_token);
    expect(tokens.expires_in).toBeLessThanOrEqual(300);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    const renewed = await refreshWithBuiltIn(baseUrl, tokens.refresh_token);
    expect(renewed.access_token).not.toBe(tokens.access_token);
    const api = await fetch(`${baseUrl}/api/users/me/exists`, {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    expect(api.status).toBe(200);
  });

  it('refuses TRUST_PROXY=true at start, saying why', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/left-most ones are written by the client/);
  });

  it('blocks wrong passwords for one account after 10, however X-Forwarded-For rotates', async () => {
    const account = newBuiltInAccount();
    const signUp = await BuiltInFlow.start(baseUrl);
    await signUp.signUp(account);
    const flow = await BuiltInFlow.start(baseUrl);
    const statuses = await attempts(flow, 30, (i) => ({ email: account.email, password: `wrong ${i}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });

  it('keeps no counter for attempts that are already blocked, and digests long emails', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const before = store.size;
    // 15 KB emails, each different: only the address's budget (50) is ever counted per email.
    const statuses = await attempts(flow, 150, (i) => ({
      email: `${'x'.repeat(15_000)}${i}@e.test`,
      password: 'p',
    }));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(100);
    expect(store.size - before).toBeLessThanOrEqual(51);
  });
});
