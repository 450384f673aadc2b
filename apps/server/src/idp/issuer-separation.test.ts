import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltInServer, signUpWithBuiltIn, startBuiltInServer } from '../test/built-in-sign-in.js';
import { StandInIssuer } from '../test/stand-in-issuer.js';

/*
 * One Hearth server uses its built-in provider; another trusts a separate external issuer (the stand-in)
 * for the SAME audience. Each must refuse the other's tokens.
 */

let builtIn: BuiltInServer;
let external: BuiltInServer;
let standIn: StandInIssuer;
let audience: string;
let builtInToken: string;

beforeAll(async () => {
  builtIn = await startBuiltInServer();
  audience = builtIn.config.oidc.audience;
  standIn = await StandInIssuer.start(audience);
  // Same database as the built-in server (a second one adds nothing here): only the issuer differs.
  external = await startBuiltInServer({
    database: builtIn.config.database,
    db: builtIn.testDb!.db,
    env: { OIDC_ISSUER: standIn.url, OIDC_AUDIENCE: audience },
  });
  builtInToken = (await signUpWithBuiltIn(builtIn.baseUrl)).access_token;
});

afterAll(async () => {
  await external?.close();
  await builtIn?.close();
  await standIn?.close();
});

const exists = (server: BuiltInServer, token: string) =>
  fetch(`${server.baseUrl}/api/users/me/exists`, { headers: { authorization: `Bearer ${token}` } });

describe('built-in and external issuers do not trust each other', () => {
  it('each server accepts tokens from its own issuer', async () => {
    expect((await exists(builtIn, builtInToken)).status).toBe(200);
    expect((await exists(external, await standIn.mint('ext-user'))).status).toBe(200);
  });

  it('a server configured with OIDC_ISSUER rejects built-in tokens with 401 and WWW-Authenticate: Bearer', async () => {
    const res = await exists(external, builtInToken);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
  });

  it('the built-in server rejects stand-in tokens, even ones claiming to be from the built-in issuer', async () => {
    for (const token of [
      await standIn.mint('ext-user'),
      await standIn.mint('ext-user', { issuer: builtIn.config.oidc.issuer }),
    ]) {
      const res = await exists(builtIn, token);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    }
  });

  it('a server with an external issuer does not mount the built-in provider', async () => {
    const res = await fetch(`${external.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(404);
  });

  it('the ID token is not an access token for the API', async () => {
    const { id_token } = await signUpWithBuiltIn(builtIn.baseUrl);
    expect((await exists(builtIn, id_token)).status).toBe(401);
  });
});
