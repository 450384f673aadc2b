import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  housemateOf,
  memberOfNewHouse,
  profile,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;
let carol: ApiClient;
let houseA: { house_id: number; house_code: string };
let aliceId: number;
let bobId: number;
const BERLIN = 'Europe/Berlin';

beforeAll(async () => {
  t = await startTestApp();
  const a = await memberOfNewHouse(t, 'alice', 'Maple Street');
  alice = a.client;
  houseA = a.house;
  aliceId = a.user.user_id;
  const b = await housemateOf(t, 'bob', houseA.house_code);
  bob = b.client;
  bobId = b.user.user_id;
  carol = (await memberOfNewHouse(t, 'carol', 'Oak Avenue')).client;
});
afterAll(() => t?.close());

/** A wall time in Berlin as a UTC instant. */
const berlin = (local: string) => DateTime.fromISO(local, { zone: BERLIN }).toUTC().toISO() as string;
const wall = (iso: string, zone = BERLIN) => DateTime.fromISO(iso, { zone }).toFormat('yyyy-LL-dd HH:mm');

interface Occ {
  event_id: number;
  title: string;
  start_datetime: string;
  end_datetime: string;
  occurrence_start: string;
  overridden: boolean;
  rrule: string | null;
  exdates: string[];
}

async function create(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/event/', { house_id: houseA.house_id, all_day: false, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { event_id: number; rrule: string | null; exdates: string[] };
}

async function series(title: string, startLocal: string, rrule: string, hours = 1) {
  return create(alice, {
    title,
    start_datetime: berlin(startLocal),
    end_datetime: DateTime.fromISO(berlin(startLocal)).plus({ hours }).toUTC().toISO(),
    time_zone: BERLIN,
    rrule,
  });
}

async function range(client: ApiClient, from: string, to: string): Promise<Occ[]> {
  const res = await client.get(`/api/event/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function occurrencesOf(eventIds: number[], from = '2026-01-01T00:00:00Z', to = '2027-12-31T00:00:00Z') {
  return (await range(alice, from, to)).filter((o) => eventIds.includes(o.event_id));
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  return { calendar, events };
}

describe('repeating events over the API', () => {
  it('expands a weekly 19:00 Berlin series in a range, keeping 19:00 across the October change', async () => {
    const made = await series('Book club', '2026-10-06T19:00', 'RRULE:FREQ=WEEKLY;BYDAY=TU');
    expect(made.rrule).toBe('FREQ=WEEKLY;BYDAY=TU');
    const oneOff = await create(alice, {
      title: 'Plumber',
      start_datetime: '2026-10-21T08:00:00Z',
      end_datetime: '2026-10-21T09:00:00Z',
    });
    const list = await range(bob, '2026-10-12T00:00:00Z', '2026-11-04T00:00:00Z');
    const club = list.filter((o) => o.event_id === made.event_id);
    expect(club.map((o) => wall(o.start_datetime))).toEqual([
      '2026-10-13 19:00',
      '2026-10-20 19:00',
      '2026-10-27 19:00',
      '2026-11-03 19:00',
    ]);
    expect(club[1]?.start_datetime).toBe('2026-10-20T17:00:00.000Z');
    expect(club[2]?.start_datetime).toBe('2026-10-27T18:00:00.000Z');
    expect(club.every((o) => o.occurrence_start === o.start_datetime && !o.overridden)).toBe(true);
    expect(list.find((o) => o.event_id === oneOff.event_id)?.start_datetime).toBe('2026-10-21T08:00:00.000Z');
    // In order of start.
    expect(list.map((o) => o.start_datetime)).toEqual([...list.map((o) => o.start_datetime)].sort());
    // The existing calls keep working for the series itself.
    expect((await bob.get(`/api/event/${made.event_id}`)).json()).toMatchObject({
      event_id: made.event_id,
      rrule: 'FREQ=WEEKLY;BYDAY=TU',
      exdates: [],
    });
  });

  it('answers 400 naming the field for bad rules, bad ranges and ranges over 2,000 occurrences', async () => {
    const before = await range(alice, '2020-01-01T00:00:00Z', '2020-12-31T00:00:00Z');
    const bad = await alice.post('/api/event/', {
      house_id: houseA.house_id,
      title: 'Bad',
      start_datetime: '2020-03-01T10:00:00Z',
      end_datetime: '2020-03-01T11:00:00Z',
      rrule: 'FREQ=FORTNIGHTLY',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed', field: 'rrule' });
    expect(await range(alice, '2020-01-01T00:00:00Z', '2020-12-31T00:00:00Z')).toEqual(before);

    const from = await alice.get('/api/event/?from=yesterday&to=2026-01-01T00:00:00Z');
    expect(from.statusCode).toBe(400);
    expect(from.json().error).toMatchObject({ field: 'from' });
    const backwards = await alice.get('/api/event/?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(backwards.json().error).toMatchObject({ field: 'to' });

    await series('Daily standup', '2021-01-01T09:00', 'FREQ=DAILY');
    const wide = await alice.get('/api/event/?from=2021-01-01T00:00:00Z&to=2027-01-01T00:00:00Z');
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error).toMatchObject({ code: 'validation_failed', field: 'to' });
    expect(wide.json().error.message).toContain('2000');
  });

  it('keeps other houses out: no occurrences, and 404 for edits', async () => {
    const made = await series('Private', '2026-05-05T19:00', 'FREQ=WEEKLY');
    const theirs = await range(carol, '2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z');
    expect(theirs).toEqual([]);
    const patch = await carol.patch(`/api/event/${made.event_id}`, { title: 'x', scope: 'all' });
    expect(patch.statusCode).toBe(404);
    const del = await carol.delete(
      `/api/event/${made.event_id}?scope=this&occurrence_start=${berlin('2026-05-12T19:00')}`,
    );
    expect(del.statusCode).toBe(404);
  });

  it('edits and deletes "this occurrence" only', async () => {
    const made = await series('Bins', '2026-03-03T07:00', 'FREQ=WEEKLY;COUNT=6');
    const second = berlin('2026-03-10T07:00');
    const third = berlin('2026-03-17T07:00');
    const edited = await bob.patch(`/api/event/${made.event_id}`, {
      scope: 'this',
      occurrence_start: second,
      title: 'Bins (late)',
      start_datetime: berlin('2026-03-10T09:00'),
      end_datetime: berlin('2026-03-10T10:00'),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await bob.delete(
      `/api/event/${made.event_id}?scope=this&occurrence_start=${encodeURIComponent(third)}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);

    const occ = await occurrencesOf([made.event_id]);
    expect(occ.map((o) => [wall(o.start_datetime), o.title, o.overridden])).toEqual([
      ['2026-03-03 07:00', 'Bins', false],
      ['2026-03-10 09:00', 'Bins (late)', true],
      ['2026-03-24 07:00', 'Bins', false],
      ['2026-03-31 07:00', 'Bins', false],
      ['2026-04-07 07:00', 'Bins', false],
    ]);
    expect(occ[1]?.occurrence_start).toBe(second);
    expect(occ[0]?.exdates).toEqual([third]);

    // Editing the same occurrence again changes its one replacement.
    await bob.patch(`/api/event/${made.event_id}`, {
      scope: 'this',
      occurrence_start: second,
      title: 'Bins (later)',
    });
    const again = await occurrencesOf([made.event_id]);
    expect(again.filter((o) => o.overridden).map((o) => [o.title, wall(o.start_datetime)])).toEqual([
      ['Bins (later)', '2026-03-10 09:00'],
    ]);

    // Something that is not an occurrence, or a removed one, is refused.
    const wrong = await bob.patch(`/api/event/${made.event_id}`, {
      scope: 'this',
      occurrence_start: berlin('2026-03-11T07:00'),
      title: 'x',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ field: 'occurrence_start' });
    const missing = await bob.patch(`/api/event/${made.event_id}`, { scope: 'this', title: 'x' });
    expect(missing.json().error).toMatchObject({ field: 'occurrence_start' });
    const gone = await bob.patch(`/api/event/${made.event_id}`, {
      scope: 'this',
      occurrence_start: third,
      title: 'x',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('splits the series for "this and following", keeping a counted series\' total and its edits', async () => {
    const made = await series('Yoga', '2026-01-05T18:00', 'FREQ=WEEKLY;COUNT=8');
    const keys = (await occurrencesOf([made.event_id])).map((o) => o.occurrence_start);
    expect(keys).toHaveLength(8);
    // An edit of the 7th, before the split at the 4th: it must move with the new series.
    await alice.patch(`/api/event/${made.event_id}`, {
      scope: 'this',
      occurrence_start: keys[6],
      title: 'Yoga (hall B)',
    });
    await alice.delete(
      `/api/event/${made.event_id}?scope=this&occurrence_start=${encodeURIComponent(keys[4] as string)}`,
    );

    const split = await alice.patch(`/api/event/${made.event_id}`, {
      scope: 'following',
      occurrence_start: keys[3],
      title: 'Yoga with Sam',
    });
    expect(split.statusCode, split.body).toBe(200);
    const newer = split.json() as {
      event_id: number;
      rrule: string;
      start_datetime: string;
      exdates: string[];
    };
    expect(newer.event_id).not.toBe(made.event_id);
    expect(newer.rrule).toBe('FREQ=WEEKLY;COUNT=5');
    expect(newer.start_datetime).toBe(keys[3]);
    expect(newer.exdates).toEqual([keys[4]]);
    expect((await alice.get(`/api/event/${made.event_id}`)).json().rrule).toBe('FREQ=WEEKLY;COUNT=3');

    const occ = await occurrencesOf([made.event_id, newer.event_id]);
    expect(occ.map((o) => [o.event_id === made.event_id ? 'old' : 'new', o.title])).toEqual([
      ['old', 'Yoga'],
      ['old', 'Yoga'],
      ['old', 'Yoga'],
      ['new', 'Yoga with Sam'],
      ['new', 'Yoga with Sam'],
      ['new', 'Yoga (hall B)'],
      ['new', 'Yoga with Sam'],
    ]);
    expect(occ.map((o) => o.occurrence_start)).toEqual(keys.filter((k) => k !== keys[4]));
  });

  it('"this and following" with a new time on an open series ends the old one with UNTIL', async () => {
    const made = await series('Run', '2026-06-01T07:00', 'FREQ=DAILY');
    const key = berlin('2026-06-04T07:00');
    const res = await alice.patch(`/api/event/${made.event_id}`, {
      scope: 'following',
      occurrence_start: key,
      start_datetime: berlin('2026-06-04T06:30'),
      end_datetime: berlin('2026-06-04T07:30'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await alice.get(`/api/event/${made.event_id}`)).json().rrule).toBe(
      `FREQ=DAILY;UNTIL=${DateTime.fromISO(key).minus({ seconds: 1 }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`,
    );
    const occ = await occurrencesOf(
      [made.event_id, res.json().event_id],
      '2026-06-01T00:00:00Z',
      '2026-06-07T00:00:00Z',
    );
    expect(occ.map((o) => wall(o.start_datetime))).toEqual([
      '2026-06-01 07:00',
      '2026-06-02 07:00',
      '2026-06-03 07:00',
      '2026-06-04 06:30',
      '2026-06-05 06:30',
      '2026-06-06 06:30',
    ]);
  });

  it('"all" moves the whole series by an occurrence\'s change, and deleting following ends it', async () => {
    const made = await series('Piano', '2026-02-02T16:00', 'FREQ=WEEKLY;BYDAY=MO');
    const third = berlin('2026-02-16T16:00');
    const res = await alice.patch(`/api/event/${made.event_id}`, {
      scope: 'all',
      occurrence_start: third,
      start_datetime: berlin('2026-02-16T17:00'),
      end_datetime: berlin('2026-02-16T18:00'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(wall(res.json().start_datetime)).toBe('2026-02-02 17:00');
    const del = await alice.delete(
      `/api/event/${made.event_id}?scope=following&occurrence_start=${encodeURIComponent(berlin('2026-03-02T17:00'))}`,
    );
    expect(del.statusCode, del.body).toBe(200);
    const occ = await occurrencesOf([made.event_id]);
    expect(occ.map((o) => wall(o.start_datetime))).toEqual([
      '2026-02-02 17:00',
      '2026-02-09 17:00',
      '2026-02-16 17:00',
      '2026-02-23 17:00',
    ]);
    // Deleting following from the first occurrence deletes the event.
    await alice.delete(
      `/api/event/${made.event_id}?scope=following&occurrence_start=${encodeURIComponent(berlin('2026-02-02T17:00'))}`,
    );
    expect((await alice.get(`/api/event/${made.event_id}`)).statusCode).toBe(404);
  });
});

describe('the house feed with repeats', () => {
  it('writes RRULE, EXDATE and RECURRENCE-ID in the event zone with a VTIMEZONE; UIDs stay stable', async () => {
    const made = await series('Choir', '2026-10-15T19:00', 'FREQ=WEEKLY;BYDAY=TH;COUNT=6');
    const keys = (await occurrencesOf([made.event_id])).map((o) => o.occurrence_start);
    await alice.delete(
      `/api/event/${made.event_id}?scope=this&occurrence_start=${encodeURIComponent(keys[1] as string)}`,
    );
    await alice.patch(`/api/event/${made.event_id}`, {
      scope: 'this',
      occurrence_start: keys[2],
      title: 'Choir concert',
    });

    const first = await alice.get(`/api/event/house/${houseA.house_id}/calendar.ics`);
    expect(first.statusCode).toBe(200);
    const { calendar, events } = parse(first.body);
    const zones = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
    expect(zones).toContain(BERLIN);
    for (const z of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(z);

    const uid = `event-${made.event_id}@hearth.test`;
    const mine = events.filter((e) => e.getFirstPropertyValue('uid') === uid);
    expect(mine).toHaveLength(2);
    const master = mine.find((e) => !e.hasProperty('recurrence-id'));
    const override = mine.find((e) => e.hasProperty('recurrence-id'));
    if (!master || !override) throw new Error('missing master or override');
    expect(first.body).toContain('DTSTART;TZID=Europe/Berlin:20261015T190000');
    expect(first.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=6');
    expect(first.body).toContain('EXDATE;TZID=Europe/Berlin:20261022T190000');
    expect(first.body).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261029T190000');

    // ical.js expands it to 19:00 Berlin on both sides of the 25 October change, minus the removed one.
    const event = new ICAL.Event(master);
    event.relateException(new ICAL.Event(override));
    const it = event.iterator();
    const starts: string[] = [];
    for (let next = it.next(); next && starts.length < 10; next = it.next()) {
      const details = event.getOccurrenceDetails(next);
      starts.push(`${wall(details.startDate.toJSDate().toISOString())} ${details.item.summary}`);
    }
    expect(starts).toEqual([
      '2026-10-15 19:00 Choir',
      '2026-10-29 19:00 Choir concert',
      '2026-11-05 19:00 Choir',
      '2026-11-12 19:00 Choir',
      '2026-11-19 19:00 Choir',
    ]);

    const again = await alice.get(`/api/event/house/${houseA.house_id}/calendar.ics`);
    const uids = (text: string) =>
      parse(text)
        .events.map((e) => String(e.getFirstPropertyValue('uid')))
        .sort();
    expect(uids(again.body)).toEqual(uids(first.body));
  });
});

describe('layers and the personal feed', () => {
  let bobReminderTitle: string;

  beforeAll(async () => {
    const due = DateTime.utc().plus({ days: 2 }).startOf('hour').toISO();
    expect(
      (await alice.post('/api/task/', { title: 'Hoover the stairs', due_at: due, assignee_id: aliceId }))
        .statusCode,
    ).toBe(201);
    expect(
      (await bob.post('/api/task/', { title: 'Clean the oven', due_at: due, assignee_id: bobId })).statusCode,
    ).toBe(201);
    expect((await alice.put(`/api/house/${houseA.house_id}/currency`, { currency: 'EUR' })).statusCode).toBe(
      200,
    );
    const bill = await alice.post('/api/recurring-expense/', {
      title: 'Internet',
      amount_minor: 3000,
      paid_by: aliceId,
      category: 'utilities',
      split: { mode: 'equal', parts: [aliceId, bobId].map((user_id) => ({ user_id, value: 0 })) },
      repeat: { every: 'months', interval: 1, month_day: null },
      starts_on: DateTime.utc().plus({ days: 3 }).toISODate(),
      ends_on: null,
    });
    expect(bill.statusCode, bill.body).toBe(201);
    const away = await bob.post('/api/away/', {
      starts_on: DateTime.utc().plus({ days: 1 }).toISODate(),
      ends_on: DateTime.utc().plus({ days: 4 }).toISODate(),
    });
    expect(away.statusCode, away.body).toBe(201);
    const soon = DateTime.utc().plus({ days: 1 }).set({ minute: 0, second: 0, millisecond: 0 }).toISO();
    expect(
      (
        await alice.post('/api/reminder/', {
          title: 'Call mum',
          remind_time: soon,
          repeat_interval: 'Weekly',
          time_zone: BERLIN,
        })
      ).statusCode,
    ).toBe(201);
    bobReminderTitle = 'Bob secret surprise party';
    expect(
      (
        await bob.post('/api/reminder/', {
          title: bobReminderTitle,
          remind_time: soon,
          repeat_interval: null,
          time_zone: BERLIN,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('answers each layer for the range, with my reminders only', async () => {
    const from = DateTime.utc().startOf('day').toISO();
    const to = DateTime.utc().plus({ days: 10 }).startOf('day').toISO();
    // Whose turn it is reads as the person's name (Alice keeps the test profile's).
    expect(
      (await bob.post('/api/users/', profile('bob', { first_name: 'Bob', last_name: 'Baker' }))).statusCode,
    ).toBe(200);
    const res = await alice.get(`/api/event/layers?from=${from}&to=${to}&time_zone=${BERLIN}`);
    expect(res.statusCode, res.body).toBe(200);
    const layers = res.json();
    expect(
      layers.tasks.map((x: { title: string; assignee_name: string }) => [x.title, x.assignee_name]).sort(),
    ).toEqual([
      ['Clean the oven', 'Bob Baker'],
      ['Hoover the stairs', 'Sam Rivera'],
    ]);
    expect(layers.bills).toEqual([
      expect.objectContaining({ title: 'Internet', amount_minor: 3000, currency: 'EUR' }),
    ]);
    expect(layers.away).toEqual([
      expect.objectContaining({ user_id: bobId, username: 'bob', name: 'Bob Baker' }),
    ]);
    expect(layers.reminders.map((r: { title: string }) => r.title)).toEqual(['Call mum', 'Call mum']);
    const bobs = (await bob.get(`/api/event/layers?from=${from}&to=${to}`)).json();
    expect(bobs.reminders.map((r: { title: string }) => r.title)).toEqual([bobReminderTitle]);
    expect((await carol.get(`/api/event/layers?from=${from}&to=${to}`)).json()).toEqual({
      tasks: [],
      bills: [],
      away: [],
      reminders: [],
      external: [],
    });
    expect((await alice.get(`/api/event/layers?from=nope&to=${to}`)).json().error).toMatchObject({
      field: 'from',
    });
  });

  it('a personal feed link carries house events, my tasks, bills due and my reminders with an alarm', async () => {
    const link = await alice.post('/api/feed/me/link');
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json().url);
    expect(url.pathname).toBe('/api/feed/me.ics');
    const feed = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const { calendar, events } = parse(feed.body);
    const summaries = events.map((e) => String(e.getFirstPropertyValue('summary')));
    expect(summaries).toContain('Choir');
    expect(summaries).toContain('Hoover the stairs (your turn)');
    expect(summaries).not.toContain('Clean the oven (your turn)');
    expect(summaries.filter((s) => s === 'Bill due: Internet').length).toBeGreaterThanOrEqual(12);
    expect(feed.body).not.toContain(bobReminderTitle);
    const reminder = events.find((e) => e.getFirstPropertyValue('summary') === 'Call mum');
    if (!reminder) throw new Error('no reminder in the feed');
    expect(String(reminder.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY');
    expect(reminder.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(BERLIN);
    expect(reminder.getFirstSubcomponent('valarm')?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(calendar.getAllSubcomponents('vtimezone').length).toBeGreaterThan(0);

    // Stable UIDs: the same feed twice names the same things.
    const twice = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    const uids = (text: string) =>
      parse(text)
        .events.map((e) => String(e.getFirstPropertyValue('uid')))
        .sort();
    expect(uids(twice.body)).toEqual(uids(feed.body));

    // Bob's own feed has his reminder and none of Alice's.
    const bobLink = new URL((await bob.post('/api/feed/me/link')).json().url);
    const bobFeed = await t.app.inject({ method: 'GET', url: `${bobLink.pathname}${bobLink.search}` });
    expect(bobFeed.body).toContain(bobReminderTitle);
    expect(bobFeed.body).not.toContain('Call mum');

    // A new link stops the old one; revoking stops the new one.
    const newer = new URL((await alice.post('/api/feed/me/link')).json().url);
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${newer.pathname}${newer.search}` })).statusCode).toBe(
      200,
    );
    expect((await alice.delete('/api/feed/me/link')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${newer.pathname}${newer.search}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/feed/me.ics?token=guess' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/feed/me/link' })).statusCode).toBe(401);
  });

  it('the house export keeps rules, removed and edited occurrences', async () => {
    const res = await alice.get(`/api/house/${houseA.house_id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json().data.events as {
      title: string;
      rrule?: string;
      exdates?: string[];
      overrides?: { title: string }[];
    }[];
    const choir = events.find((e) => e.title === 'Choir');
    expect(choir?.rrule).toBe('FREQ=WEEKLY;BYDAY=TH;COUNT=6');
    expect(choir?.exdates).toHaveLength(1);
    expect(choir?.overrides?.map((o) => o.title)).toEqual(['Choir concert']);
    // Edited occurrences are not exported as events of their own.
    expect(events.filter((e) => e.title === 'Choir concert')).toEqual([]);

    // Imported into another (empty) house, the series expands the same way there.
    const carolHouse = (await carol.get('/api/users/me')).json().house_id as number;
    const imported = await carol.post(`/api/house/${carolHouse}/import`, res.json());
    expect(imported.statusCode, imported.body).toBe(200);
    const theirs = (await range(carol, '2026-10-01T00:00:00Z', '2026-12-01T00:00:00Z')).filter((o) =>
      o.title.startsWith('Choir'),
    );
    expect(theirs.map((o) => [wall(o.start_datetime), o.title, o.overridden])).toEqual([
      ['2026-10-15 19:00', 'Choir', false],
      ['2026-10-29 19:00', 'Choir concert', true],
      ['2026-11-05 19:00', 'Choir', false],
      ['2026-11-12 19:00', 'Choir', false],
      ['2026-11-19 19:00', 'Choir', false],
    ]);
  });
});
