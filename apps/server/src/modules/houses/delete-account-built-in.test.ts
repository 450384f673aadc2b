import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BuiltInFlow,
  type BuiltInServer,
  newBuiltInAccount,
  refreshWithBuiltIn,
  signUpWithBuiltIn,
  startBuiltInServer,
} from '../../test/built-in-sign-in.js';
import { profile } from '../../test/test-app.js';

/*
 * Deleting an account on the built-in provider deletes the sign-in account too: the email and password
 * stop working, refresh tokens are refused, and the same email can sign up afresh.
 */

let server: BuiltInServer;
beforeAll(async () => {
  server = await startBuiltInServer();
});
afterAll(() => server.close());

const api = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('DELETE /api/users/me on the built-in provider', () => {
  it('deletes the sign-in account, its sessions and its refresh tokens', async () => {
    const account = newBuiltInAccount();
    const tokens = await signUpWithBuiltIn(server.baseUrl, account);
    const subject = decodeJwt(tokens.access_token).sub!;
    expect((await api(tokens.access_token, 'POST', '/api/users/', profile('builtin'))).status).toBe(200);

    const res = await api(tokens.access_token, 'DELETE', '/api/users/me');
    expect(res.status).toBe(200);

    const { db: database } = server.testDb!;
    expect(
      await database
        .selectFrom('idp_accounts')
        .select('account_id')
        .where('account_id', '=', subject)
        .execute(),
    ).toEqual([]);
    const left = await database
      .selectFrom('idp_payloads')
      .select(['model', 'payload'])
      .where('payload', 'like', `%${subject}%`)
      .execute();
    expect(left).toEqual([]);

    await expect(refreshWithBuiltIn(server.baseUrl, tokens.refresh_token)).rejects.toThrow();
    const flow = await BuiltInFlow.start(server.baseUrl);
    await flow.signIn(account.email, account.password);
    expect(flow.callback).toBeFalsy();

    // The address is free again.
    const again = await signUpWithBuiltIn(server.baseUrl, account);
    expect(decodeJwt(again.access_token).sub).not.toBe(subject);
    expect((await api(again.access_token, 'GET', '/api/users/me/exists')).status).toBe(200);
  });
});
