import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housemateOf, memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { appPassword, houseEvent, reminder, weeklyBins } from './test-helpers.js';

/**
 * Real calendar apps from Debian (python3-caldav, the library Home Assistant uses, and vdirsyncer)
 * against a listening Hearth. Both are installed by scripts/install-test-deps.sh; when one is missing
 * this file fails rather than skips, so a run without them cannot pass as if it had tried.
 */
const run = promisify(execFile);
// Debian's own interpreter: the packages live in its dist-packages, not in a pyenv or venv on PATH.
const PYTHON = '/usr/bin/python3';
const CLIENT_SCRIPT = join(import.meta.dirname, 'clients', 'caldav_client.py');

let t: TestApp;
let base: string;
let work: string;

beforeAll(async () => {
  try {
    await run(PYTHON, ['-c', 'import caldav']);
    await run('vdirsyncer', ['--version']);
  } catch (err) {
    throw new Error(
      `python3-caldav and vdirsyncer are needed for this test: run scripts/install-test-deps.sh (${String(err)})`,
    );
  }
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  work = await mkdtemp(join(tmpdir(), 'hearth-dav-'));
}, 30_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

async function events(client: { get(url: string): Promise<{ json(): unknown }> }) {
  const res = await client.get('/api/event/?from=2029-12-01T00:00:00Z&to=2030-03-01T00:00:00Z');
  return res.json() as Array<Record<string, unknown>>;
}

/** Two houses: Ana and Bob share Willow Court, Cara lives in Elm Row; each has a calendar app. */
async function people() {
  const ana = await memberOfNewHouse(t, 'ana', 'Willow Court');
  const bob = await housemateOf(t, 'bob', ana.house.house_code);
  const cara = await memberOfNewHouse(t, 'cara', 'Elm Row');
  // A password made and then removed in Settings: the phone that had it is signed out.
  const revoked = await appPassword(ana.client);
  const [made] = (await ana.client.get('/api/app-password/')).json() as Array<{ app_password_id: string }>;
  expect((await ana.client.delete(`/api/app-password/${made?.app_password_id}`)).statusCode).toBeLessThan(
    300,
  );
  return {
    ana: { ...ana, password: await appPassword(ana.client) },
    bob: { ...bob, password: await appPassword(bob.client) },
    cara: { ...cara, password: await appPassword(cara.client) },
    revoked,
  };
}

describe(`CalDAV with real clients (${testEngine})`, () => {
  let folks: Awaited<ReturnType<typeof people>>;
  beforeAll(async () => {
    folks = await people();
  });

  it('python-caldav: discovery, a series with a changed occurrence, a stale ETag, a task ticked off, and what stays out of reach', async () => {
    const { ana, bob, cara, revoked } = folks;
    const task = await ana.client.post('/api/task/', weeklyBins([ana.user.user_id, bob.user.user_id]));
    expect(task.statusCode, task.body).toBe(201);
    const taskId = task.json().task_id;
    const bobReminder = await bob.client.post('/api/reminder/', reminder('Bob private pills'));
    expect(bobReminder.statusCode, bobReminder.body).toBe(201);
    const caraEvent = await cara.client.post(
      '/api/event/',
      houseEvent(cara.house.house_id, 'Cara secret', '2030-01-10T10:00:00Z', '2030-01-10T11:00:00Z'),
    );
    expect(caraEvent.statusCode, caraEvent.body).toBe(201);

    const args = {
      base,
      ana: { username: 'ana', password: ana.password },
      revoked_password: revoked,
      bob_username: 'bob',
      bob_reminder_href: `/dav/calendars/bob/reminders/reminder-${bobReminder.json().reminder_id}.ics`,
      cara_username: 'cara',
      cara_event_href: `/dav/calendars/cara/house/event-${caraEvent.json().event_id}.ics`,
    };
    const { stdout } = await run(PYTHON, [CLIENT_SCRIPT, JSON.stringify(args)], { timeout: 30_000 });
    const seen = JSON.parse(stdout);

    // Discovery from the server root: principal, home, and the three calendars with their names.
    expect(seen.principal).toBe(`${base}/dav/principals/ana/`);
    expect(seen.home).toBe(`${base}/dav/calendars/ana/`);
    expect(seen.calendars).toEqual([
      { url: `${base}/dav/calendars/ana/house/`, name: 'Willow Court', components: ['VEVENT'] },
      { url: `${base}/dav/calendars/ana/reminders/`, name: 'Reminders', components: ['VTODO'] },
      { url: `${base}/dav/calendars/ana/tasks/`, name: 'Tasks', components: ['VTODO'] },
    ]);

    // The series and its changed occurrence, read back through Hearth's API.
    expect(seen.event_has_rrule).toBe(true);
    expect(seen.event_has_override).toBe(true);
    const occurrences = await events(ana.client);
    expect(
      occurrences.filter((o) => String(o.title).startsWith('Yoga')).map((o) => [o.start_datetime, o.title]),
    ).toEqual([
      ['2030-01-07T17:00:00.000Z', 'Yoga'],
      ['2030-01-14T19:00:00.000Z', 'Yoga (late)'],
      ['2030-01-21T17:00:00.000Z', 'Yoga'],
      ['2030-01-28T17:00:00.000Z', 'Yoga'],
    ]);
    // Bob sees the same series: a CalDAV write is a house write.
    expect((await events(bob.client)).filter((o) => o.title === 'Yoga (late)')).toHaveLength(1);

    // A PUT with the ETag from before the change: 412, and nothing changed.
    expect(seen.stale_etag).toMatch(/^"/);
    expect(seen.stale_put_status).toBe(412);
    expect(occurrences.some((o) => o.title === 'Yoga (stale)')).toBe(false);
    expect((await events(ana.client)).some((o) => o.title === 'Yoga (stale)')).toBe(false);

    // The to-do ticked off is Done by Ana: Bob's turn, a week later, and the client shows that.
    const [after] = (await ana.client.get('/api/task/')).json();
    expect(after).toMatchObject({
      task_id: taskId,
      due_at: '2030-01-14T18:00:00.000Z',
      assignee_id: bob.user.user_id,
    });
    const history = (await ana.client.get(`/api/task/${taskId}/history`)).json();
    expect(history[0]).toMatchObject({ done_by: ana.user.user_id, skipped: false });
    expect(seen.todo_after).toContain('DUE:20300114T180000Z');
    expect(seen.todo_after).toContain('STATUS:NEEDS-ACTION');

    // Out of reach: Bob's reminders, Cara's house, and a removed app password.
    expect(seen.housemate_reminders).toMatch(/NotFoundError|AuthorizationError/);
    expect(seen.housemate_reminder_status).toBe(404);
    expect(seen.housemate_reminder_under_own_status).toBe(404);
    expect(seen.other_house_calendar).toMatch(/NotFoundError|AuthorizationError/);
    expect(seen.other_house_object_status).toBe(404);
    expect(seen.other_house_under_own_status).toBe(404);
    expect(seen.revoked).toBe('AuthorizationError');
  }, 45_000);

  it('vdirsyncer: discover and a two-way sync between Hearth and a folder of .ics files', async () => {
    const { ana } = folks;
    const made = await ana.client.post(
      '/api/event/',
      houseEvent(ana.house.house_id, 'Window cleaner', '2030-02-01T09:00:00Z', '2030-02-01T10:00:00Z'),
    );
    expect(made.statusCode, made.body).toBe(201);
    const local = join(work, 'calendars');
    const config = join(work, 'config');
    await mkdir(local);
    await writeFile(
      config,
      [
        '[general]',
        `status_path = "${join(work, 'status')}/"`,
        '[pair hearth]',
        'a = "hearth_local"',
        'b = "hearth_remote"',
        'collections = ["from b"]',
        'conflict_resolution = "b wins"',
        '[storage hearth_local]',
        'type = "filesystem"',
        `path = "${local}/"`,
        'fileext = ".ics"',
        '[storage hearth_remote]',
        'type = "caldav"',
        `url = "${base}/"`,
        'username = "ana"',
        `password = "${ana.password}"`,
        '',
      ].join('\n'),
    );
    const vdirsyncer = (...argv: string[]) =>
      run('vdirsyncer', ['-c', config, ...argv], {
        timeout: 30_000,
        env: { ...process.env, LANG: 'C.UTF-8' },
      });
    // Discovery asks before making the local folders; the answer is yes.
    const discover = vdirsyncer('discover');
    discover.child.stdin?.end('y\ny\ny\n');
    await discover;
    expect((await readdir(local)).sort()).toEqual(['house', 'reminders', 'tasks']);

    await vdirsyncer('sync');
    const house = join(local, 'house');
    const pulled = await Promise.all((await readdir(house)).map((f) => readFile(join(house, f), 'utf8')));
    expect(pulled.some((text) => text.includes('SUMMARY:Window cleaner'))).toBe(true);
    expect(pulled.some((text) => text.includes('RRULE:FREQ=WEEKLY;COUNT=4'))).toBe(true);

    // Both ways: a file written locally reaches Hearth, an event made in Hearth becomes a file.
    await writeFile(
      join(house, 'picnic.ics'),
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//vdirsyncer test//EN',
        'BEGIN:VEVENT',
        'UID:picnic@vdirsyncer',
        'DTSTAMP:20261128T100000Z',
        'DTSTART:20300203T120000Z',
        'DTEND:20300203T150000Z',
        'SUMMARY:Picnic',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const plumber = await ana.client.post(
      '/api/event/',
      houseEvent(ana.house.house_id, 'Plumber', '2030-02-04T08:00:00Z', '2030-02-04T09:00:00Z'),
    );
    expect(plumber.statusCode, plumber.body).toBe(201);
    await vdirsyncer('sync');

    expect((await events(ana.client)).find((e) => e.title === 'Picnic')).toMatchObject({
      start_datetime: '2030-02-03T12:00:00.000Z',
      end_datetime: '2030-02-03T15:00:00.000Z',
    });
    const files = await Promise.all((await readdir(house)).map((f) => readFile(join(house, f), 'utf8')));
    expect(files.filter((text) => text.includes('SUMMARY:Plumber'))).toHaveLength(1);
    expect(files.filter((text) => text.includes('SUMMARY:Picnic'))).toHaveLength(1);
  }, 45_000);
});
