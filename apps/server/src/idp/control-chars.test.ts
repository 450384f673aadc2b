import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertText,
  BuiltInFlow,
  type BuiltInServer,
  newBuiltInAccount,
  startBuiltInServer,
} from '../test/built-in-sign-in.js';
import { testEngine } from '../test/test-db.js';

/** The built-in provider's forms and endpoints with control characters PostgreSQL cannot store. */
describe(`built-in provider: control characters (${testEngine})`, () => {
  let server: BuiltInServer;

  beforeAll(async () => {
    server = await startBuiltInServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a NUL in the sign-in email with a 400 page naming the field', async () => {
    const flow = await BuiltInFlow.start(server.baseUrl);
    const page = await flow.signIn('nul\u0000@example.test', 'whatever password');
    expect(page.status).toBe(400);
    expect(page.html).toContain('Email must not contain control characters.');
  });

  it('answers control characters in sign-up fields with a 400 page, creating no account', async () => {
    const account = newBuiltInAccount({ firstName: 'Pa\u0000t' });
    const flow = await BuiltInFlow.start(server.baseUrl);
    const page = await flow.signUp(account);
    expect(page.status).toBe(400);
    expect(page.html).toContain('First name must not contain control characters.');
    const again = await BuiltInFlow.start(server.baseUrl);
    const signIn = await again.signIn(account.email, account.password);
    expect(alertText(signIn.html)).toBe('Incorrect email or password.');
  });

  it('treats a forged refresh token or code holding a NUL as unknown (400), not a server error', async () => {
    const forged: Record<string, string>[] = [
      { grant_type: 'refresh_token', refresh_token: 'abc\u0000def', client_id: 'hearth-web' },
      {
        grant_type: 'authorization_code',
        code: 'abc\u0000def',
        code_verifier: 'x'.repeat(43),
        redirect_uri: `${server.baseUrl}/`,
        client_id: 'hearth-web',
      },
    ];
    for (const body of forged) {
      const res = await fetch(`${server.baseUrl}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body).toString(),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    }
  });
});
