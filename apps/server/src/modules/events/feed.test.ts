import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  housemateOf,
  memberOfNewHouse,
  profile,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';
import { EventsRepository } from './repository.js';
import { hashSubscriptionSecret } from './subscriptions.js';

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
let houseA: { house_id: number; house_code: string };
let houseB: { house_id: number };
let aliceId: number;
let bobId: number;
const HOUSE_NAME = 'Maple Street; flat 2, back door\\side';

beforeAll(async () => {
  t = await startTestApp();
  const a = await memberOfNewHouse(t, 'alice', HOUSE_NAME);
  alice = a.client;
  houseA = a.house;
  aliceId = a.user.user_id;
  const b = await housemateOf(t, 'bob', houseA.house_code);
  bob = b.client;
  bobId = b.user.user_id;
  const c = await memberOfNewHouse(t, 'carol', 'Oak Avenue');
  carol = c.client;
  houseB = c.house;
});
afterAll(() => t?.close());

const feedPath = (houseId: number) => `/api/event/house/${houseId}/calendar.ics`;
const anonymous = (url: string) => t.app.inject({ method: 'GET', url });

async function create(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/event/', { house_id: houseA.house_id, all_day: false, ...body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json() as { event_id: number; created_at: string; updated_at: string };
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  return { calendar, events };
}

function byTitle(text: string, title: string) {
  const found = parse(text).events.find((e) => e.summary === title);
  if (!found) throw new Error(`no VEVENT ${title} in feed`);
  return found;
}

/** A property's value as ical.js reads it (an ICAL.Time for dates, a string for text). */
const prop = (e: InstanceType<typeof ICAL.Event>, name: string) => e.component.getFirstPropertyValue(name);
/** RFC 5545 TEXT unescaping, for the X- properties ical.js leaves raw. */
const unescapeText = (raw: string) =>
  raw.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

describe('the house feed', () => {
  let meeting: { event_id: number; created_at: string; updated_at: string };
  let bins: { event_id: number };
  let party: { event_id: number };
  let spring: { event_id: number };
  let notes: { event_id: number };
  const longText = `Line one, with a comma; a semicolon and a backslash \\.\nLine two — ünïcödé ✓ ${'long '.repeat(30)}`;

  beforeAll(async () => {
    meeting = await create(alice, {
      title: 'House meeting',
      description: 'Bring the bills',
      location: 'Kitchen table',
      start_datetime: '2026-05-04T18:00:00.000Z',
      end_datetime: '2026-05-04T19:30:00.000Z',
    });
    // Bob in New York picks Friday 15 January as an all-day event.
    bins = await create(bob, {
      title: 'Bin day',
      all_day: true,
      start_datetime: '2026-01-15T05:00:00.000Z',
      end_datetime: '2026-01-16T04:59:00.000Z',
      time_zone: 'America/New_York',
    });
    // A timed event across midnight (UTC): 22:00 to 02:00 the next day.
    party = await create(alice, {
      title: 'Late party',
      start_datetime: '2026-06-12T22:00:00.000Z',
      end_datetime: '2026-06-13T02:00:00.000Z',
    });
    // Alice in Berlin: 28 to 30 March 2026, across the night the clocks go forward (29 March).
    spring = await create(alice, {
      title: 'Spring clean',
      all_day: true,
      start_datetime: '2026-03-27T23:00:00.000Z',
      end_datetime: '2026-03-30T21:59:00.000Z',
      time_zone: 'Europe/Berlin',
    });
    notes = await create(alice, {
      title: 'Notes, long; and odd',
      description: longText,
      location: 'Garden; by the shed',
      start_datetime: '2026-07-01T10:00:00.000Z',
      end_datetime: '2026-07-01T10:00:00.000Z',
    });
  });

  it('is text/calendar, never cached by anyone else, authorised by the bearer header', async () => {
    const res = await alice.get(feedPath(houseA.house_id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(res.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line ends in CRLF and none is longer than 75 octets (RFC 5545 3.1).
    for (const line of res.body.slice(0, -2).split('\r\n')) {
      expect(line).not.toContain('\n');
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
  });

  it('names the calendar after the house and says who made it', async () => {
    const { calendar } = parse((await alice.get(feedPath(houseA.house_id))).body);
    // An X- property is TEXT (RFC 5545 3.8.8.2), escaped as such; ical.js hands it over raw.
    const raw = calendar.getFirstPropertyValue('x-wr-calname') as string;
    expect(raw).toBe('Maple Street\\; flat 2\\, back door\\\\side');
    expect(unescapeText(raw)).toBe(HOUSE_NAME);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Hearth//House Calendar//EN');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  });

  it('writes every field of a timed event, in UTC', async () => {
    const body = (await bob.get(feedPath(houseA.house_id))).body;
    const e = byTitle(body, 'House meeting');
    expect(e.uid).toBe(`event-${meeting.event_id}@hearth.test`);
    expect(e.description).toBe('Bring the bills');
    expect(e.location).toBe('Kitchen table');
    expect(e.startDate.isDate).toBe(false);
    expect(e.startDate.zone.tzid).toBe('UTC');
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-05-04T18:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2026-05-04T19:30:00.000Z');
    expect(body).toContain('DTSTART:20260504T180000Z');
    expect(body).toContain('DTEND:20260504T193000Z');
    const created = prop(e, 'created') as InstanceType<typeof ICAL.Time>;
    expect(created.toJSDate().getTime()).toBe(Math.floor(Date.parse(meeting.created_at) / 1000) * 1000);
    const stamp = prop(e, 'dtstamp') as InstanceType<typeof ICAL.Time>;
    expect(stamp.toJSDate().getTime()).toBe(Math.floor(Date.parse(meeting.updated_at) / 1000) * 1000);
    expect(prop(e, 'last-modified')).toBeTruthy();
    const url = prop(e, 'url') as string;
    expect(url).toBe(`http://hearth.test/api/event/${meeting.event_id}`);
    expect(Number(url.split('/').pop())).toBe(meeting.event_id);
    expect(prop(e, 'x-hearth-user-id')).toBe(String(aliceId));
    expect(prop(e, 'x-hearth-username')).toBe('alice');
    expect(e.sequence).toBe(0);
  });

  it('writes an all-day event as VALUE=DATE with an exclusive end, on the day its creator picked', async () => {
    const body = (await alice.get(feedPath(houseA.house_id))).body;
    const e = byTitle(body, 'Bin day');
    expect(e.uid).toBe(`event-${bins.event_id}@hearth.test`);
    expect(e.startDate.isDate).toBe(true);
    expect(e.endDate.isDate).toBe(true);
    expect(e.startDate.toString()).toBe('2026-01-15');
    expect(e.endDate.toString()).toBe('2026-01-16');
    expect(body).toContain('DTSTART;VALUE=DATE:20260115');
    expect(body).toContain('DTEND;VALUE=DATE:20260116');
    expect(prop(e, 'x-hearth-user-id')).toBe(String(bobId));
    expect(prop(e, 'x-hearth-username')).toBe('bob');
    // Not set: not written.
    expect(e.component.getFirstProperty('description')).toBeNull();
    expect(e.component.getFirstProperty('location')).toBeNull();
  });

  it('keeps an all-day event across the daylight-saving change on its days', async () => {
    const e = byTitle((await alice.get(feedPath(houseA.house_id))).body, 'Spring clean');
    expect(e.uid).toBe(`event-${spring.event_id}@hearth.test`);
    expect([e.startDate.isDate, e.startDate.toString(), e.endDate.toString()]).toEqual([
      true,
      '2026-03-28',
      '2026-03-31',
    ]);
  });

  it('keeps a timed event that spans midnight whole', async () => {
    const e = byTitle((await alice.get(feedPath(houseA.house_id))).body, 'Late party');
    expect(e.uid).toBe(`event-${party.event_id}@hearth.test`);
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-06-12T22:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2026-06-13T02:00:00.000Z');
  });

  it('escapes and folds text so that it reads back exactly', async () => {
    const body = (await alice.get(feedPath(houseA.house_id))).body;
    const e = byTitle(body, 'Notes, long; and odd');
    expect(e.uid).toBe(`event-${notes.event_id}@hearth.test`);
    // The server trims text fields; the rest comes back byte for byte.
    expect(e.description).toBe(longText.trim());
    expect(e.location).toBe('Garden; by the shed');
    expect(e.startDate.toJSDate().getTime()).toBe(e.endDate.toJSDate().getTime());
  });

  it('shows an edit with a higher SEQUENCE and a removal by leaving the event out', async () => {
    const victim = await create(alice, {
      title: 'Soon gone',
      start_datetime: '2026-08-01T10:00:00Z',
      end_datetime: '2026-08-01T11:00:00Z',
    });
    expect(
      (await bob.patch(`/api/event/${victim.event_id}`, { title: 'Soon gone (edited)' })).statusCode,
    ).toBe(200);
    const edited = byTitle((await alice.get(feedPath(houseA.house_id))).body, 'Soon gone (edited)');
    expect(edited.sequence).toBe(1);
    expect(edited.uid).toBe(`event-${victim.event_id}@hearth.test`);
    expect((await alice.delete(`/api/event/${victim.event_id}`)).statusCode).toBe(200);
    const after = parse((await alice.get(feedPath(houseA.house_id))).body);
    expect(after.events.map((e) => e.uid)).not.toContain(`event-${victim.event_id}@hearth.test`);
  });

  it('lists every event of the house once, and no other house', async () => {
    await create(carol, {
      house_id: houseB.house_id,
      title: 'Oak party',
      start_datetime: '2026-05-04T18:00:00Z',
      end_datetime: '2026-05-04T19:00:00Z',
    });
    const { events } = parse((await alice.get(feedPath(houseA.house_id))).body);
    expect(events.map((e) => e.summary).sort()).toEqual(
      ['Bin day', 'House meeting', 'Late party', 'Notes, long; and odd', 'Spring clean'].sort(),
    );
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('is a valid, empty calendar for a house without events', async () => {
    const d = await memberOfNewHouse(t, 'dora', 'Empty House');
    const res = await d.client.get(feedPath(d.house.house_id));
    expect(res.statusCode).toBe(200);
    const { calendar, events } = parse(res.body);
    expect(events).toEqual([]);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Empty House');
  });
});

describe('who may read the feed', () => {
  it('takes the access token as ?access_token= (the feed link carries it)', async () => {
    const token = await t.issuer.mint('alice');
    const res = await anonymous(`${feedPath(houseA.house_id)}?access_token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses no credentials, and a bad access token, with 401', async () => {
    const none = await anonymous(feedPath(houseA.house_id));
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const bad = await anonymous(`${feedPath(houseA.house_id)}?access_token=not-a-token`);
    expect(bad.statusCode).toBe(401);
    const forged = await t.issuer.mint('alice', { audience: 'https://elsewhere.example/api' });
    expect((await anonymous(`${feedPath(houseA.house_id)}?access_token=${forged}`)).statusCode).toBe(401);
  });

  it("answers 404 to a member of another house, to someone without a house, and for a house that doesn't exist", async () => {
    const other = await carol.get(feedPath(houseA.house_id));
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
    const dave = t.as('dave');
    await dave.post('/api/users/', profile('dave'));
    expect((await dave.get(feedPath(houseA.house_id))).statusCode).toBe(404);
    expect((await t.as('nobody').get(feedPath(houseA.house_id))).statusCode).toBe(404);
    const missing = await alice.get(feedPath(987654));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(other.json());
  });
});

describe('subscription links', () => {
  let first: {
    subscription_id: number;
    house_id: number;
    hint: string;
    https_url: string;
    webcal_url: string;
  };
  const secretOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  it('are made on the first request, with https:// and webcal:// forms', async () => {
    const res = await alice.get('/api/event/subscription');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    first = res.json();
    expect(first.house_id).toBe(houseA.house_id);
    expect(first.https_url).toMatch(
      new RegExp(
        `^http://hearth\\.test/api/event/house/${houseA.house_id}/calendar\\.ics\\?token=[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(first.webcal_url).toBe(first.https_url.replace(/^http:/, 'webcal:'));
    expect(secretOf(first.https_url).endsWith(first.hint)).toBe(true);
  });

  it('are described without the secret afterwards (only its hash is stored)', async () => {
    const again = (await alice.get('/api/event/subscription')).json();
    expect(again).toMatchObject({
      subscription_id: first.subscription_id,
      hint: first.hint,
      https_url: null,
      webcal_url: null,
    });
    const rows = await t.testDb.db.selectFrom('calendar_subscriptions').selectAll().execute();
    const secret = secretOf(first.https_url);
    expect(rows.some((r) => r.token_hash === hashSubscriptionSecret(secret))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('open the feed without any bearer token, to the same events', async () => {
    const res = await anonymous(pathOf(first.https_url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const viaBearer = parse((await alice.get(feedPath(houseA.house_id))).body).events.map((e) => e.uid);
    expect(parse(res.body).events.map((e) => e.uid)).toEqual(viaBearer);
  });

  it('are no access token: refused on every other route and as ?access_token=', async () => {
    const secret = secretOf(first.https_url);
    expect((await anonymous(`/api/event/subscription?token=${secret}`)).statusCode).toBe(401);
    expect((await anonymous(`/api/users/me?token=${secret}`)).statusCode).toBe(401);
    expect((await anonymous(`${feedPath(houseA.house_id)}?access_token=${secret}`)).statusCode).toBe(401);
  });

  it("open only their member's house: a member of another house cannot use theirs here", async () => {
    const carols = (await carol.get('/api/event/subscription')).json();
    expect(carols.house_id).toBe(houseB.house_id);
    expect((await anonymous(pathOf(carols.https_url))).statusCode).toBe(200);
    const swapped = `${feedPath(houseA.house_id)}?token=${secretOf(carols.https_url)}`;
    expect((await anonymous(swapped)).statusCode).toBe(404);
  });

  it('refuse a made-up secret', async () => {
    expect((await anonymous(`${feedPath(houseA.house_id)}?token=${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('stop working when rotated; the new link works', async () => {
    const res = await alice.post('/api/event/subscription/rotate');
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.subscription_id).not.toBe(first.subscription_id);
    expect(next.https_url).not.toBe(first.https_url);
    expect((await anonymous(pathOf(first.https_url))).statusCode).toBe(404);
    expect((await anonymous(pathOf(next.https_url))).statusCode).toBe(200);
    expect((await alice.get('/api/event/subscription')).json()).toMatchObject({
      subscription_id: next.subscription_id,
      https_url: null,
    });

    // Revoking without a new one.
    expect((await alice.delete('/api/event/subscription')).statusCode).toBe(200);
    expect((await anonymous(pathOf(next.https_url))).statusCode).toBe(404);
  });

  it('are per member: a housemate has a link of their own', async () => {
    const bobs = (await bob.get('/api/event/subscription')).json();
    expect(bobs.house_id).toBe(houseA.house_id);
    expect((await anonymous(pathOf(bobs.https_url))).statusCode).toBe(200);
  });

  it('need a house', async () => {
    const erin = t.as('erin');
    await erin.post('/api/users/', profile('erin'));
    const res = await erin.get('/api/event/subscription');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('house_required');
  });
});

describe('the feed query', () => {
  it('reads the whole house feed in one query, however many events there are', async () => {
    let queries = 0;
    const counted = new EventsRepository(
      t.testDb.db.withPlugin({
        transformQuery: (args) => {
          queries++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    );
    const caller = { issuer: t.issuer.url, subject: 'alice' };
    const countFor = async () => {
      queries = 0;
      const rows = await counted.feedRows(houseA.house_id, caller);
      return { queries, rows: rows.length };
    };
    const before = await countFor();
    expect(before.queries).toBe(1);
    for (let i = 0; i < 15; i++) {
      await create(alice, {
        title: `Count ${i}`,
        start_datetime: '2027-02-01T10:00:00Z',
        end_datetime: '2027-02-01T11:00:00Z',
      });
    }
    expect(await countFor()).toEqual({ queries: 1, rows: before.rows + 15 });
  });
});
