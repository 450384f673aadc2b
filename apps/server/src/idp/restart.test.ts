import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.js';
import {
  BuiltInFlow,
  type BuiltInServer,
  type BuiltInTokens,
  freePort,
  newBuiltInAccount,
  refreshWithBuiltIn,
  startBuiltInServer,
} from '../test/built-in-sign-in.js';
import { createTestDb, type TestDb, testEngine } from '../test/test-db.js';

/*
 * Keys, sessions, grants and refresh tokens live in the database: a restarted server (same PUBLIC_URL,
 * same database) still accepts what the previous one issued. On SQLite this is a real database FILE.
 */

let dir: string | null = null;
let pgDb: TestDb | null = null;
let database: AppConfig['database'];
let port: number;
let server: BuiltInServer | null = null;

const restart = async () => {
  await server?.close();
  server = await startBuiltInServer({ port, database, ...(pgDb ? { db: pgDb.db } : {}) });
  return server;
};

beforeAll(async () => {
  port = await freePort();
  if (testEngine === 'postgres') {
    pgDb = await createTestDb();
    database = pgDb.database;
  } else {
    dir = mkdtempSync(join(tmpdir(), 'hearth-idp-'));
    const path = join(dir, 'hearth.db');
    database = { engine: 'sqlite', url: `file:${path}`, sqlitePath: path };
  }
});

afterAll(async () => {
  await server?.close();
  await pgDb?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`built-in provider across a restart (${testEngine})`, () => {
  let flow: BuiltInFlow;
  let tokens: BuiltInTokens;
  let keysBefore: unknown;
  const publishedKeys = async (baseUrl: string) => (await fetch(`${baseUrl}/oidc/jwks`)).json();

  it('issues tokens before the restart', async () => {
    const before = await restart();
    flow = await BuiltInFlow.start(before.baseUrl);
    await flow.signUp(newBuiltInAccount());
    tokens = await flow.tokens();
    keysBefore = await publishedKeys(before.baseUrl);
  });

  it('still accepts the old access token and refresh token, with the same signing keys, after it', async () => {
    const after = await restart();
    expect(await publishedKeys(after.baseUrl)).toEqual(keysBefore);
    const res = await fetch(`${after.baseUrl}/api/users/me/exists`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ exists: false });

    const refreshed = await refreshWithBuiltIn(after.baseUrl, tokens.refresh_token);
    expect(decodeJwt(refreshed.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);
  });

  it('keeps the browser session (signed cookies) across the restart: no sign-in page needed', async () => {
    await restart();
    await flow.authorize();
    expect(flow.callback).not.toBeNull();
    const again = await flow.tokens();
    expect(decodeJwt(again.access_token).sub).toBe(decodeJwt(tokens.access_token).sub);
  });
});
