import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { type ImmediateReads, immediateReads } from '../db/create-db.js';
import {
  housemateOf,
  memberOfNewHouse,
  profile,
  startSecondInstance,
  startTestApp,
  type TestApp,
} from '../test/test-app.js';
import { testEngine } from '../test/test-db.js';

/*
 * Kept answers of polled reads: 304s for every polled GET, and never an answer older than a change a
 * housemate made (through the API, the live stream, or another instance), a revoked link or a move.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const STRONG_ETAG = /^"[A-Za-z0-9_-]{27}(?:-(?:br|gzip))?"$/;

async function get(subject: string, url: string, headers: Record<string, string> = {}) {
  const token = await t.issuer.mint(subject);
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
}

const anonymous = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Answers 200 with a strong ETag, then 304 without a body for that ETag, then 200 for a wrong one. */
async function expectConditional(ask: (headers: Record<string, string>) => Promise<LightMyRequestResponse>) {
  const first = await ask({});
  expect(first.statusCode, first.body).toBe(200);
  const tag = first.headers.etag as string;
  expect(tag).toMatch(STRONG_ETAG);
  expect(first.headers['cache-control']).toMatch(/^private, no-(?:cache|store)$/);
  const again = await ask({ 'if-none-match': tag });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  expect(again.headers.etag).toBe(tag);
  const other = await ask({ 'if-none-match': '"something-else"' });
  expect(other.statusCode).toBe(200);
  expect(other.body).toBe(first.body);
  return first;
}

async function household(prefix: string) {
  const host = await memberOfNewHouse(t, `${prefix}-host`);
  const mate = await housemateOf(t, `${prefix}-mate`, host.house.house_code);
  const list = (await host.client.post('/api/grocery-list/', { grocery_list_name: 'Weekly' })).json();
  await host.client.post('/api/grocery-item/', {
    grocery_list_id: list.grocery_list_id,
    grocery_item_name: 'Milk',
  });
  return { host, mate, list, houseId: host.house.house_id };
}

describe('conditional GETs', () => {
  it('answers every polled GET with a strong ETag and a 304 when unchanged', async () => {
    const { host, houseId } = await household('polled');
    const event = await host.client.post('/api/event/', {
      house_id: houseId,
      title: 'Dinner',
      start_datetime: '2026-12-01T18:00:00.000Z',
      end_datetime: '2026-12-01T19:00:00.000Z',
    });
    expect(event.statusCode, event.body).toBe(201);
    const range = 'from=2026-11-01T00:00:00.000Z&to=2026-12-31T00:00:00.000Z';
    const polled = [
      '/api/grocery-list/',
      '/api/task/',
      '/api/task/members',
      '/api/away/',
      '/api/expense/',
      '/api/expense/activity',
      '/api/balance/',
      '/api/payment/',
      '/api/recurring-expense/',
      '/api/reminder/',
      `/api/event/?${range}`,
      `/api/event/layers?${range}`,
      `/api/event/house/${houseId}/calendar.ics`,
      '/api/users/me',
    ];
    for (const url of polled) {
      await expectConditional((headers) => get('polled-host', url, headers));
    }
    const link = (await host.client.get('/api/event/subscription')).json().https_url as string;
    await expectConditional((headers) => anonymous(new URL(link).pathname + new URL(link).search, headers));
    const personal = (await host.client.post('/api/feed/me/link')).json().url as string;
    await expectConditional((headers) =>
      anonymous(new URL(personal).pathname + new URL(personal).search, headers),
    );
  });

  it('keeps one ETag per content coding and answers a 304 for any of them', async () => {
    const { host } = await household('coding');
    for (let i = 0; i < 40; i++) {
      await host.client.post('/api/grocery-item/', {
        grocery_list_id: (await host.client.get('/api/grocery-list/')).json()[0].grocery_list_id,
        grocery_item_name: `A rather long grocery item name number ${i}`,
      });
    }
    const plain = await get('coding-host', '/api/grocery-list/');
    for (const round of [1, 2]) {
      // The first br answer is made when kept, the second comes from memory: both the same.
      const br = await get('coding-host', '/api/grocery-list/', { 'accept-encoding': 'gzip, br' });
      expect(br.headers['content-encoding'], `round ${round}`).toBe('br');
      expect(br.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-br"`);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
    const gzip = await get('coding-host', '/api/grocery-list/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const notModified = await get('coding-host', '/api/grocery-list/', {
      'if-none-match': gzip.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
  });
  it('answers a kept 304 with the security headers and its one log line', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logged = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      build: { logger: undefined, logStream: stream },
    });
    try {
      await memberOfNewHouse(logged, 'logged-host');
      const token = await logged.issuer.mint('logged-host');
      const ask = (headers: Record<string, string>) =>
        logged.app.inject({
          url: '/api/grocery-list/',
          headers: { authorization: `Bearer ${token}`, ...headers },
        });
      const first = await ask({});
      expect(first.statusCode).toBe(200);
      const again = await ask({ 'if-none-match': first.headers.etag as string, 'x-request-id': 'kept-304' });
      expect(again.statusCode).toBe(304);
      expect(again.headers['x-request-id']).toBe('kept-304');
      expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      expect(again.headers['permissions-policy']).toContain('camera=()');
      const mine = lines.filter((l) => l.reqId === 'kept-304');
      expect(mine.map((l) => l.msg)).toEqual(['request completed']);
      expect(mine[0]).toMatchObject({
        req: { method: 'GET', url: '/api/grocery-list/' },
        res: { statusCode: 304 },
      });
      expect(JSON.stringify(mine[0])).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe('kept answers never hide a change', () => {
  it("shows a housemate's change at once, and a 304 never hides it", async () => {
    const { mate, list } = await household('fresh');
    const before = await get('fresh-host', '/api/grocery-list/');
    await get('fresh-host', '/api/grocery-list/'); // now answered from memory
    expect(
      (
        await mate.client.post('/api/grocery-item/', {
          grocery_list_id: list.grocery_list_id,
          grocery_item_name: 'Eggs',
        })
      ).statusCode,
    ).toBe(201);
    const after = await get('fresh-host', '/api/grocery-list/', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()[0].items.map((i: { grocery_item_name: string }) => i.grocery_item_name)).toContain(
      'Eggs',
    );
  });

  it('answers a crowd asking at once after a change with one fresh answer', async () => {
    const { mate, list } = await household('crowd');
    await get('crowd-host', '/api/grocery-list/');
    await mate.client.post('/api/grocery-item/', {
      grocery_list_id: list.grocery_list_id,
      grocery_item_name: 'Crowd',
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => get(i % 2 ? 'crowd-host' : 'crowd-mate', '/api/grocery-list/')),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('"Crowd"');
      expect(res.headers.etag).toBe(answers[0]?.headers.etag);
    }
  });

  it('shows a change that publishes nothing live (a housemate renames themselves)', async () => {
    await household('rename');
    const before = (await get('rename-host', '/api/task/members')).json();
    await get('rename-host', '/api/task/members');
    const renamed = await t
      .as('rename-mate')
      .post('/api/users/', profile('rename-mate', { first_name: 'Renamed' }));
    expect(renamed.statusCode).toBe(200);
    const after = (await get('rename-host', '/api/task/members')).json();
    expect(after).not.toEqual(before);
    expect(after.map((m: { first_name: string }) => m.first_name)).toContain('Renamed');
  });

  it("keeps each person's own answers apart (reminders)", async () => {
    const { host } = await household('personal');
    await host.client.post('/api/reminder/', { title: 'Only mine', remind_time: '2027-01-01T09:00:00.000Z' });
    const mine = (await get('personal-host', '/api/reminder/')).json();
    const theirs = (await get('personal-mate', '/api/reminder/')).json();
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(0);
    await t
      .as('personal-mate')
      .post('/api/reminder/', { title: 'Theirs', remind_time: '2027-01-02T09:00:00.000Z' });
    expect((await get('personal-mate', '/api/reminder/')).json()).toHaveLength(1);
    expect((await get('personal-host', '/api/reminder/')).json()).toEqual(mine);
  });

  it('stops answering a member who was removed, and shows their old house the change', async () => {
    const { host, houseId, mate } = await household('removed');
    expect((await get('removed-mate', '/api/grocery-list/')).statusCode).toBe(200);
    expect((await get('removed-mate', '/api/grocery-list/')).statusCode).toBe(200);
    const members = (await get('removed-host', '/api/task/members')).json();
    expect(members).toHaveLength(2);
    const removed = await host.client.post(`/api/house/${houseId}/members/${mate.user.user_id}/remove`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await get('removed-mate', '/api/grocery-list/')).statusCode).toBe(403);
    expect((await get('removed-host', '/api/task/members')).json()).toHaveLength(1);
  });

  it('stops a revoked calendar subscription link and a revoked personal feed link at once', async () => {
    const { host, houseId } = await household('revoke');
    const house = new URL((await host.client.get('/api/event/subscription')).json().https_url as string);
    const personal = new URL((await host.client.post('/api/feed/me/link')).json().url as string);
    for (const link of [house, personal]) {
      expect((await anonymous(link.pathname + link.search)).statusCode).toBe(200);
      expect((await anonymous(link.pathname + link.search)).statusCode).toBe(200);
    }
    expect((await host.client.delete('/api/event/subscription')).statusCode).toBe(200);
    expect((await host.client.delete('/api/feed/me/link')).statusCode).toBe(200);
    for (const link of [house, personal]) {
      const res = await anonymous(link.pathname + link.search);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('BEGIN:VCALENDAR');
    }
    // The member's own token still reads the house feed.
    expect((await get('revoke-host', `/api/event/house/${houseId}/calendar.ics`)).statusCode).toBe(200);
  });

  it('checks a URL that carries a token in it before answering it from memory', async () => {
    const { houseId } = await household('checked');
    const feed = `/api/event/house/${houseId}/calendar.ics`;
    expect((await get('checked-host', feed)).statusCode).toBe(200);
    expect((await get('checked-host', feed)).statusCode).toBe(200); // kept
    // The subscription secret is left out of the answer's place, but it is still validated.
    const tooLong = await get('checked-host', `${feed}?token=${'x'.repeat(300)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).not.toContain('BEGIN:VCALENDAR');
  });

  it("never answers another house's members from a house's kept answers", async () => {
    const { houseId } = await household('mine');
    await memberOfNewHouse(t, 'stranger');
    expect((await get('mine-host', `/api/event/house/${houseId}/calendar.ics`)).statusCode).toBe(200);
    const stranger = await get('stranger', `/api/event/house/${houseId}/calendar.ics`);
    expect(stranger.statusCode).toBe(404);
    const theirLists = (await get('stranger', '/api/grocery-list/')).json();
    expect(theirLists).toEqual([]);
  });
});

describe.skipIf(testEngine !== 'sqlite')(
  'two instances on one SQLite file (runs on the SQLite suite)',
  () => {
    // Another process on the file: its commits reach this one's connection only through the file.
    const dir = mkdtempSync(join(tmpdir(), 'hearth-two-'));
    let first: TestApp;
    let second: App;
    let closeSecond: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      first = await startTestApp({ databaseUrl: `file:${join(dir, 'hearth.db')}` });
      ({ app: second, close: closeSecond } = await startSecondInstance(first, {
        NOTIFICATIONS_SCHEDULER: 'off',
      }));
    });
    afterAll(async () => {
      await closeSecond?.();
      await first?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const on = async (app: App, subject: string, url: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await first.issuer.mint(subject)}`, ...headers },
      });
    const names = (res: LightMyRequestResponse) =>
      res.json()[0].items.map((i: { grocery_item_name: string }) => i.grocery_item_name);
    /** Adds an item through the second instance (another process on the file). */
    const addThroughSecond = async (subject: string, listId: number, name: string) => {
      const added = await second.inject({
        method: 'POST',
        url: '/api/grocery-item/',
        headers: { authorization: `Bearer ${await first.issuer.mint(subject)}` },
        payload: { grocery_list_id: listId, grocery_item_name: name },
      });
      expect(added.statusCode, added.body).toBe(201);
    };
    /** Asks the first instance for the person's lists, each time with the same token (kept after once). */
    const listAsker = async (subject: string) => {
      const token = await first.issuer.mint(subject);
      return (etag?: string) =>
        first.app.inject({
          method: 'GET',
          url: '/api/grocery-list/',
          headers: { authorization: `Bearer ${token}`, ...(etag && { 'if-none-match': etag }) },
        });
    };

    it('never hides a change made through the other instance, either way round, nor a 304', async () => {
      const host = await memberOfNewHouse(first, 'file-host');
      const mate = await housemateOf(first, 'file-mate', host.house.house_code);
      const list = (await host.client.post('/api/grocery-list/', { grocery_list_name: 'Weekly' })).json();
      // Both instances keep the current answer.
      let before: LightMyRequestResponse | undefined;
      for (let i = 0; i < 2; i++) {
        before = await on(first.app, 'file-host', '/api/grocery-list/');
        expect(before.statusCode).toBe(200);
        expect((await on(second, 'file-host', '/api/grocery-list/')).statusCode).toBe(200);
      }
      const etag = before?.headers.etag as string;
      expect(
        (await on(first.app, 'file-host', '/api/grocery-list/', { 'if-none-match': etag })).statusCode,
      ).toBe(304);
      // A write through the second instance, read at once through the first, even with the old ETag...
      await addThroughSecond('file-mate', list.grocery_list_id, 'From two');
      const after = await on(first.app, 'file-host', '/api/grocery-list/', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(names(after)).toContain('From two');
      // ...and through the first, read at once through the second.
      await mate.client.post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'From one',
      });
      expect(names(await on(second, 'file-host', '/api/grocery-list/'))).toContain('From one');
      // A member removed through one instance is answered no more by the other.
      expect((await on(first.app, 'file-mate', '/api/grocery-list/')).statusCode).toBe(200);
      const removed = await second.inject({
        method: 'POST',
        url: `/api/house/${host.house.house_id}/members/${mate.user.user_id}/remove`,
        headers: { authorization: `Bearer ${await first.issuer.mint('file-host')}` },
      });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      expect((await on(first.app, 'file-mate', '/api/grocery-list/')).statusCode).toBe(403);
    });

    it('checks the file once for the requests read together, and again for the next ones', async () => {
      const host = await memberOfNewHouse(first, 'batch-host');
      const list = (await host.client.post('/api/grocery-list/', { grocery_list_name: 'Weekly' })).json();
      const ask = await listAsker('batch-host');
      const etag = (await ask()).headers.etag as string;
      expect((await ask(etag)).statusCode).toBe(304);
      const reads = immediateReads(first.testDb.db) as ImmediateReads;
      const checks = vi.spyOn(reads, 'generation');
      try {
        const together = await Promise.all([1, 2, 3, 4, 5].map(() => ask(etag)));
        expect(together.map((r) => r.statusCode)).toEqual([304, 304, 304, 304, 304]);
        expect(checks).toHaveBeenCalledTimes(1);
        // A change through the other process, then requests read after it: the next check sees it.
        await addThroughSecond('batch-host', list.grocery_list_id, 'Batched');
        const after = await Promise.all([1, 2, 3].map(() => ask(etag)));
        expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200]);
        for (const res of after) expect(names(res)).toContain('Batched');
      } finally {
        checks.mockRestore();
      }
    });

    it('answers the requests read together with a 503 when the check finds the file locked', async () => {
      await memberOfNewHouse(first, 'locked-host');
      const ask = await listAsker('locked-host');
      const etag = (await ask()).headers.etag as string;
      const reads = immediateReads(first.testDb.db) as ImmediateReads;
      const locked = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      const checks = vi.spyOn(reads, 'generation').mockImplementationOnce(() => {
        throw locked;
      });
      try {
        const together = await Promise.all([1, 2, 3].map(() => ask(etag)));
        expect(together.map((r) => r.statusCode)).toEqual([503, 503, 503]);
        expect(together[0]?.headers['retry-after']).toBeDefined();
        // The next requests are checked again, and answered.
        expect((await ask(etag)).statusCode).toBe(304);
      } finally {
        checks.mockRestore();
      }
    });
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL schema (runs only with TEST_DATABASE_URL)',
  () => {
    let second: App;
    let closeSecond: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ app: second, close: closeSecond } = await startSecondInstance(t));
    });
    afterAll(async () => {
      await closeSecond?.();
    });

    const onSecond = async (subject: string, method: 'GET' | 'POST', url: string, body?: object) =>
      second.inject({
        method,
        url,
        headers: { authorization: `Bearer ${await t.issuer.mint(subject)}` },
        ...(body ? { payload: body } : {}),
      });

    it('never hides a change made through the other instance, either way round', async () => {
      const { list } = await household('twin');
      // Both instances keep the current answer.
      for (let i = 0; i < 2; i++) {
        expect((await get('twin-host', '/api/grocery-list/')).statusCode).toBe(200);
        expect((await onSecond('twin-host', 'GET', '/api/grocery-list/')).statusCode).toBe(200);
      }
      const names = (res: LightMyRequestResponse) =>
        res.json()[0].items.map((i: { grocery_item_name: string }) => i.grocery_item_name);
      // A write through the second instance, read at once through the first...
      const added = await onSecond('twin-mate', 'POST', '/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'From two',
      });
      expect(added.statusCode).toBe(201);
      expect(names(await get('twin-host', '/api/grocery-list/'))).toContain('From two');
      // ...and through the first, read at once through the second.
      await t.as('twin-mate').post('/api/grocery-item/', {
        grocery_list_id: list.grocery_list_id,
        grocery_item_name: 'From one',
      });
      expect(names(await onSecond('twin-host', 'GET', '/api/grocery-list/'))).toContain('From one');
      // A rename (no live message) made on one instance shows on the other.
      await t.as('twin-mate').post('/api/users/', profile('twin-mate', { first_name: 'Twin' }));
      const members = (await onSecond('twin-host', 'GET', '/api/task/members')).json();
      expect(members.map((m: { first_name: string }) => m.first_name)).toContain('Twin');
    });
  },
);
