import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXTERNAL_CALENDARS_MAX } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Membership } from '../../core/membership.js';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { ExternalCalendarsRepository } from './repository.js';
import { ExternalCalendarsService } from './service.js';

/*
 * The outside calendars API against feeds served over real HTTP on 127.0.0.1 (OUTBOUND_ALLOW_LOOPBACK),
 * fetched through the outbound guard.
 */

const LONDON_WEEKLY = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Council//Bins//EN',
  'BEGIN:VEVENT',
  'UID:bins@council.example',
  'DTSTAMP:20260101T000000Z',
  'SUMMARY:Bin collection',
  // UK clocks go forward on 29 March 2026: 09:00 is 09:00Z before, 08:00Z after.
  'DTSTART;TZID=Europe/London:20260319T090000',
  'DTEND;TZID=Europe/London:20260319T093000',
  'RRULE:FREQ=WEEKLY;COUNT=5',
  'EXDATE;TZID=Europe/London:20260409T090000',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:bins@council.example',
  'DTSTAMP:20260101T000000Z',
  'RECURRENCE-ID;TZID=Europe/London:20260402T090000',
  'SUMMARY:Bin collection (late)',
  'DTSTART;TZID=Europe/London:20260402T140000',
  'DTEND;TZID=Europe/London:20260402T143000',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:holiday@school.example',
  'DTSTAMP:20260101T000000Z',
  'SUMMARY:Easter holidays',
  'DTSTART;VALUE=DATE:20260328',
  'DTEND;VALUE=DATE:20260331',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

/** Outlook names its zones itself and defines them in the feed. */
const OUTLOOK_ZONE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Microsoft//Outlook//EN',
  'BEGIN:VTIMEZONE',
  'TZID:GMT Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16011028T020000',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:-0000',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010325T010000',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'TZOFFSETFROM:-0000',
  'TZOFFSETTO:+0100',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:club@example',
  'DTSTAMP:20260101T000000Z',
  'SUMMARY:Football club',
  'DTSTART;TZID=GMT Standard Time:20260326T180000',
  'DTEND;TZID=GMT Standard Time:20260326T190000',
  'RRULE:FREQ=WEEKLY;COUNT=2',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const tiny = (summary: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//t//t//EN',
    'BEGIN:VEVENT',
    `UID:${summary}@t`,
    'DTSTAMP:20260101T000000Z',
    `SUMMARY:${summary}`,
    'DTSTART:20260320T120000Z',
    'DTEND:20260320T130000Z',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');

/** What the local feed server answers per path; requests it saw, with their conditional headers. */
const feeds = new Map<string, { body: string; etag?: string; status?: number }>();
const seen: { path: string; ifNoneMatch: string | null; ifModifiedSince: string | null }[] = [];
let server: http.Server;
let base = '';
let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({
      path,
      ifNoneMatch: (req.headers['if-none-match'] as string) ?? null,
      ifModifiedSince: (req.headers['if-modified-since'] as string) ?? null,
    });
    if (path === '/huge.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      res.end(Buffer.alloc(6 * 1024 * 1024, 'A'));
      return;
    }
    const feed = feeds.get(path);
    if (!feed) {
      res.writeHead(404);
      return res.end('not here');
    }
    if (feed.etag && req.headers['if-none-match'] === feed.etag) {
      res.writeHead(304, { etag: feed.etag });
      return res.end();
    }
    res.writeHead(feed.status ?? 200, {
      'content-type': 'text/calendar',
      'last-modified': 'Wed, 01 Apr 2026 10:00:00 GMT',
      ...(feed.etag ? { etag: feed.etag } : {}),
    });
    res.end(feed.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { OUTBOUND_ALLOW_LOOPBACK: 'true', NOTIFICATIONS_SCHEDULER: 'off' } });
});

afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  server.close();
});

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Bins',
  url: `${base}/bins.ics`,
  color: '#22AA55',
  shared: true,
  ...over,
});

const FROM = '2026-03-16T00:00:00.000Z';
const TO = '2026-04-20T00:00:00.000Z';
const layersOf = async (
  client: TestApp['as'] extends (s: string) => infer C ? C : never,
  zone = 'Europe/London',
) => {
  const res = await client.get(`/api/event/layers?from=${FROM}&to=${TO}&time_zone=${zone}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().external as {
    external_calendar_id: number;
    title: string;
    start: string;
    end: string;
    all_day: boolean;
    name: string;
    color: string;
  }[];
};

describe(`outside calendars API (${testEngine})`, () => {
  it('adds a feed, fetches it, and shows a weekly Europe/London series right across the clock change', async () => {
    feeds.set('/bins.ics', { body: LONDON_WEEKLY });
    const { client } = await memberOfNewHouse(t, 'ada');
    const res = await client.post('/api/external-calendar/', body());
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toEqual({
      external_calendar_id: expect.any(Number),
      name: 'Bins',
      url: `${base}/bins.ics`,
      color: '#22aa55',
      shared: true,
      last_fetched_at: expect.any(String),
      last_error: null,
    });
    expect((await client.get('/api/external-calendar/')).json()).toEqual([made]);

    const external = await layersOf(client);
    expect(external.map((e) => [e.title, e.start, e.end, e.all_day])).toEqual([
      ['Bin collection', '2026-03-19T09:00:00.000Z', '2026-03-19T09:30:00.000Z', false],
      ['Bin collection', '2026-03-26T09:00:00.000Z', '2026-03-26T09:30:00.000Z', false],
      ['Easter holidays', '2026-03-28', '2026-03-31', true],
      // After the change: still 09:00 in London, which is 08:00 UTC; the 2 April one was moved to 14:00.
      ['Bin collection (late)', '2026-04-02T13:00:00.000Z', '2026-04-02T13:30:00.000Z', false],
      // 9 April is excluded (EXDATE); the fifth is 16 April.
      ['Bin collection', '2026-04-16T08:00:00.000Z', '2026-04-16T08:30:00.000Z', false],
    ]);
    expect(external.every((e) => e.name === 'Bins' && e.color === '#22aa55')).toBe(true);
    expect(external.every((e) => e.external_calendar_id === made.external_calendar_id)).toBe(true);
  });

  it('reads a zone the feed defines itself (an Outlook TZID) across the clock change', async () => {
    feeds.set('/outlook.ics', { body: OUTLOOK_ZONE });
    const { client } = await memberOfNewHouse(t, 'otto');
    const res = await client.post(
      '/api/external-calendar/',
      body({ name: 'Club', url: `${base}/outlook.ics` }),
    );
    expect(res.json().last_error).toBeNull();
    const external = await layersOf(client);
    expect(external.map((e) => e.start)).toEqual(['2026-03-26T18:00:00.000Z', '2026-04-02T17:00:00.000Z']);
  });

  it('refuses bad input with a 400 naming the field, and adds nothing', async () => {
    const { client } = await memberOfNewHouse(t, 'val');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ url: '' }, 'url'],
      [{ url: 'not a link' }, 'url'],
      [{ url: 'ftp://example.com/a.ics' }, 'url'],
      [{ color: 'red' }, 'color'],
      [{ color: '#12345' }, 'color'],
      [{ shared: 'yes' }, 'shared'],
    ];
    for (const [over, field] of cases) {
      const res = await client.post('/api/external-calendar/', body(over));
      expect([JSON.stringify(over), res.statusCode]).toEqual([JSON.stringify(over), 400]);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    }
    const missing = await client.post('/api/external-calendar/', { name: 'x', url: `${base}/bins.ics` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('color');
    expect((await client.get('/api/external-calendar/')).json()).toEqual([]);
  });

  it('the outbound guard refuses private and local addresses, with a 400 naming url', async () => {
    const { client } = await memberOfNewHouse(t, 'guard');
    for (const url of [
      'https://10.0.0.1/a.ics',
      'https://192.168.1.10/a.ics',
      'webcal://169.254.169.254/latest',
      'https://[::ffff:10.0.0.1]/a.ics',
      'http://example.com/a.ics',
    ]) {
      const res = await client.post('/api/external-calendar/', body({ url }));
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().error.field).toBe('url');
    }
    expect((await client.get('/api/external-calendar/')).json()).toEqual([]);
  });

  it('keeps a personal calendar to its owner; a house-wide one is seen and changed by every member', async () => {
    feeds.set('/mine.ics', { body: tiny('Yoga') });
    feeds.set('/house.ics', { body: tiny('Street party') });
    const ana = await memberOfNewHouse(t, 'ana');
    const ben = await housemateOf(t, 'ben', ana.house.house_code);
    const mine = (
      await ana.client.post(
        '/api/external-calendar/',
        body({ name: 'Mine', url: `${base}/mine.ics`, shared: false }),
      )
    ).json();
    const house = (
      await ana.client.post('/api/external-calendar/', body({ name: 'Street', url: `${base}/house.ics` }))
    ).json();
    expect(
      (await ana.client.get('/api/external-calendar/')).json().map((c: { name: string }) => c.name),
    ).toEqual(['Mine', 'Street']);
    expect(
      (await ben.client.get('/api/external-calendar/')).json().map((c: { name: string }) => c.name),
    ).toEqual(['Street']);
    expect((await layersOf(ana.client)).map((e) => e.title).sort()).toEqual(['Street party', 'Yoga']);
    expect((await layersOf(ben.client)).map((e) => e.title)).toEqual(['Street party']);
    for (const res of [
      await ben.client.put(`/api/external-calendar/${mine.external_calendar_id}`, body({ name: 'Taken' })),
      await ben.client.delete(`/api/external-calendar/${mine.external_calendar_id}`),
      await ben.client.post(`/api/external-calendar/${mine.external_calendar_id}/refresh`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const renamed = await ben.client.put(
      `/api/external-calendar/${house.external_calendar_id}`,
      body({ name: 'Street (Ben)', url: `${base}/house.ics` }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Street (Ben)');
    expect((await ben.client.delete(`/api/external-calendar/${house.external_calendar_id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await ana.client.get('/api/external-calendar/')).json().map((c: { name: string }) => c.name),
    ).toEqual(['Mine']);
  });

  it("another house's calendars are a 404 and stay as they were", async () => {
    feeds.set('/other.ics', { body: tiny('Theirs') });
    const owner = await memberOfNewHouse(t, 'own');
    const stranger = await memberOfNewHouse(t, 'stranger');
    const made = (
      await owner.client.post('/api/external-calendar/', body({ url: `${base}/other.ics` }))
    ).json();
    const id = made.external_calendar_id;
    for (const res of [
      await stranger.client.put(`/api/external-calendar/${id}`, body({ name: 'Mine now' })),
      await stranger.client.delete(`/api/external-calendar/${id}`),
      await stranger.client.post(`/api/external-calendar/${id}/refresh`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await stranger.client.get('/api/external-calendar/')).json()).toEqual([]);
    expect(await layersOf(stranger.client)).toEqual([]);
    expect((await owner.client.get('/api/external-calendar/')).json()).toEqual([made]);
  });

  it(`allows at most ${EXTERNAL_CALENDARS_MAX} per house`, async () => {
    feeds.set('/many.ics', { body: tiny('Many') });
    const { client, house } = await memberOfNewHouse(t, 'many');
    const now = new Date().toISOString();
    await t.testDb.db
      .insertInto('external_calendars')
      .values(
        Array.from({ length: EXTERNAL_CALENDARS_MAX - 1 }, (_, i) => ({
          house_id: house.house_id,
          user_id: null,
          name: `Old ${i}`,
          url: `${base}/many.ics`,
          color: '#000000',
          shared: 1,
          next_fetch_at: '9999-01-01T00:00:00.000Z',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    expect(
      (await client.post('/api/external-calendar/', body({ url: `${base}/many.ics`, shared: false })))
        .statusCode,
    ).toBe(201);
    const over = await client.post('/api/external-calendar/', body({ url: `${base}/many.ics` }));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('too_many_external_calendars');
  });

  it('fetches conditionally: a 304 keeps the events and notes the time', async () => {
    feeds.set('/etag.ics', { body: tiny('Cached'), etag: '"v1"' });
    const { client } = await memberOfNewHouse(t, 'etag');
    const made = (await client.post('/api/external-calendar/', body({ url: `${base}/etag.ics` }))).json();
    const before = seen.length;
    await new Promise((r) => setTimeout(r, 5));
    const again = await client.post(`/api/external-calendar/${made.external_calendar_id}/refresh`);
    expect(again.statusCode).toBe(200);
    expect(seen.slice(before)).toEqual([
      { path: '/etag.ics', ifNoneMatch: '"v1"', ifModifiedSince: 'Wed, 01 Apr 2026 10:00:00 GMT' },
    ]);
    expect(again.json().last_error).toBeNull();
    expect(again.json().last_fetched_at > made.last_fetched_at).toBe(true);
    expect((await layersOf(client)).map((e) => e.title)).toEqual(['Cached']);
  });

  it('says clearly why a fetch failed (404, not a calendar, too large) and keeps the last good copy', async () => {
    feeds.set('/flaky.ics', { body: tiny('Kept') });
    const { client } = await memberOfNewHouse(t, 'flaky');
    const made = (await client.post('/api/external-calendar/', body({ url: `${base}/flaky.ics` }))).json();
    const id = made.external_calendar_id;
    feeds.delete('/flaky.ics');
    const gone = (await client.post(`/api/external-calendar/${id}/refresh`)).json();
    expect(gone.last_error).toBe('Nothing was found at the calendar address (404).');
    expect(gone.last_fetched_at).toBe(made.last_fetched_at);
    expect((await layersOf(client)).map((e) => e.title)).toEqual(['Kept']);
    feeds.set('/flaky.ics', { body: '<!doctype html><html><body>Sign in</body></html>' });
    expect((await client.post(`/api/external-calendar/${id}/refresh`)).json().last_error).toBe(
      'The address does not give a calendar (an .ics file).',
    );
    expect((await layersOf(client)).map((e) => e.title)).toEqual(['Kept']);

    const huge = (
      await client.post('/api/external-calendar/', body({ name: 'Huge', url: `${base}/huge.ics` }))
    ).json();
    expect(huge.last_error).toBe('The calendar is larger than 5 MB, too large to read.');
    expect(huge.last_fetched_at).toBeNull();
    const missing = (
      await client.post('/api/external-calendar/', body({ name: 'None', url: `${base}/none.ics` }))
    ).json();
    expect(missing.last_error).toBe('Nothing was found at the calendar address (404).');
  });

  it('a new address forgets the old events', async () => {
    feeds.set('/first.ics', { body: tiny('First') });
    feeds.set('/second.ics', { body: tiny('Second') });
    const { client } = await memberOfNewHouse(t, 'moves');
    const made = (await client.post('/api/external-calendar/', body({ url: `${base}/first.ics` }))).json();
    expect((await layersOf(client)).map((e) => e.title)).toEqual(['First']);
    const moved = await client.put(
      `/api/external-calendar/${made.external_calendar_id}`,
      body({ url: `${base}/second.ics` }),
    );
    expect(moved.json().url).toBe(`${base}/second.ics`);
    expect((await layersOf(client)).map((e) => e.title)).toEqual(['Second']);
  });

  it('exports the house-wide calendars (not personal ones) and imports them into a new house', async () => {
    feeds.set('/exp.ics', { body: tiny('Exported') });
    const { client, house } = await memberOfNewHouse(t, 'exporter');
    await client.post('/api/external-calendar/', body({ name: 'School', url: `${base}/exp.ics` }));
    await client.post(
      '/api/external-calendar/',
      body({ name: 'Private diary', url: `${base}/exp.ics`, shared: false }),
    );
    const exported = await client.get(`/api/house/${house.house_id}/export`);
    expect(exported.statusCode).toBe(200);
    const doc = exported.json();
    expect(doc.data.external_calendars).toEqual([
      {
        name: 'School',
        url: `${base}/exp.ics`,
        color: '#22aa55',
        created_by: expect.any(Number),
        created_at: expect.any(String),
      },
    ]);
    expect(exported.body).not.toContain('Private diary');

    const target = await memberOfNewHouse(t, 'importer');
    const res = await target.client.post(`/api/house/${target.house.house_id}/import`, doc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sections.external_calendars).toBe(1);
    const imported = (await target.client.get('/api/external-calendar/')).json();
    expect(imported).toEqual([
      expect.objectContaining({
        name: 'School',
        url: `${base}/exp.ics`,
        shared: true,
        last_fetched_at: null,
      }),
    ]);
    // Fetched by the scheduler's next run, which the house's members then see.
    const row = await t.testDb.db
      .selectFrom('external_calendars')
      .select('next_fetch_at')
      .where('external_calendar_id', '=', imported[0].external_calendar_id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.next_fetch_at)).toBeLessThanOrEqual(Date.now());

    const spoilt = {
      ...doc,
      data: { ...doc.data, external_calendars: [{ ...doc.data.external_calendars[0], url: 'ftp://x/y' }] },
    };
    const other = await memberOfNewHouse(t, 'importer2');
    const refused = await other.client.post(`/api/house/${other.house.house_id}/import`, spoilt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.field).toBe('data.external_calendars[0].url');
  });

  it('the scheduler fetches what fell due, once, and moves it 30 minutes on', async () => {
    feeds.set('/due.ics', { body: tiny('Before') });
    const { client } = await memberOfNewHouse(t, 'sched');
    const made = (await client.post('/api/external-calendar/', body({ url: `${base}/due.ics` }))).json();
    const id = made.external_calendar_id;
    feeds.set('/due.ics', { body: tiny('After') });
    const past = '2000-01-01T00:00:00.000Z';
    await t.testDb.db
      .updateTable('external_calendars')
      .set({ next_fetch_at: '9999-01-01T00:00:00.000Z' })
      .execute();
    await t.testDb.db
      .updateTable('external_calendars')
      .set({ next_fetch_at: past })
      .where('external_calendar_id', '=', id)
      .execute();
    const service = new ExternalCalendarsService(
      new ExternalCalendarsRepository(t.testDb.db),
      new Membership(t.testDb.db),
      { publish: async () => {}, publishToUser: async () => {} },
      { outbound: { allowLoopback: true }, log: t.app.log },
    );
    const other = new ExternalCalendarsService(
      new ExternalCalendarsRepository(t.testDb.db),
      new Membership(t.testDb.db),
      { publish: async () => {}, publishToUser: async () => {} },
      { outbound: { allowLoopback: true }, log: t.app.log },
    );
    const before = seen.length;
    // Two instances at once: one of them claims it.
    const [a, b] = await Promise.all([service.refreshDue(), other.refreshDue()]);
    expect(a + b).toBe(1);
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/due.ics']);
    const row = await t.testDb.db
      .selectFrom('external_calendars')
      .select('next_fetch_at')
      .where('external_calendar_id', '=', id)
      .executeTakeFirstOrThrow();
    const ahead = Date.parse(row.next_fetch_at) - Date.now();
    expect(ahead).toBeGreaterThan(29 * 60_000);
    expect(ahead).toBeLessThanOrEqual(30 * 60_000);
    expect((await layersOf(client)).map((e) => e.title)).toEqual(['After']);
    expect(await service.refreshDue()).toBe(0);
  });
});
