import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type App, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { StandInIssuer } from './stand-in-issuer.js';
import { createTestDb, type TestDb } from './test-db.js';

export const TEST_PUBLIC_URL = 'http://hearth.test';
export const TEST_AUDIENCE = `${TEST_PUBLIC_URL}/api`;

export interface TestApp {
  app: App;
  issuer: StandInIssuer;
  testDb: TestDb;
  /** An API client that signs as `subject` through the stand-in issuer. */
  as(subject: string): ApiClient;
  close(): Promise<void>;
}

export interface ApiClient {
  request(method: InjectOptions['method'], url: string, body?: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** A real app on a freshly migrated database, trusting a stand-in external issuer. */
export async function startTestApp(): Promise<TestApp> {
  const issuer = await StandInIssuer.start(TEST_AUDIENCE);
  const testDb = await createTestDb();
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_ISSUER: issuer.url,
    LOG_LEVEL: 'silent',
  });
  let app: App;
  try {
    app = await buildApp({ config: { ...config, database: testDb.database }, db: testDb.db, logger: false });
    await app.ready();
  } catch (err) {
    // A run that cannot start must not leave its schema behind.
    await testDb.drop();
    await issuer.close();
    throw err;
  }

  const as = (subject: string): ApiClient => {
    const request = async (method: InjectOptions['method'], url: string, body?: unknown) => {
      const token = await issuer.mint(subject);
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });
    };
    return {
      request,
      get: (url) => request('GET', url),
      post: (url, body) => request('POST', url, body ?? {}),
      put: (url, body) => request('PUT', url, body),
      patch: (url, body) => request('PATCH', url, body ?? {}),
      delete: (url) => request('DELETE', url),
    };
  };

  return {
    app,
    issuer,
    testDb,
    as,
    async close() {
      await app.close();
      await testDb.drop();
      await issuer.close();
    },
  };
}

/** A profile body that passes validation; override what a test is about. */
export function profile(username: string, overrides: Record<string, unknown> = {}) {
  return {
    username,
    first_name: 'Sam',
    last_name: 'Rivera',
    email: `${username}@example.test`,
    phone_num: '1-555-123-4567',
    profile_img: null,
    ...overrides,
  };
}

/** Signs `subject` up with a profile and, optionally, creates a house; returns the client and ids. */
export async function memberOfNewHouse(t: TestApp, subject: string, houseName = `${subject}'s house`) {
  const client = t.as(subject);
  const created = await client.post('/api/users/', profile(subject));
  if (created.statusCode !== 200) throw new Error(`profile failed: ${created.body}`);
  const house = await client.post('/api/house/', { house_name: houseName });
  if (house.statusCode !== 201) throw new Error(`house failed: ${house.body}`);
  return { client, user: created.json(), house: house.json() };
}

/** Signs `subject` up with a profile and moves them into the house with that invite code. */
export async function housemateOf(t: TestApp, subject: string, houseCode: string) {
  const client = t.as(subject);
  const created = await client.post('/api/users/', profile(subject));
  if (created.statusCode !== 200) throw new Error(`profile failed: ${created.body}`);
  const joined = await client.put(`/api/house/${houseCode}`);
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.body}`);
  return { client, user: created.json() };
}
