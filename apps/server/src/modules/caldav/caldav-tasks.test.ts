import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { appPassword, CAL, davClient, ics, todoQuery, weeklyBins, XML } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const syncReport = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

/** Two housemates, each with a calendar app. */
async function household(a: string, b: string) {
  const first = await memberOfNewHouse(t, a, `${a} & ${b}`);
  const second = await housemateOf(t, b, first.house.house_code);
  return {
    house: first.house,
    a: { ...first, dav: davClient(t, a, await appPassword(first.client)), home: `/dav/calendars/${a}/` },
    b: { ...second, dav: davClient(t, b, await appPassword(second.client)), home: `/dav/calendars/${b}/` },
  };
}

describe(`CalDAV to-dos: house tasks (${testEngine})`, () => {
  it("lists a tasks collection of to-dos, named in the person's language", async () => {
    const { a, b } = await household('tia', 'tom');
    await t.testDb.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('user_id', '=', b.user.user_id)
      .execute();
    const body =
      '<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:displayname/><c:supported-calendar-component-set/></d:prop></d:propfind>';
    const en = await a.dav.request('PROPFIND', a.home, { headers: { ...XML, depth: '1' }, body });
    expect(en.body).toContain(`<d:href>${a.home}tasks/</d:href>`);
    expect(en.body).toContain('<d:displayname>Tasks</d:displayname>');
    expect(en.body).toContain('<c:comp name="VTODO"/>');
    const de = await b.dav.request('PROPFIND', b.home, { headers: { ...XML, depth: '1' }, body });
    expect(de.body).toContain('<d:displayname>Aufgaben</d:displayname>');
  });

  it('ticked off on the phone is Done by that person: the rotation moves on and the to-do shows the next one', async () => {
    const { a, b } = await household('rosa', 'ravi');
    const made = await a.client.post(
      '/api/task/',
      weeklyBins([a.user.user_id, b.user.user_id], { notes: 'Blue bin on Tuesdays' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const taskId = made.json().task_id;
    const href = `${a.home}tasks/task-${taskId}.ics`;

    const listed = await a.dav.request('REPORT', `${a.home}tasks/`, {
      headers: { ...XML, depth: '1' },
      body: todoQuery,
    });
    expect(listed.statusCode).toBe(207);
    expect(listed.body).toContain('SUMMARY:Bins');
    expect(listed.body).toContain('DESCRIPTION:Blue bin on Tuesdays');
    expect(listed.body).toContain('DUE:20300107T180000Z');
    expect(listed.body).toContain(`X-HEARTH-ASSIGNEE-ID:${a.user.user_id}`);

    const original = (await a.dav.request('GET', href)).body;
    const ticked = original.replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED\r\nCOMPLETED:20300107T190000Z');
    const put = await a.dav.request('PUT', href, { headers: CAL, body: ticked });
    expect(put.statusCode, put.body).toBe(204);

    const [task] = (await a.client.get('/api/task/')).json();
    expect(task).toMatchObject({
      task_id: taskId,
      due_at: '2030-01-14T18:00:00.000Z',
      assignee_id: b.user.user_id,
    });
    const history = (await a.client.get(`/api/task/${taskId}/history`)).json();
    // A COMPLETED time in the future counts as now (a done is never dated ahead).
    expect(history[0]).toMatchObject({ done_by: a.user.user_id, skipped: false });
    expect(Date.parse(history[0].done_at)).toBeLessThanOrEqual(Date.now());

    const after = (await b.dav.request('GET', `${b.home}tasks/task-${taskId}.ics`)).body;
    expect(after).toContain('DUE:20300114T180000Z');
    expect(after).toContain('STATUS:NEEDS-ACTION');
    expect(after).toContain(`X-HEARTH-ASSIGNEE-ID:${b.user.user_id}`);
  });

  it('makes a to-do from the phone a one-off task of its creator; done, it leaves and sync says so; deleting deletes', async () => {
    const { a, b } = await household('uma', 'udo');
    const first = await b.dav.request('REPORT', `${b.home}tasks/`, { headers: XML, body: syncReport('') });
    const token = /<d:sync-token>([^<]+)</.exec(first.body)?.[1] ?? '';
    const todo = ics(
      'BEGIN:VTODO',
      'UID:milk@phone',
      'SUMMARY:Buy milk',
      'DUE:20300102T100000Z',
      'PRIORITY:1',
      'END:VTODO',
    );
    const put = await b.dav.request('PUT', `${b.home}tasks/milk.ics`, {
      headers: { ...CAL, 'if-none-match': '*' },
      body: todo,
    });
    expect(put.statusCode, put.body).toBe(201);
    const [task] = (await a.client.get('/api/task/')).json();
    expect(task).toMatchObject({
      title: 'Buy milk',
      assignee_id: b.user.user_id,
      rotation: 'fixed',
      due_at: '2030-01-02T10:00:00.000Z',
    });
    expect(task.repeat.every).toBe('none');
    const got = await b.dav.request('GET', `${b.home}tasks/milk.ics`);
    expect(got.body).toContain('UID:milk@phone');
    expect(got.body).toContain('PRIORITY:1');

    const event = ics('BEGIN:VEVENT', 'UID:e@phone', 'DTSTART:20300101T100000Z', 'SUMMARY:No', 'END:VEVENT');
    const wrong = await b.dav.request('PUT', `${b.home}tasks/event.ics`, { headers: CAL, body: event });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain(':supported-calendar-component');

    const done = await b.dav.request('PUT', `${b.home}tasks/milk.ics`, {
      headers: CAL,
      body: todo.replace('PRIORITY:1', 'PRIORITY:1\r\nSTATUS:COMPLETED'),
    });
    expect(done.statusCode).toBe(204);
    expect((await a.client.get('/api/task/')).json()).toEqual([]);
    const sync = await b.dav.request('REPORT', `${b.home}tasks/`, { headers: XML, body: syncReport(token) });
    expect(sync.body).toContain(`<d:href>${b.home}tasks/milk.ics</d:href><d:status>HTTP/1.1 404 Not Found`);

    const other = await a.client.post('/api/task/', {
      title: 'Hoover',
      due_at: '2030-01-03T10:00:00Z',
      assignee_id: a.user.user_id,
    });
    const href = `${a.home}tasks/task-${other.json().task_id}.ics`;
    expect((await a.dav.request('DELETE', href)).statusCode).toBe(204);
    expect((await a.client.get('/api/task/')).json()).toEqual([]);
    const sync2 = await a.dav.request('REPORT', `${a.home}tasks/`, { headers: XML, body: syncReport(token) });
    expect(sync2.body).toContain(`<d:href>${href}</d:href><d:status>HTTP/1.1 404 Not Found`);
  });
});
