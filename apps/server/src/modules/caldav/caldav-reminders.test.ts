import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housemateOf, memberOfNewHouse, profile, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { appPassword, CAL, davClient, ics, reminder, todoQuery, XML } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe(`CalDAV to-dos: personal reminders (${testEngine})`, () => {
  it("keeps each person's reminders in a collection only they can reach, with or without a house", async () => {
    const ann = await memberOfNewHouse(t, 'ann');
    const bob = await housemateOf(t, 'bob', ann.house.house_code);
    const annDav = davClient(t, 'ann', await appPassword(ann.client));
    const bobDav = davClient(t, 'bob', await appPassword(bob.client));
    const mine = (await ann.client.post('/api/reminder/', reminder('Ann private pills'))).json();

    const own = await annDav.request('REPORT', '/dav/calendars/ann/reminders/', {
      headers: { ...XML, depth: '1' },
      body: todoQuery,
    });
    expect(own.statusCode).toBe(207);
    expect(own.body).toContain('SUMMARY:Ann private pills');
    const bobs = await bobDav.request('REPORT', '/dav/calendars/bob/reminders/', {
      headers: { ...XML, depth: '1' },
      body: todoQuery,
    });
    expect(bobs.body).not.toContain('Ann private pills');
    expect(
      (await bobDav.request('GET', `/dav/calendars/bob/reminders/reminder-${mine.reminder_id}.ics`))
        .statusCode,
    ).toBe(404);
    expect(
      (await bobDav.request('GET', `/dav/calendars/ann/reminders/reminder-${mine.reminder_id}.ics`))
        .statusCode,
    ).toBe(404);
    expect(
      (await bobDav.request('DELETE', `/dav/calendars/bob/reminders/reminder-${mine.reminder_id}.ics`))
        .statusCode,
    ).toBe(404);
    expect((await ann.client.get('/api/reminder/')).json()).toHaveLength(1);

    // Someone without a house has their reminders and nothing of a house.
    const solo = t.as('solo');
    await solo.post('/api/users/', profile('solo'));
    const soloDav = davClient(t, 'solo', await appPassword(solo));
    const home = await soloDav.request('PROPFIND', '/dav/calendars/solo/', {
      headers: { ...XML, depth: '1' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>',
    });
    expect(home.body).toContain('<d:href>/dav/calendars/solo/reminders/</d:href>');
    expect(home.body).toContain('<d:displayname>Reminders</d:displayname>');
    expect(home.body).not.toContain('/house/');
  });

  it('writes a repeating reminder with its zone and RRULE; ticked off, it moves on; a one-off ticked off is done', async () => {
    const cat = await memberOfNewHouse(t, 'cat');
    const dav = davClient(t, 'cat', await appPassword(cat.client));
    const daily = (
      await cat.client.post(
        '/api/reminder/',
        reminder('Water plants', { remind_time: '2030-03-01T07:00:00Z', repeat_interval: 'Daily' }),
      )
    ).json();
    const href = `/dav/calendars/cat/reminders/reminder-${daily.reminder_id}.ics`;
    const got = (await dav.request('GET', href)).body;
    expect(got).toContain('RRULE:FREQ=DAILY');
    expect(got).toContain('DUE;TZID=Europe/Berlin:20300301T080000');
    expect(got).toContain('BEGIN:VTIMEZONE');

    const ticked = await dav.request('PUT', href, {
      headers: CAL,
      body: got.replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED'),
    });
    expect(ticked.statusCode, ticked.body).toBe(204);
    const [moved] = (await cat.client.get('/api/reminder/')).json();
    expect(moved.next_remind_time).toBe('2030-03-02T07:00:00.000Z');
    expect(moved.repeat_interval).toBe('Daily');
    expect((await dav.request('GET', href)).body).toContain('DUE;TZID=Europe/Berlin:20300302T080000');

    const once = (await cat.client.post('/api/reminder/', reminder('Call the plumber'))).json();
    const onceHref = `/dav/calendars/cat/reminders/reminder-${once.reminder_id}.ics`;
    const text = (await dav.request('GET', onceHref)).body;
    const done = await dav.request('PUT', onceHref, {
      headers: CAL,
      body: text.replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED'),
    });
    expect(done.statusCode).toBe(204);
    expect((await cat.client.get('/api/reminder/')).json().map((r: { title: string }) => r.title)).toEqual([
      'Water plants',
    ]);
  });

  it('takes a to-do made on the phone as a reminder, repeats and all', async () => {
    const dan = await memberOfNewHouse(t, 'dan');
    const dav = davClient(t, 'dan', await appPassword(dan.client));
    const body = ics(
      'BEGIN:VTODO',
      'UID:gym@phone',
      'SUMMARY:Gym',
      'DUE;TZID=Europe/Berlin:20300304T180000',
      'RRULE:FREQ=WEEKLY',
      'END:VTODO',
    );
    const put = await dav.request('PUT', '/dav/calendars/dan/reminders/gym.ics', { headers: CAL, body });
    expect(put.statusCode, put.body).toBe(201);
    const [made] = (await dan.client.get('/api/reminder/')).json();
    expect(made).toMatchObject({
      title: 'Gym',
      remind_time: '2030-03-04T17:00:00.000Z',
      repeat_interval: 'Weekly',
      time_zone: 'Europe/Berlin',
    });
    expect((await dav.request('GET', '/dav/calendars/dan/reminders/gym.ics')).body).toContain(
      'UID:gym@phone',
    );
    const odd = await dav.request('PUT', '/dav/calendars/dan/reminders/odd.ics', {
      headers: CAL,
      body: body.replace('UID:gym@phone', 'UID:odd@phone').replace('FREQ=WEEKLY', 'FREQ=WEEKLY;INTERVAL=2'),
    });
    expect(odd.statusCode).toBe(403);
    expect((await dan.client.get('/api/reminder/')).json()).toHaveLength(1);
  });
});
