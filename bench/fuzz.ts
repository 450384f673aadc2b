/**
 * Malformed input against every write route of the API (taken from the route table as the app builds it):
 * FUZZ_RUNS payloads per route (default 10,000) of broken JSON, wrong types, control characters, huge and
 * odd strings, odd path parameters and query strings, as a signed-in member of a house. Prints, per route
 * and in total, how many answers were 5xx and how many errors were outside the JSON error shape
 * `{ error: { code, message } }`. The target is 0 and 0; the exit code is 1 otherwise.
 *
 *   node --conditions=@hearth/source --import tsx bench/fuzz.ts                       (SQLite, in memory)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
 *     node --conditions=@hearth/source --import tsx bench/fuzz.ts                     (PostgreSQL, a fresh schema)
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { StandInIssuer } from '../apps/server/src/test/stand-in-issuer.js';
import { TEST_AUDIENCE, TEST_PUBLIC_URL } from '../apps/server/src/test/test-app.js';
import { createTestDb, testEngine } from '../apps/server/src/test/test-db.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** FUZZ_ONLY=<regular expression>: only the routes ("POST /api/task/") it matches. */
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

interface WriteRoute {
  method: string;
  url: string;
  fields: string[];
}

const routes: WriteRoute[] = [];
const issuer = await StandInIssuer.start(TEST_AUDIENCE);
const testDb = await createTestDb();
const config = loadConfig({
  PUBLIC_URL: TEST_PUBLIC_URL,
  OIDC_ISSUER: issuer.url,
  LOG_LEVEL: 'silent',
  // Thousands of writes a minute from one person: the per-user limits would answer 429 to most.
  API_RATE_LIMIT: 'off',
});
const app = await buildApp({
  config: { ...config, database: testDb.database },
  db: testDb.db,
  logger: false,
  onRoute(route) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const body = (route.schema as { body?: { properties?: Record<string, unknown> } } | undefined)?.body;
    for (const method of methods) {
      if (
        WRITES.has(method) &&
        route.url.startsWith('/api/') &&
        (!ONLY || ONLY.test(`${method} ${route.url}`))
      ) {
        routes.push({ method, url: route.url, fields: Object.keys(body?.properties ?? {}) });
      }
    }
  },
});
await app.ready();

let token = '';
let minted = 0;
async function bearer() {
  if (Date.now() - minted > 60_000) {
    token = await issuer.mint('fuzzer');
    minted = Date.now();
  }
  return `Bearer ${token}`;
}

// A member of a house with one of everything, so ids in paths often point at something real.
async function setUp() {
  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { authorization: await bearer() },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    if (res.statusCode >= 300) throw new Error(`set-up ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await call('POST', '/api/users/', {
    username: 'fuzzer',
    first_name: 'Fuzz',
    last_name: 'Er',
    email: 'fuzzer@example.test',
    phone_num: '',
    profile_img: null,
  });
  const house = await call('POST', '/api/house/', { house_name: 'Fuzz house' });
  const list = await call('POST', '/api/grocery-list/', { grocery_list_name: 'List' });
  await call('POST', '/api/grocery-item/', {
    grocery_list_id: list.grocery_list_id,
    grocery_item_name: 'Item',
  });
  await call('POST', '/api/event/', {
    title: 'Event',
    start_datetime: '2026-05-04T18:00:00.000Z',
    end_datetime: '2026-05-04T19:00:00.000Z',
    all_day: false,
    house_id: house.house_id,
  });
  await call('POST', '/api/reminder/', { title: 'Reminder', remind_time: '2030-01-01T09:00:00Z' });
}
await setUp();

// Strings that have broken things before: control characters, NUL, lone surrogates, huge, numeric-ish,
// date-ish, data-URL-ish, SQL-ish, and ordinary ones.
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\ud800',
    '\udfff\ud800',
    '\u202e',
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    '9007199254740993',
    'NaN',
    'null',
    'true',
    '2026-02-30T25:61:00Z',
    '2026-05-04T18:00:00.000Z',
    '0000-00-00',
    'Daily',
    'Weekly',
    'Europe/Nowhere',
    'UTC',
    'data:image/png;base64,AAAA',
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
    "'; drop table users; --",
    '%00',
    '../../etc/passwd',
    '__proto__',
  ),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER, 1.5, -0.0, 1e300),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

/** A body: mostly the route's own fields with odd values, sometimes anything at all, sometimes not JSON. */
function bodyFor(route: WriteRoute): fc.Arbitrary<{ payload: string; contentType: string }> {
  const json = (value: unknown) => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  });
  const known =
    route.fields.length === 0
      ? fc.dictionary(nastyString, nastyValue, { maxKeys: 4 })
      : fc.record(Object.fromEntries(route.fields.map((f) => [f, nastyValue])), { requiredKeys: [] });
  const withExtra = fc
    .tuple(known, fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra', 'id'), nastyValue))
    .map(([a, b]) => ({ ...b, ...a }));
  return fc.oneof(
    { weight: 6, arbitrary: known.map(json) },
    { weight: 2, arbitrary: withExtra.map(json) },
    { weight: 1, arbitrary: fc.anything().map(json) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(
          fc.string(),
          fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"x":1}}'),
        ),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=latin1',
        ),
      }),
    },
  );
}

/** A path segment for a :param: numbers of every size, encoded oddities, very long text. */
const paramValue = fc.oneof(
  fc.integer({ min: -5, max: 10 }).map(String),
  fc.constantFrom(
    '0',
    '2147483648',
    '1.5',
    '1e3',
    '%00',
    '%ZZ',
    '%2e%2e',
    'null',
    '%F0%9F%8F%A0',
    '+1',
    ' 1',
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.integer({ min: 90, max: 300 }).map((n) => 'A'.repeat(n)),
);

function pathFor(url: string): fc.Arbitrary<string> {
  const parts = url.split('/');
  const params = parts.filter((p) => p.startsWith(':'));
  const query = fc.option(
    fc.dictionary(fc.constantFrom('token', 'access_token', 'x', 'house_id'), fc.string({ maxLength: 10 })),
    { nil: undefined },
  );
  return fc
    .tuple(fc.array(paramValue, { minLength: params.length, maxLength: params.length }), query)
    .map(([values, q]) => {
      let i = 0;
      const path = parts.map((p) => (p.startsWith(':') ? (values[i++] ?? '1') : p)).join('/');
      return q ? `${path}?${new URLSearchParams(q).toString()}` : path;
    });
}

function inErrorShape(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string';
  } catch {
    return false;
  }
}

interface Tally {
  route: string;
  sent: number;
  ok: number;
  clientErrors: number;
  serverErrors: number;
  outsideShape: number;
  examples: string[];
}

// Routes that can take the fuzzer out of its house or delete its account go last, so the others are
// fuzzed as a member.
const DESTRUCTIVE = /\/users\/me$|\/leave$|\/remove$/;
routes.sort((a, b) => Number(DESTRUCTIVE.test(a.url)) - Number(DESTRUCTIVE.test(b.url)));

const started = Date.now();
const tallies: Tally[] = [];
for (const route of routes) {
  const tally: Tally = {
    route: `${route.method} ${route.url}`,
    sent: 0,
    ok: 0,
    clientErrors: 0,
    serverErrors: 0,
    outsideShape: 0,
    examples: [],
  };
  tallies.push(tally);
  const samples = fc.sample(fc.tuple(pathFor(route.url), bodyFor(route)), { numRuns: RUNS, seed: SEED });
  for (const [path, body] of samples) {
    const res = await app.inject({
      method: route.method as InjectOptions['method'],
      url: path,
      headers: { authorization: await bearer(), 'content-type': body.contentType },
      payload: body.payload,
    });
    tally.sent++;
    if (res.statusCode >= 500) tally.serverErrors++;
    else if (res.statusCode >= 400) tally.clientErrors++;
    else tally.ok++;
    const bad = res.statusCode >= 400 && !inErrorShape(res.body);
    if (bad) tally.outsideShape++;
    if ((res.statusCode >= 500 || bad) && tally.examples.length < 3) {
      tally.examples.push(
        `${res.statusCode} ${path} ${body.payload.slice(0, 120)} -> ${res.body.slice(0, 200)}`,
      );
    }
  }
  console.log(
    `${tally.route.padEnd(42)} ${String(tally.sent).padStart(6)} sent  ${String(tally.ok).padStart(5)} 2xx  ` +
      `${String(tally.clientErrors).padStart(6)} 4xx  ${tally.serverErrors} 5xx  ${tally.outsideShape} outside the error shape`,
  );
  for (const example of tally.examples) console.log(`    e.g. ${example}`);
}

const total = (key: 'sent' | 'serverErrors' | 'outsideShape') => tallies.reduce((n, t) => n + t[key], 0);
console.log(
  `\n${testEngine}: ${routes.length} write routes, ${total('sent')} payloads in ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s: ${total('serverErrors')} answered 5xx, ` +
    `${total('outsideShape')} outside the JSON error shape`,
);

await app.close();
await testDb.drop();
await issuer.close();
process.exit(total('serverErrors') + total('outsideShape') === 0 ? 0 : 1);
