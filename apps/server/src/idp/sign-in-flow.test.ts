import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  BuiltInFlow,
  type BuiltInServer,
  newBuiltInAccount,
  refreshWithBuiltIn,
  signInWithBuiltIn,
  signUpWithBuiltIn,
  startBuiltInServer,
} from '../test/built-in-sign-in.js';

let server: BuiltInServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startBuiltInServer();
  baseUrl = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
});

const existsWith = (token: string) =>
  fetch(`${baseUrl}/api/users/me/exists`, { headers: { authorization: `Bearer ${token}` } });

describe('built-in provider: discovery', () => {
  it('serves its discovery document under /oidc with endpoints on the same origin', async () => {
    const res = await fetch(`${baseUrl}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${baseUrl}/oidc`);
    expect(doc.authorization_endpoint).toBe(`${baseUrl}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${baseUrl}/oidc/token`);
    expect(doc.end_session_endpoint).toBe(`${baseUrl}/oidc/session/end`);
    expect(doc.jwks_uri).toBe(`${baseUrl}/oidc/jwks`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.response_types_supported).toEqual(['code']);
  });

  it('publishes only public signing keys', async () => {
    const jwks = (await (await fetch(`${baseUrl}/oidc/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });
});

describe('built-in provider: sign-up and sign-in (authorization code + PKCE)', () => {
  const account = newBuiltInAccount({ firstName: 'Ada', lastName: 'Lovelace' });

  it('signs a new account up through the real pages and returns tokens the API accepts', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    expect(flow.page.status).toBe(200);
    expect(flow.page.url).toMatch(new RegExp(`^${baseUrl}/oidc/interaction/[\\w-]+$`));
    expect(flow.page.html).toContain('<label for="field-email">Email</label>');
    expect(flow.page.html).toContain('<label for="field-password">Password</label>');
    expect(flow.page.html).toMatch(/<button [^>]*type="submit">Sign in<\/button>/);

    await flow.clickLink('Create an account');
    expect(flow.page.url).toMatch(/\/oidc\/interaction\/[\w-]+\/signup$/);
    for (const label of ['First name', 'Last name', 'Email', 'Password']) {
      expect(flow.page.html).toContain(`">${label}</label>`);
    }
    expect(flow.page.html).toContain('>Sign in instead</a>');

    await flow.signUp(account);
    expect(flow.callback?.href).toMatch(new RegExp(`^${baseUrl}/\\?code=`));
    const tokens = await flow.tokens();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const access = decodeJwt(tokens.access_token);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(access.iss).toBe(`${baseUrl}/oidc`);
    expect(access.aud).toBe(`${baseUrl}/api`);
    expect(access.email).toBe(account.email);
    expect(access.sub).toEqual(expect.any(String));

    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      iss: `${baseUrl}/oidc`,
      aud: 'hearth-web',
      sub: access.sub,
      email: account.email,
      email_verified: false,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
    });

    const res = await existsWith(tokens.access_token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: false });
  });

  it('signs the same account in again (email ignores case) with the same subject', async () => {
    const first = await signInWithBuiltIn(baseUrl, {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    const again = await signInWithBuiltIn(baseUrl, account);
    expect(decodeJwt(first.access_token).sub).toBe(decodeJwt(again.access_token).sub);
    expect((await existsWith(first.access_token)).status).toBe(200);
  });

  it('keeps the browser signed in: a second authorization needs no page at all', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    await flow.signIn(account.email, account.password);
    const first = await flow.tokens();
    await flow.authorize();
    expect(flow.callback).not.toBeNull();
    const second = await flow.tokens();
    expect(decodeJwt(second.access_token).sub).toBe(decodeJwt(first.access_token).sub);
  });

  it('gives a new access token (and a new refresh token) for a refresh token', async () => {
    const tokens = await signInWithBuiltIn(baseUrl, account);
    const refreshed = await refreshWithBuiltIn(baseUrl, tokens.refresh_token);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(refreshed.access_token)).toMatchObject({
      aud: `${baseUrl}/api`,
      sub: decodeJwt(tokens.access_token).sub,
    });
    expect((await existsWith(refreshed.access_token)).status).toBe(200);
    // The rotated refresh token keeps working.
    const again = await refreshWithBuiltIn(baseUrl, refreshed.refresh_token);
    expect((await existsWith(again.access_token)).status).toBe(200);
  });

  it('refreshes from the browser like oidc-client-ts (same-origin Origin header, scope sent again)', async () => {
    const tokens = await signInWithBuiltIn(baseUrl, account);
    expect(tokens.scope).toBe('openid profile email');
    const refresh = (origin: string, refreshToken: string) =>
      fetch(`${baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'hearth-web',
          // oidc-client-ts sends the scope the token response granted.
          scope: tokens.scope ?? '',
        }).toString(),
      });
    const res = await refresh(baseUrl, tokens.refresh_token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(body.access_token).aud).toBe(`${baseUrl}/api`);
    // Another site's page cannot use the token endpoint with a stolen refresh token.
    const foreign = await refresh('https://evil.example', body.refresh_token);
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a refresh token that was already used (rotation)', async () => {
    const tokens = await signInWithBuiltIn(baseUrl, account);
    await refreshWithBuiltIn(baseUrl, tokens.refresh_token);
    await expect(refreshWithBuiltIn(baseUrl, tokens.refresh_token)).rejects.toThrow(/invalid_grant/);
  });
});

describe('built-in provider: page errors', () => {
  const account = newBuiltInAccount();

  beforeAll(async () => {
    await signUpWithBuiltIn(baseUrl, account);
  });

  it('says "Incorrect email or password." for a wrong password, keeping the email but not the password', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signIn(account.email, 'not the password');
    expect(flow.callback).toBeNull();
    expect(page.status).toBe(400);
    expect(alertText(page.html)).toBe('Incorrect email or password.');
    expect(page.html).toContain(`value="${account.email}"`);
    expect(page.html).not.toContain('not the password');
    // The same page accepts the right password afterwards.
    await flow.signIn(account.email, account.password);
    expect(flow.callback).not.toBeNull();
  });

  it('gives the same message for an email without an account', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signIn('nobody@example.test', account.password);
    expect(alertText(page.html)).toBe('Incorrect email or password.');
  });

  it('names missing fields on the sign-in page', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signIn('', '');
    expect(page.status).toBe(400);
    expect(alertText(page.html)).toBe('Email is required. Password is required.');
    expect(page.html).toMatch(/id="field-email"[^>]*aria-invalid="true"/);
  });

  it('says "An account with this email already exists." for a taken email, keeping the entered values', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signUp({ ...account, email: account.email.toUpperCase(), firstName: 'Second' });
    expect(flow.callback).toBeNull();
    expect(page.status).toBe(409);
    expect(alertText(page.html)).toBe('An account with this email already exists.');
    expect(page.html).toContain('value="Second"');
    expect(page.html).not.toContain(account.password);
    expect(page.html).toContain('>Sign in instead</a>');
  });

  it('says "Password must be at least 8 characters." for a short password', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signUp(newBuiltInAccount({ password: 'short7!' }));
    expect(page.status).toBe(400);
    expect(alertText(page.html)).toBe('Password must be at least 8 characters.');
    expect(page.html).toMatch(/id="field-password"[^>]*aria-invalid="true"/);
    expect(page.html).not.toContain('short7!');
  });

  it('names every missing sign-up field', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signUp({ firstName: '  ', lastName: '', email: '', password: '' });
    expect(alertText(page.html)).toBe(
      'First name is required. Last name is required. Email is required. Password is required.',
    );
  });

  it('rejects an email that is not an address', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signUp(newBuiltInAccount({ email: 'not-an-email' }));
    expect(alertText(page.html)).toBe('Enter a valid email address, like name@example.com.');
  });

  it('escapes what people type', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const page = await flow.signUp(
      newBuiltInAccount({ firstName: '<script>alert(1)</script>"', password: 'x' }),
    );
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;"');
  });

  it('shows a Hearth page, not internals, for a broken authorization request', async () => {
    const res = await fetch(
      `${baseUrl}/oidc/auth?client_id=hearth-web&response_type=code&redirect_uri=https://evil.example/`,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Something went wrong');
    expect(html).toContain('Back to Hearth');
    expect(html).not.toMatch(/stack|at \w+ \(/i);
  });

  it('shows a Hearth page for an interaction that does not exist', async () => {
    const res = await fetch(`${baseUrl}/oidc/interaction/not-a-real-one`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in has expired');
  });
});

describe('built-in provider: rate limits', () => {
  it('stops sign-in attempts for one email after 10 in 15 minutes, with 429 and a clear message', async () => {
    const account = newBuiltInAccount();
    await signUpWithBuiltIn(baseUrl, account);
    const flow = await BuiltInFlow.start(baseUrl);
    for (let i = 0; i < 10; i += 1) {
      const page = await flow.signIn(account.email, `wrong password ${i}`);
      expect(page.status).toBe(400);
    }
    const blocked = await flow.signIn(account.email, account.password);
    expect(blocked.status).toBe(429);
    expect(alertText(blocked.html)).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
    expect(flow.callback).toBeNull();
  });

  it('stops sign-in attempts from one address after 50 in 15 minutes, whatever the email', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    const action = /<form method="post" action="([^"]+)"/.exec(flow.page.html)![1]!;
    const attempt = (email: string) =>
      fetch(new URL(action, baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.50',
          cookie: flow.jar.header(new URL(action, baseUrl).href),
        },
        body: new URLSearchParams({ email, password: '' }).toString(),
      });
    for (let i = 0; i < 50; i += 1) {
      expect((await attempt(`person${i}@example.test`)).status).toBe(400);
    }
    const blocked = await attempt('someone-else@example.test');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(alertText(await blocked.text())).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });
});

describe('built-in provider: sign-up rate limit', () => {
  it('stops sign-up attempts from one address after 20 in 15 minutes', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    await flow.clickLink('Create an account');
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(flow.page.html)![1]!, baseUrl).href;
    const attempt = () =>
      fetch(action, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.20',
          cookie: flow.jar.header(action),
        },
        body: new URLSearchParams({ first_name: 'Pat', last_name: '', email: '', password: '' }).toString(),
      });
    for (let i = 0; i < 20; i += 1) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    const html = await blocked.text();
    expect(alertText(html)).toBe('Too many sign-up attempts. Please wait a few minutes and try again.');
    expect(html).toContain('value="Pat"');
  });
});

describe('built-in provider: sign-out', () => {
  it("signs out in one step when the app sends the person's ID token, and sends the browser back to the app", async () => {
    const account = newBuiltInAccount();
    const flow = await BuiltInFlow.start(baseUrl);
    await flow.signUp(account);
    const tokens = await flow.tokens();

    const page = await flow.signOutPage(tokens.id_token);
    expect(page.status).toBe(200);
    // No question: the page sends its form at once (the whole session: logout=yes); the button is only
    // there for a browser without scripts.
    expect(page.html).toContain('<h1>Signing you out…</h1>');
    expect(page.html).toContain('<input type="hidden" name="logout" value="yes" form="op.logoutForm">');
    expect(page.html).toContain('<script>document.getElementById("op.logoutForm").submit();</script>');
    await flow.submit({}, 'Sign out');
    expect(flow.page.url).toBe(`${baseUrl}/`);

    // Signed out at the provider too: the next authorization shows the sign-in page again.
    await flow.authorize();
    expect(flow.callback).toBeNull();
    expect(flow.page.html).toContain('>Sign in</button>');
    // And the refresh token of that sign-in was revoked.
    await expect(refreshWithBuiltIn(baseUrl, tokens.refresh_token)).rejects.toThrow(/invalid_grant/);
  });

  it('still asks "Sign out of Hearth?" when the request does not carry the person\'s ID token', async () => {
    const flow = await BuiltInFlow.start(baseUrl);
    await flow.signUp(newBuiltInAccount());
    await flow.tokens();
    const page = await flow.navigate(`${baseUrl}/oidc/session/end`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<h1>Sign out of Hearth?</h1>');
    expect(page.html).not.toContain('<script>');
  });
});
