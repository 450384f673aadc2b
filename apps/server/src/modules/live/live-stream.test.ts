import type { ClientRequest, IncomingMessage } from 'node:http';
import { get as httpGet } from 'node:http';
import compress from '@fastify/compress';
import { LIVE_POSITION_HEADER } from '@hearth/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import {
  housemateOf,
  memberOfNewHouse,
  profile,
  startSecondInstance,
  startTestApp,
  TEST_PUBLIC_URL,
  type TestApp,
} from '../../test/test-app.js';
import { LiveBus, type LiveScope } from './live-bus.js';
import { MemoryTransport } from './memory-transport.js';
import { liveRoutes } from './routes.js';

interface SseMessage {
  event: string;
  id?: string;
  data?: unknown;
  comment?: string;
}

/**
 * Reads /api/live over real HTTP with an SSE parser, as the browser does. node:http rather than fetch: undici
 * answers an aborted streaming fetch by opening a spare, never-used connection (nodejs/undici#5845) that
 * keeps server.close() waiting.
 */
async function openStream(baseUrl: string, token: string | null, headers: Record<string, string> = {}) {
  const messages: SseMessage[] = [];
  let ended = false;
  const wake = new Set<() => void>();
  const notify = () => {
    for (const w of wake) w();
  };
  const { req, res } = await new Promise<{ req: ClientRequest; res: IncomingMessage }>((resolve, reject) => {
    const req = httpGet(
      `${baseUrl}/api/live`,
      { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } },
      (res) => resolve({ req, res }),
    );
    req.on('error', reject);
  });
  let body = '';
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    if (res.statusCode !== 200) {
      body += chunk;
      return;
    }
    buffer += chunk;
    let cut = buffer.indexOf('\n\n');
    while (cut !== -1) {
      messages.push(parseBlock(buffer.slice(0, cut)));
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf('\n\n');
    }
    notify();
  });
  const finish = () => {
    ended = true;
    notify();
  };
  res.on('end', finish);
  res.on('close', finish);
  res.on('error', finish);

  let read = 0;
  return {
    status: res.statusCode,
    headers: res.headers,
    messages,
    get ended() {
      return ended;
    },
    /** The body of a non-200 answer, once it has arrived. */
    async json() {
      while (!ended) await new Promise((r) => setTimeout(r, 5));
      return JSON.parse(body) as { error: { code: string } };
    },
    /** The next message (after those already taken) that matches, within the timeout. */
    async next(match: (m: SseMessage) => boolean = isEvent, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (read < messages.length) {
          const m = messages[read++]!;
          if (match(m)) return m;
        }
        if (ended) throw new Error('stream ended');
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            wake.delete(done);
            resolve();
          };
          const timer = setTimeout(done, left);
          wake.add(done);
        });
      }
    },
    async waitEnded(timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (!ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return ended;
    },
    /** The client goes away (closes its connection). */
    close: () => req.destroy(),
  };
}

const isEvent = (m: SseMessage) => m.event !== 'comment' && m.event !== 'retry';
const isChange = (m: SseMessage) => m.event === 'change';

function parseBlock(block: string): SseMessage {
  const m: SseMessage = { event: 'message' };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) return { event: 'comment', comment: line.slice(1).trim() };
    const colon = line.indexOf(':');
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') m.event = value;
    else if (field === 'id') m.id = value;
    else if (field === 'data') m.data = JSON.parse(value);
    else if (field === 'retry') m.event = 'retry';
  }
  return m;
}

describe('GET /api/live on a listening server', () => {
  let t: TestApp;
  let base: string;
  const streams: Array<{ close(): void }> = [];
  const token = (subject: string) => t.issuer.mint(subject);
  const open = async (subject: string | null, headers: Record<string, string> = {}) => {
    const s = await openStream(base, subject ? await token(subject) : null, headers);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('needs a bearer token and a profile', async () => {
    const anonymous = await open(null);
    expect(anonymous.status).toBe(401);
    const noProfile = await open('live-nobody');
    expect(noProfile.status).toBe(403);
    expect((await noProfile.json()).error.code).toBe('profile_required');
  });

  it('answers an uncompressed event stream that starts with ready', async () => {
    const { house } = await memberOfNewHouse(t, 'live-ready');
    const s = await open('live-ready', { 'accept-encoding': 'gzip, br' });
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-cache, no-transform');
    expect(s.headers['content-encoding']).toBeUndefined();
    const ready = await s.next();
    expect(ready).toMatchObject({ event: 'ready', data: { resync: true, house_id: house.house_id } });
    expect(ready.id).toMatch(/^[a-z0-9]+-\d+-\d+$/);
  });

  it('lets a user without a house listen to their own changes', async () => {
    await t.as('live-homeless').post('/api/users/', profile('live-homeless'));
    const s = await open('live-homeless');
    expect(await s.next()).toMatchObject({ event: 'ready', data: { house_id: null } });
  });

  it("brings every grocery change of a housemate, in order, and nothing of other houses'", async () => {
    const host = await memberOfNewHouse(t, 'live-host');
    const { client: mate, user: mateUser } = await housemateOf(t, 'live-mate', host.house.house_code);
    const stranger = await memberOfNewHouse(t, 'live-stranger');

    const hostStream = await open('live-host');
    const strangerStream = await open('live-stranger');
    await hostStream.next();
    await strangerStream.next();

    const list = (await mate.post('/api/grocery-list/', { grocery_list_name: 'Party' })).json();
    const item = (
      await mate.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'Chips',
      })
    ).json();
    await mate.patch(`/api/grocery-item/${item.grocery_item_id}`, { completed: true });
    await mate.delete(`/api/grocery-item/${item.grocery_item_id}`);
    await mate.delete(`/api/grocery-list/${list.grocery_list_id}`);

    const seen = [];
    for (let i = 0; i < 5; i++) seen.push((await hostStream.next(isChange)).data);
    const actor_id = mateUser.user_id;
    const itemRef = {
      kind: 'groceries',
      entity: 'grocery_item',
      id: item.grocery_item_id,
      parent_id: list.grocery_list_id,
      actor_id,
    };
    expect(seen).toEqual([
      { kind: 'groceries', entity: 'grocery_list', action: 'created', id: list.grocery_list_id, actor_id },
      { ...itemRef, action: 'created' },
      { ...itemRef, action: 'updated' },
      { ...itemRef, action: 'deleted' },
      { kind: 'groceries', entity: 'grocery_list', action: 'deleted', id: list.grocery_list_id, actor_id },
    ]);

    // The stranger's first change is their own house's, not one of the five above.
    const own = (await stranger.client.post('/api/grocery-list/', { grocery_list_name: 'Mine' })).json();
    expect((await strangerStream.next(isChange)).data).toMatchObject({
      id: own.grocery_list_id,
      entity: 'grocery_list',
    });
  });

  it('resumes from Last-Event-ID with the changes missed meanwhile, without a resync', async () => {
    const { client } = await memberOfNewHouse(t, 'live-resume');
    const list = (await client.post('/api/grocery-list/', { grocery_list_name: 'Resume' })).json();
    const first = await open('live-resume');
    const ready = await first.next();
    first.close();

    const a = (
      await client.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'A',
      })
    ).json();
    const b = (
      await client.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'B',
      })
    ).json();

    const again = await open('live-resume', { 'last-event-id': ready.id! });
    expect((await again.next()).data).toMatchObject({ id: a.grocery_item_id, action: 'created' });
    expect((await again.next()).data).toMatchObject({ id: b.grocery_item_id, action: 'created' });
    const resumedReady = await again.next();
    expect(resumedReady).toMatchObject({ event: 'ready', data: { resync: false } });

    const unknown = await open('live-resume', { 'last-event-id': 'abc-1-1' });
    expect(await unknown.next()).toMatchObject({ event: 'ready', data: { resync: true } });
  });

  it('resumes a first stream from the position an answer was read at: what changed since, nothing before', async () => {
    const { client } = await memberOfNewHouse(t, 'live-answer');
    const list = (await client.post('/api/grocery-list/', { grocery_list_name: 'Answers' })).json();
    const before = await client.post('/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: 'Before',
    });
    expect(before.statusCode).toBe(201);
    const lists = async (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: '/api/grocery-list/',
        headers: { authorization: `Bearer ${await token('live-answer')}`, ...headers },
      });
    const read = await lists();
    const position = read.headers[LIVE_POSITION_HEADER] as string;
    expect(position).toMatch(/^[a-z0-9]+-\d+-\d+$/);
    // A kept answer, and its 304, carry the position its data was read at.
    const again = await lists({ 'if-none-match': read.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.headers[LIVE_POSITION_HEADER]).toBe(position);

    const after = (
      await client.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'After',
      })
    ).json();
    const stream = await open('live-answer', { 'last-event-id': position });
    expect((await stream.next()).data).toMatchObject({ id: after.grocery_item_id, action: 'created' });
    expect(await stream.next()).toMatchObject({ event: 'ready', data: { resync: false } });

    // Read again after that change: a newer position, from which there is nothing to replay.
    const fresh = await lists();
    expect(fresh.headers[LIVE_POSITION_HEADER]).not.toBe(position);
    const caughtUp = await open('live-answer', {
      'last-event-id': fresh.headers[LIVE_POSITION_HEADER] as string,
    });
    expect(await caughtUp.next()).toMatchObject({ event: 'ready', data: { resync: false } });
  });

  it('ends open streams when the app closes', async () => {
    // A second app on the same database, so closing it leaves the others running.
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      OIDC_ISSUER: t.issuer.url,
      LOG_LEVEL: 'silent',
    });
    const other = await buildApp({
      config: { ...config, database: t.testDb.database },
      db: t.testDb.db,
      logger: false,
    });
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    await memberOfNewHouse(t, 'live-closing');
    const s = await openStream(otherBase, await t.issuer.mint('live-closing'));
    await s.next();
    await other.close();
    expect(await s.waitEnded()).toBe(true);
  });
});

describe('the stream route itself', () => {
  let app: FastifyInstance;
  let base: string;
  let current = true;
  const bus = new LiveBus(new MemoryTransport(), Fastify().log);
  const scope: LiveScope = { userId: 7, houseId: 70 };
  let expiresIn = 3600;

  beforeAll(async () => {
    await bus.start();
    app = Fastify();
    app.decorateRequest('identity', null);
    app.addHook('onRequest', async (request) => {
      const exp = Math.floor(Date.now() / 1000) + expiresIn;
      request.identity = { issuer: 'https://issuer.test', subject: 's', email: null, claims: { exp } };
    });
    // Compression on for everything, as in the real app, with no size threshold.
    await app.register(compress, { global: true, threshold: 0 });
    await app.register(
      async (api) => {
        await api.register(liveRoutes, {
          heartbeatMs: 60,
          live: {
            scopeOf: async () => scope,
            subscribe: (s, subscriber, lastEventId) => bus.subscribe(s, subscriber, lastEventId),
            stillCurrent: async () => current,
          },
        });
      },
      { prefix: '/api' },
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('sends heartbeat comments, uncompressed, and unsubscribes when the client goes', async () => {
    const s = await openStream(base, 'token', { 'accept-encoding': 'gzip' });
    expect(s.headers['content-encoding']).toBeUndefined();
    expect(await s.next((m) => m.event === 'retry')).toBeTruthy();
    expect(await s.next((m) => m.event === 'comment')).toMatchObject({ comment: 'heartbeat' });
    expect(bus.subscriberCount).toBe(1);
    s.close();
    for (let i = 0; i < 50 && bus.subscriberCount > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(bus.subscriberCount).toBe(0);
  });

  it('ends the stream when the caller no longer has that scope (moved house)', async () => {
    const s = await openStream(base, 'token');
    await s.next();
    current = false;
    try {
      expect(await s.waitEnded()).toBe(true);
    } finally {
      current = true;
    }
  });

  it('ends the stream when the access token expires', async () => {
    expiresIn = 0;
    try {
      const s = await openStream(base, 'token');
      expect(await s.waitEnded(1000)).toBe(true);
    } finally {
      expiresIn = 3600;
    }
  });

  it('sends resync when the bus reports a gap', async () => {
    const s = await openStream(base, 'token');
    await s.next((m) => m.event === 'ready');
    (bus as unknown as { gap(): void }).gap();
    expect(await s.next((m) => m.event === 'resync')).toMatchObject({ data: {} });
    s.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two server instances on one PostgreSQL schema (runs only with TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let second: App;
    let closeSecond: (() => Promise<void>) | undefined;
    let baseOne: string;
    let baseTwo: string;

    beforeAll(async () => {
      t = await startTestApp();
      ({ app: second, close: closeSecond } = await startSecondInstance(t));
      baseOne = await t.app.listen({ port: 0, host: '127.0.0.1' });
      baseTwo = await second.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await closeSecond?.();
      await t?.close();
    });

    it('shows a change made through one instance on the stream of the other', async () => {
      const host = await memberOfNewHouse(t, 'multi-host');
      const _mate = (await housemateOf(t, 'multi-mate', host.house.house_code)).client;

      const onOne = await openStream(baseOne, await t.issuer.mint('multi-host'));
      const onTwo = await openStream(baseTwo, await t.issuer.mint('multi-mate'));
      try {
        await onOne.next();
        await onTwo.next();
        // A change through instance two...
        const token = await t.issuer.mint('multi-mate');
        const res = await fetch(`${baseTwo}/api/grocery-list/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ grocery_list_name: 'Across instances' }),
        });
        expect(res.status).toBe(201);
        const list = (await res.json()) as { grocery_list_id: number };
        // ...arrives on instance one's stream, and on its own.
        const expected = {
          kind: 'groceries',
          entity: 'grocery_list',
          action: 'created',
          id: list.grocery_list_id,
        };
        expect((await onOne.next(isChange)).data).toMatchObject(expected);
        expect((await onTwo.next(isChange)).data).toMatchObject(expected);
        // And the other way round.
        const item = (
          await host.client.post('/api/grocery-item/', {
            grocery_list_id: list.grocery_list_id,
            grocery_item_name: 'Ice',
          })
        ).json();
        expect((await onTwo.next(isChange)).data).toMatchObject({
          entity: 'grocery_item',
          id: item.grocery_item_id,
        });
      } finally {
        onOne.close();
        onTwo.close();
      }
    });

    it("never resumes a stream from another instance's answer position: it asks for a resync", async () => {
      await memberOfNewHouse(t, 'multi-resume');
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/grocery-list/',
        headers: { authorization: `Bearer ${await t.issuer.mint('multi-resume')}` },
      });
      const position = read.headers[LIVE_POSITION_HEADER] as string;
      expect(position).toMatch(/^[a-z0-9]+-\d+-\d+$/);
      const onTwo = await openStream(baseTwo, await t.issuer.mint('multi-resume'), {
        'last-event-id': position,
      });
      try {
        expect(await onTwo.next()).toMatchObject({ event: 'ready', data: { resync: true } });
      } finally {
        onTwo.close();
      }
    });
  },
);

describe('calendar and reminder changes on the stream', () => {
  let t: TestApp;
  let base: string;
  const streams: Array<{ close(): void }> = [];
  const open = async (subject: string) => {
    const s = await openStream(base, await t.issuer.mint(subject));
    streams.push(s);
    await s.next(); // ready
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it("tells housemates' open calendars when an event is created, edited or deleted", async () => {
    const host = await memberOfNewHouse(t, 'cal-host');
    const mate = (await housemateOf(t, 'cal-mate', host.house.house_code)).client;
    const hostStream = await open('cal-host');

    const created = await mate.post('/api/event/', {
      title: 'Dinner',
      start_datetime: '2026-12-01T18:00:00.000Z',
      end_datetime: '2026-12-01T19:00:00.000Z',
      all_day: false,
      house_id: host.house.house_id,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().event_id;
    expect((await hostStream.next(isChange)).data).toMatchObject({ kind: 'events', action: 'created', id });
    await mate.patch(`/api/event/${id}`, { title: 'Late dinner' });
    expect((await hostStream.next(isChange)).data).toMatchObject({ kind: 'events', action: 'updated', id });
    await mate.delete(`/api/event/${id}`);
    expect((await hostStream.next(isChange)).data).toMatchObject({ kind: 'events', action: 'deleted', id });
  });

  it("tells only the owner's own streams about reminder changes, never a housemate's", async () => {
    const host = await memberOfNewHouse(t, 'rem-host');
    await housemateOf(t, 'rem-mate', host.house.house_code);
    const ownerStream = await open('rem-host');
    const mateStream = await open('rem-mate');

    const created = await host.client.post('/api/reminder/', {
      title: 'Bins out',
      remind_time: '2026-12-01T07:00:00.000Z',
    });
    expect(created.statusCode).toBe(201);
    expect((await ownerStream.next(isChange)).data).toMatchObject({
      kind: 'reminders',
      action: 'created',
      id: created.json().reminder_id,
    });
    await expect(mateStream.next(isChange, 300)).rejects.toThrow(/no matching message/);
  });
});
