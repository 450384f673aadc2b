import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type App, type BuildOptions, buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createDb } from '../db/create-db.js';
import { toHouse } from '../modules/houses/service.js';
import { toUser } from '../modules/users/service.js';
import { Factories } from './factories.js';
import { StandInIssuer } from './stand-in-issuer.js';
import { createTestDb, type TestDb } from './test-db.js';

export const TEST_PUBLIC_URL = 'http://hearth.test';
export const TEST_AUDIENCE = `${TEST_PUBLIC_URL}/api`;

export interface TestApp {
  app: App;
  issuer: StandInIssuer;
  testDb: TestDb;
  /** Users, houses and rows inserted directly, for tests that are not about how they are made. */
  factory: Factories;
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

export interface TestAppOptions {
  /** The engine: '' for SQLite, a PostgreSQL URL; default: the run's TEST_DATABASE_URL. */
  databaseUrl?: string;
  /** More configuration variables. */
  env?: Record<string, string>;
  /** Further build options (a route listener, lower limits, a log stream). */
  build?: Omit<BuildOptions, 'config' | 'db'>;
}

/** A real app on a freshly migrated database, trusting a stand-in external issuer. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const issuer = await StandInIssuer.start(TEST_AUDIENCE);
  const testDb = await createTestDb(options.databaseUrl ?? process.env.TEST_DATABASE_URL);
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_ISSUER: issuer.url,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  let app: App;
  try {
    app = await buildApp({
      config: { ...config, database: testDb.database },
      db: testDb.db,
      logger: false,
      ...options.build,
    });
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
    factory: new Factories(testDb.db, issuer.url),
    as,
    async close() {
      await app.close();
      await testDb.drop();
      await issuer.close();
    },
  };
}

/**
 * A second instance of the app on the same database as `first` (its own connection or pool, its own
 * caches and live bus), as another server process would be.
 */
export async function startSecondInstance(
  first: TestApp,
  env: Record<string, string> = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const db = createDb(
    first.testDb.database,
    first.testDb.pgSchema ? { pgSchema: first.testDb.pgSchema } : {},
  );
  const config = loadConfig({
    PUBLIC_URL: TEST_PUBLIC_URL,
    OIDC_ISSUER: first.issuer.url,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config: { ...config, database: first.testDb.database }, db, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.destroy();
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

/** A person with a profile (as `profile(subject)` would make it) in a new house; the client signs as them. */
export async function memberOfNewHouse(t: TestApp, subject: string, houseName = `${subject}'s house`) {
  const row = await t.factory.user(profileRow(subject));
  const house = await t.factory.house(row, houseName);
  return { client: t.as(subject), user: toUser({ ...row, house_id: house.house_id }), house: toHouse(house) };
}

/** A person with a profile who lives in the house with that invite code. */
export async function housemateOf(t: TestApp, subject: string, houseCode: string) {
  const house = await t.testDb.db
    .selectFrom('houses')
    .selectAll()
    .where('house_code', '=', houseCode)
    .executeTakeFirstOrThrow();
  const row = await t.factory.moveInto(house, await t.factory.user(profileRow(subject)));
  return { client: t.as(subject), user: toUser(row) };
}

/** The row `POST /api/users/` makes from `profile(subject)`. */
function profileRow(subject: string) {
  const { username, first_name, last_name, email, phone_num } = profile(subject);
  return { subject, username, username_key: username.toLowerCase(), first_name, last_name, email, phone_num };
}
