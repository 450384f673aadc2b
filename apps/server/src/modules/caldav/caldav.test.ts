import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { appPassword, CAL, type DavClient, davClient, houseEvent, ics, XML } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const propfind = (dav: DavClient, path: string, depth: string, props: string) =>
  dav.request('PROPFIND', path, {
    headers: { ...XML, depth },
    body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:a="http://apple.com/ns/ical/"><d:prop>${props}</d:prop></d:propfind>`,
  });

const query = (range = '', expand = '') =>
  `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data>${expand}</c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">${range}</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

const syncReport = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

/** The text of the first element with this local name. */
const tag = (xml: string, name: string) =>
  new RegExp(`<[a-z]+:${name}[^>]*>([^<]*)</[a-z]+:${name}>`).exec(xml)?.[1];

/** A person in a new house with a calendar app signed in. */
async function personWithApp(subject: string, houseName = `${subject}'s house`) {
  const member = await memberOfNewHouse(t, subject, houseName);
  const password = await appPassword(member.client);
  return { ...member, password, dav: davClient(t, subject, password), home: `/dav/calendars/${subject}/` };
}

const dentist = (uid: string, extra: string[] = []) =>
  ics(
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261128T100000Z',
    'DTSTART;TZID=Europe/Berlin:20261205T100000',
    'DTEND;TZID=Europe/Berlin:20261205T110000',
    'SUMMARY:Dentist',
    'LOCATION:Main Street 1',
    ...extra,
    'END:VEVENT',
  );

async function houseEvents(client: { get(url: string): Promise<{ json(): unknown }> }) {
  const res = await client.get('/api/event/?from=2026-01-01T00:00:00Z&to=2027-06-01T00:00:00Z');
  return res.json() as Array<Record<string, unknown>>;
}

describe(`CalDAV (${testEngine})`, () => {
  it('is found from the discovery address: principal, home, and the house calendar with its properties', async () => {
    const { dav, home, house } = await personWithApp('disco', 'Linden Lane');
    const wellKnown = await t.app.inject({ method: 'GET', url: '/.well-known/caldav' });
    expect(wellKnown.statusCode).toBe(301);
    expect(wellKnown.headers.location).toBe('/dav/');
    // An app given only the server address asks the root itself.
    const atRoot = await t.app.inject({ method: 'PROPFIND', url: '/' });
    expect(atRoot.statusCode).toBe(301);
    expect(atRoot.headers.location).toBe('/dav/');

    const root = await propfind(dav, '/dav/', '0', '<d:current-user-principal/>');
    expect(root.statusCode).toBe(207);
    expect(root.body).toContain('<d:current-user-principal><d:href>/dav/principals/disco/</d:href>');

    const principal = await propfind(dav, '/dav/principals/disco/', '0', '<c:calendar-home-set/>');
    expect(principal.body).toContain(`<c:calendar-home-set><d:href>${home}</d:href>`);

    const listing = await propfind(
      dav,
      home,
      '1',
      '<d:resourcetype/><d:displayname/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/><a:calendar-color/><x:unknown xmlns:x="urn:x"/>',
    );
    expect(listing.statusCode).toBe(207);
    expect(listing.body).toContain(`<d:href>${home}house/</d:href>`);
    expect(listing.body).toContain('<d:displayname>Linden Lane</d:displayname>');
    expect(listing.body).toContain('<c:comp name="VEVENT"/>');
    expect(listing.body).toMatch(/<cs:getctag>http:\/\/hearth\.test\/ns\/sync\/\d+-\d+<\/cs:getctag>/);
    expect(listing.body).toContain('HTTP/1.1 404 Not Found');
    expect(house.house_name).toBe('Linden Lane');

    const optionsRes = await t.app.inject({ method: 'OPTIONS', url: `${home}house/` });
    expect(optionsRes.statusCode).toBe(200);
    expect(String(optionsRes.headers.dav)).toContain('calendar-access');
  });

  it('signs in with the user name in any case and an app password only: not bearer tokens, not revoked passwords', async () => {
    const { dav, home, client, password } = await personWithApp('gate');
    expect((await propfind(dav, home, '0', '<d:displayname/>')).statusCode).toBe(207);
    expect((await propfind(davClient(t, 'GATE', password), home, '0', '<d:displayname/>')).statusCode).toBe(
      207,
    );

    const none = await t.app.inject({ method: 'PROPFIND', url: home });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Basic');
    expect((await propfind(davClient(t, 'gate', `${password}x`), home, '0', '')).statusCode).toBe(401);
    const bearer = await t.app.inject({
      method: 'PROPFIND',
      url: home,
      headers: { authorization: `Bearer ${await t.issuer.mint('gate')}` },
    });
    expect(bearer.statusCode).toBe(401);
    // The app password is no API credential.
    const onApi = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Basic ${Buffer.from(`gate:${password}`).toString('base64')}` },
    });
    expect(onApi.statusCode).toBe(401);

    const [listed] = (await client.get('/api/app-password/')).json();
    expect(listed.last_used_at).toEqual(expect.any(String));
    await client.delete(`/api/app-password/${listed.app_password_id}`);
    expect((await propfind(dav, home, '0', '<d:displayname/>')).statusCode).toBe(401);
  });

  it('limits failed sign-ins like the sign-in page: once over, even the right password waits', async () => {
    const { password, home } = await personWithApp('guesser');
    const wrong = davClient(t, 'guesser', 'not-it');
    for (let i = 0; i < 10; i++) expect((await propfind(wrong, home, '0', '')).statusCode).toBe(401);
    const limited = await propfind(davClient(t, 'guesser', password), home, '0', '');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('takes an event from the phone into the house calendar, keeping what Hearth does not model', async () => {
    const { dav, home, client } = await personWithApp('phone');
    const body = dentist('dentist-1@phone', [
      'CATEGORIES:Health',
      'ATTENDEE;CN=Ana:mailto:ana@example.test',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Dentist',
      'TRIGGER:-PT30M',
      'END:VALARM',
    ]);
    const put = await dav.request('PUT', `${home}house/dentist-1.ics`, {
      headers: { ...CAL, 'if-none-match': '*' },
      body,
    });
    expect(put.statusCode, put.body).toBe(201);
    // What is kept is not byte for byte what was sent: no ETag, the app reads it again.
    expect(put.headers.etag).toBeUndefined();

    const [event] = await houseEvents(client);
    expect(event).toMatchObject({
      title: 'Dentist',
      location: 'Main Street 1',
      start_datetime: '2026-12-05T09:00:00.000Z',
      end_datetime: '2026-12-05T10:00:00.000Z',
      all_day: false,
    });

    const got = await dav.request('GET', `${home}house/dentist-1.ics`);
    expect(got.statusCode).toBe(200);
    const etag = String(got.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const line of [
      'UID:dentist-1@phone',
      'CATEGORIES:Health',
      'ATTENDEE;CN=Ana:mailto:ana@example.test',
      'BEGIN:VALARM',
      'TRIGGER:-PT30M',
    ]) {
      expect(got.body).toContain(line);
    }

    // Edited on the phone with the ETag it has: a change for everyone; a stale ETag changes nothing.
    const edit = await dav.request('PUT', `${home}house/dentist-1.ics`, {
      headers: { ...CAL, 'if-match': etag },
      body: body.replace('SUMMARY:Dentist', 'SUMMARY:Dentist (moved)'),
    });
    expect(edit.statusCode).toBe(204);
    const edited = String((await dav.request('GET', `${home}house/dentist-1.ics`)).headers.etag);
    expect(edited).not.toBe(etag);
    const stale = await dav.request('PUT', `${home}house/dentist-1.ics`, {
      headers: { ...CAL, 'if-match': etag },
      body: body.replace('SUMMARY:Dentist', 'SUMMARY:Overwritten'),
    });
    expect(stale.statusCode).toBe(412);
    const again = await dav.request('PUT', `${home}house/dentist-1.ics`, {
      headers: { ...CAL, 'if-none-match': '*' },
      body,
    });
    expect(again.statusCode).toBe(412);
    expect((await houseEvents(client)).map((e) => e.title)).toEqual(['Dentist (moved)']);

    const gone = await dav.request('DELETE', `${home}house/dentist-1.ics`, {
      headers: { 'if-match': edited },
    });
    expect(gone.statusCode).toBe(204);
    expect(await houseEvents(client)).toEqual([]);
    expect((await dav.request('GET', `${home}house/dentist-1.ics`)).statusCode).toBe(404);
  });

  it('refuses bad objects with the precondition and changes nothing', async () => {
    const { dav, home, client, house } = await personWithApp('strict');
    const first = await dav.request('PUT', `${home}house/one.ics`, {
      headers: CAL,
      body: dentist('same-uid'),
    });
    expect(first.statusCode).toBe(201);
    const cases: Array<[string, Record<string, string>, string, number, string]> = [
      ['garbage.ics', CAL, 'not a calendar', 400, 'valid-calendar-data'],
      [
        'todo.ics',
        CAL,
        ics('BEGIN:VTODO', 'UID:todo-1', 'SUMMARY:Bins', 'END:VTODO'),
        403,
        'supported-calendar-component',
      ],
      ['two.ics', CAL, dentist('same-uid'), 409, 'no-uid-conflict'],
      ['big.ics', CAL, dentist('big', [`DESCRIPTION:${'x'.repeat(1024 * 1024)}`]), 413, 'max-resource-size'],
      ['plain.ics', { 'content-type': 'text/plain' }, dentist('plain'), 415, 'supported-calendar-data'],
      ['badrule.ics', CAL, dentist('badrule', ['RRULE:FREQ=HOURLY']), 403, 'valid-calendar-object-resource'],
    ];
    for (const [name, headers, body, status, precondition] of cases) {
      const res = await dav.request('PUT', `${home}house/${name}`, { headers, body });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.body, name).toContain(`:${precondition}`);
    }
    expect((await houseEvents(client)).length).toBe(1);

    for (const method of ['MKCALENDAR', 'MKCOL', 'PROPPATCH']) {
      expect((await dav.request(method, `${home}new/`, { headers: XML, body: '' })).statusCode).toBe(403);
    }
    expect((await dav.request('DELETE', `${home}house/`)).statusCode).toBe(403);
    expect(house.house_id).toBeGreaterThan(0);
  });

  it('maps a series with a zone, a removed occurrence and a changed one to "this one" edits', async () => {
    const { dav, home, client } = await personWithApp('series');
    const body = ics(
      'BEGIN:VEVENT',
      'UID:yoga@phone',
      'DTSTART;TZID=Europe/Berlin:20261201T180000',
      'DTEND;TZID=Europe/Berlin:20261201T190000',
      'RRULE:FREQ=WEEKLY;COUNT=6',
      'EXDATE;TZID=Europe/Berlin:20261208T180000',
      'SUMMARY:Yoga',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:yoga@phone',
      'RECURRENCE-ID;TZID=Europe/Berlin:20261215T180000',
      'DTSTART;TZID=Europe/Berlin:20261215T193000',
      'DTEND;TZID=Europe/Berlin:20261215T203000',
      'SUMMARY:Yoga (late)',
      'END:VEVENT',
    );
    const put = await dav.request('PUT', `${home}house/yoga.ics`, { headers: CAL, body });
    expect(put.statusCode, put.body).toBe(201);
    const occurrences = await houseEvents(client);
    expect(occurrences.map((o) => [o.start_datetime, o.title])).toEqual([
      ['2026-12-01T17:00:00.000Z', 'Yoga'],
      ['2026-12-15T18:30:00.000Z', 'Yoga (late)'],
      ['2026-12-22T17:00:00.000Z', 'Yoga'],
      ['2026-12-29T17:00:00.000Z', 'Yoga'],
      ['2027-01-05T17:00:00.000Z', 'Yoga'],
    ]);
    expect(occurrences[0]).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=6', time_zone: 'Europe/Berlin' });

    const got = (await dav.request('GET', `${home}house/yoga.ics`)).body;
    expect(got).toContain('BEGIN:VTIMEZONE');
    expect(got).toContain('RRULE:FREQ=WEEKLY;COUNT=6');
    expect(got).toContain('EXDATE;TZID=Europe/Berlin:20261208T180000');
    expect(got).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20261215T180000');

    // Expanded over two weeks: the plain occurrence and the changed one, in UTC.
    const expanded = await dav.request('REPORT', `${home}house/`, {
      headers: { ...XML, depth: '1' },
      body: query(
        '<c:time-range start="20261214T000000Z" end="20261224T000000Z"/>',
        '<c:expand start="20261214T000000Z" end="20261224T000000Z"/>',
      ),
    });
    expect(expanded.statusCode).toBe(207);
    expect(expanded.body).toContain('RECURRENCE-ID:20261215T170000Z');
    expect(expanded.body).toContain('DTSTART:20261215T183000Z');
    expect(expanded.body).toContain('DTSTART:20261222T170000Z');
    expect(expanded.body).not.toContain('RRULE');
  });

  it('answers calendar-query by time range and multiget by href, from the database', async () => {
    const { dav, home, client, house } = await personWithApp('reader');
    const made = await client.post(
      '/api/event/',
      houseEvent(house.house_id, 'Picnic', '2026-07-01T10:00:00Z', '2026-07-01T12:00:00Z'),
    );
    await client.post('/api/event/', {
      title: 'Holidays',
      start_datetime: '2026-08-03T00:00:00Z',
      end_datetime: '2026-08-05T23:59:00Z',
      all_day: true,
      time_zone: 'UTC',
      house_id: house.house_id,
    });
    const july = await dav.request('REPORT', `${home}house/`, {
      headers: { ...XML, depth: '1' },
      body: query('<c:time-range start="20260701T000000Z" end="20260702T000000Z"/>'),
    });
    expect(july.statusCode).toBe(207);
    expect(july.body).toContain('SUMMARY:Picnic');
    expect(july.body).not.toContain('Holidays');
    const all = await dav.request('REPORT', `${home}house/`, {
      headers: { ...XML, depth: '1' },
      body: query(),
    });
    expect(all.body).toContain('DTSTART;VALUE=DATE:20260803');
    expect(all.body).toContain('DTEND;VALUE=DATE:20260806');

    const href = `${home}house/event-${made.json().event_id}.ics`;
    const multiget = await dav.request('REPORT', `${home}house/`, {
      headers: XML,
      body: `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${href}</d:href><d:href>${home}house/missing.ics</d:href></c:calendar-multiget>`,
    });
    expect(multiget.statusCode).toBe(207);
    expect(multiget.body).toContain('SUMMARY:Picnic');
    expect(multiget.body).toContain(
      `<d:href>${home}house/missing.ics</d:href><d:status>HTTP/1.1 404 Not Found`,
    );
  });

  it('reports changes and deletions made in Hearth through sync-collection, and moves the ctag', async () => {
    const { dav, home, client, house } = await personWithApp('syncer');
    const keep = await client.post(
      '/api/event/',
      houseEvent(house.house_id, 'Stays', '2026-09-01T10:00:00Z', '2026-09-01T11:00:00Z'),
    );
    const drop = await client.post(
      '/api/event/',
      houseEvent(house.house_id, 'Goes', '2026-09-02T10:00:00Z', '2026-09-02T11:00:00Z'),
    );
    const first = await dav.request('REPORT', `${home}house/`, { headers: XML, body: syncReport('') });
    expect(first.statusCode).toBe(207);
    const token = tag(first.body, 'sync-token') ?? '';
    expect(token).toMatch(/\/ns\/sync\//);
    expect(first.body).toContain(`event-${keep.json().event_id}.ics`);

    const before = tag((await propfind(dav, `${home}house/`, '0', '<cs:getctag/>')).body, 'getctag');
    await client.delete(`/api/event/${drop.json().event_id}`);
    const after = tag((await propfind(dav, `${home}house/`, '0', '<cs:getctag/>')).body, 'getctag');
    expect(after).not.toBe(before);

    const next = await dav.request('REPORT', `${home}house/`, { headers: XML, body: syncReport(token) });
    expect(next.statusCode).toBe(207);
    expect(next.body).toContain(
      `<d:href>${home}house/event-${drop.json().event_id}.ics</d:href><d:status>HTTP/1.1 404 Not Found`,
    );
    expect(tag(next.body, 'sync-token')).not.toBe(token);

    const bad = await dav.request('REPORT', `${home}house/`, {
      headers: XML,
      body: syncReport('http://else/1'),
    });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain(':valid-sync-token');
  });

  it('keeps houses apart, and ends access to the house calendar at once on leaving', async () => {
    const ana = await personWithApp('ana', 'Ana house');
    const ben = await personWithApp('ben', 'Ben house');
    const bens = await ben.client.post(
      '/api/event/',
      houseEvent(ben.house.house_id, 'Ben secret', '2026-10-01T10:00:00Z', '2026-10-01T11:00:00Z'),
    );
    const benHref = `/dav/calendars/ben/house/event-${bens.json().event_id}.ics`;
    // Ana cannot reach Ben's tree, nor his event by its name under her own.
    expect((await ana.dav.request('GET', benHref)).statusCode).toBe(404);
    expect((await propfind(ana.dav, '/dav/calendars/ben/', '1', '<d:displayname/>')).statusCode).toBe(404);
    const underAna = await ana.dav.request('GET', `${ana.home}house/event-${bens.json().event_id}.ics`);
    expect(underAna.statusCode).toBe(404);
    const overwrite = await ana.dav.request('PUT', `${ana.home}house/event-${bens.json().event_id}.ics`, {
      headers: { ...CAL, 'if-match': '*' },
      body: dentist('x'),
    });
    expect(overwrite.statusCode).toBe(412);
    expect((await houseEvents(ben.client)).map((e) => e.title)).toEqual(['Ben secret']);

    // A housemate who leaves loses the house calendar with the very next request.
    const cleo = await housemateOf(t, 'cleo', ben.house.house_code);
    const cleoDav = davClient(t, 'cleo', await appPassword(cleo.client));
    expect((await cleoDav.request('GET', benHref.replace('/ben/', '/cleo/'))).statusCode).toBe(200);
    expect((await cleo.client.post(`/api/house/${ben.house.house_id}/leave`)).statusCode).toBe(200);
    expect((await cleoDav.request('GET', benHref.replace('/ben/', '/cleo/'))).statusCode).toBe(404);
    const home = await propfind(cleoDav, '/dav/calendars/cleo/', '1', '<d:displayname/>');
    expect(home.body).not.toContain('/house/');
  });
});
