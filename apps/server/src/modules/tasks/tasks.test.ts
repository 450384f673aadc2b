import type { Task, TaskHistoryItem, TaskInput } from '@hearth/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/tables.js';
import { type ApiClient, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface Household {
  members: UserRow[];
  clients: ApiClient[];
}

async function household(size = 2): Promise<Household> {
  const { members } = await t.factory.household(size);
  return { members, clients: members.map((m) => t.as(m.subject)) };
}

/** An instant `ms` from now, on a whole minute, as UTC ISO. */
function fromNow(ms: number): string {
  return new Date(Math.floor((Date.now() + ms) / 60_000) * 60_000).toISOString();
}

async function create(
  c: ApiClient,
  body: Partial<TaskInput> & { assignee_id?: number | null },
): Promise<Task> {
  const res = await c.post('/api/task/', { title: 'Bins out', due_at: fromNow(2 * DAY), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function act(
  c: ApiClient,
  taskId: number,
  what: 'done' | 'skip' | 'undo',
  body?: unknown,
): Promise<Task> {
  const res = await c.post(`/api/task/${taskId}/${what}`, body ?? {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function list(c: ApiClient): Promise<Task[]> {
  const res = await c.get('/api/task/');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const weekly = { every: 'weeks' as const, interval: 1, weekdays: [0, 1, 2, 3, 4, 5, 6] };

describe('creating and editing tasks', () => {
  it('creates a fixed task with defaults and shows it to the whole house', async () => {
    const { members, clients } = await household(2);
    const due = fromNow(3 * DAY);
    const task = await create(clients[0]!, {
      title: '  Water plants ',
      due_at: due,
      assignee_id: members[1]!.user_id,
    });
    expect(task).toEqual({
      task_id: expect.any(Number),
      title: 'Water plants',
      notes: null,
      effort: 1,
      time_zone: 'UTC',
      due_at: due,
      repeat: { every: 'none', interval: null, weekdays: null, month_day: null },
      rotation: 'fixed',
      pool: [members[1]!.user_id],
      assignee_id: members[1]!.user_id,
      assignee_away: false,
      overdue: false,
      completed: false,
      last_done_at: null,
      last_done_by: null,
    });
    expect(await list(clients[1]!)).toEqual([task]);
  });

  it('moves a weekly task to the first chosen weekday at or after its due date, keeping the local time', async () => {
    const { members, clients } = await household(1);
    // Wednesday 2 December 2026, 18:00 in Berlin; Mondays and Thursdays: Thursday the 3rd.
    const task = await create(clients[0]!, {
      due_at: '2026-12-02T18:00:00+01:00',
      time_zone: 'Europe/Berlin',
      repeat: { every: 'weeks', interval: 2, weekdays: [4, 1], month_day: 12 },
      assignee_id: members[0]!.user_id,
    });
    expect(task.due_at).toBe('2026-12-03T17:00:00.000Z');
    expect(task.repeat).toEqual({ every: 'weeks', interval: 2, weekdays: [1, 4], month_day: null });
  });

  it('keeps 18:00 local across the spring change when a weekly task is done', async () => {
    const { members, clients } = await household(1);
    const task = await create(clients[0]!, {
      due_at: '2027-03-22T18:00:00+01:00',
      time_zone: 'Europe/Berlin',
      repeat: { every: 'weeks', interval: 1, weekdays: [1] },
      assignee_id: members[0]!.user_id,
    });
    const done = await act(clients[0]!, task.task_id, 'done');
    expect(done.due_at).toBe('2027-03-29T16:00:00.000Z');
  });

  it('replaces a task on PUT and keeps its zone when none is sent', async () => {
    const { members, clients } = await household(2);
    const task = await create(clients[0]!, { time_zone: 'Europe/Berlin', assignee_id: members[0]!.user_id });
    const res = await clients[1]!.put(`/api/task/${task.task_id}`, {
      title: 'Hoover',
      notes: 'Stairs too',
      effort: 4,
      due_at: task.due_at,
      repeat: { every: 'months', interval: 1, month_day: -1 },
      rotation: 'round_robin',
      pool: [members[1]!.user_id, members[0]!.user_id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Task = res.json();
    expect(updated).toMatchObject({
      title: 'Hoover',
      notes: 'Stairs too',
      effort: 4,
      time_zone: 'Europe/Berlin',
      rotation: 'round_robin',
      pool: [members[1]!.user_id, members[0]!.user_id],
      // Still in the pool, so still on turn.
      assignee_id: members[0]!.user_id,
      repeat: { every: 'months', interval: 1, weekdays: null, month_day: -1 },
    });
    const local = DateTime.fromISO(updated.due_at, { zone: 'Europe/Berlin' });
    expect(local.day).toBe(local.daysInMonth);
  });

  it('deletes a task for the house', async () => {
    const { members, clients } = await household(2);
    const task = await create(clients[0]!, { assignee_id: members[0]!.user_id });
    expect((await clients[1]!.delete(`/api/task/${task.task_id}`)).json()).toEqual({ ok: true });
    expect(await list(clients[0]!)).toEqual([]);
    expect((await clients[1]!.delete(`/api/task/${task.task_id}`)).statusCode).toBe(404);
  });

  it('lists the house’s members with their names for pools and turns', async () => {
    const { members, clients } = await household(2);
    await household(1);
    const res = await clients[1]!.get('/api/task/members');
    expect(res.json()).toEqual(
      members.map((m) => ({
        user_id: m.user_id,
        username: m.username,
        first_name: m.first_name,
        last_name: m.last_name,
        profile_img: null,
      })),
    );
  });

  it('answers 403 house_required to someone without a house', async () => {
    const loner = await t.factory.user();
    const res = await t.as(loner.subject).get('/api/task/');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('house_required');
  });
});

describe('refusing bad input, changing nothing', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a blank title', { title: '   ' }, 'title'],
    ['a title over 120', { title: 'x'.repeat(121) }, 'title'],
    ['notes over 2,000', { notes: 'x'.repeat(2001) }, 'notes'],
    ['effort 0', { effort: 0 }, 'effort'],
    ['effort 6', { effort: 6 }, 'effort'],
    ['weeks with no weekday', { repeat: { every: 'weeks', interval: 1, weekdays: [] } }, 'repeat.weekdays'],
    ['weeks without weekdays', { repeat: { every: 'weeks', interval: 1 } }, 'repeat.weekdays'],
    ['interval 0', { repeat: { every: 'days', interval: 0 } }, 'repeat.interval'],
    ['no interval', { repeat: { every: 'days_after_done' } }, 'repeat.interval'],
    ['month_day 0', { repeat: { every: 'months', interval: 1, month_day: 0 } }, 'repeat.month_day'],
    ['month_day 32', { repeat: { every: 'months', interval: 1, month_day: 32 } }, 'repeat.month_day'],
    ['an unknown kind of repeat', { repeat: { every: 'fortnightly', interval: 1 } }, 'repeat.every'],
    ['an unknown zone', { time_zone: 'Mars/Olympus' }, 'time_zone'],
    ['a due time without offset', { due_at: '2026-12-01T18:00' }, 'due_at'],
    ['no due time', { due_at: undefined }, 'due_at'],
    ['fixed with no assignee', { assignee_id: null }, 'assignee_id'],
    ['an empty pool', { rotation: 'round_robin', pool: [] }, 'pool'],
    ['a pool naming someone twice', { rotation: 'round_robin', pool: 'twice' }, 'pool'],
    ['a pool with a stranger', { rotation: 'round_robin', pool: 'stranger' }, 'pool'],
    ['a fixed assignee who is a stranger', { assignee_id: 'stranger' }, 'assignee_id'],
    [
      'a starter outside the pool',
      { rotation: 'round_robin', pool: 'me', assignee_id: 'mate' },
      'assignee_id',
    ],
    ['an unknown rotation', { rotation: 'lottery' }, 'rotation'],
  ];

  it.each(cases)('refuses %s with a 400 naming %s', async (_name, override, field) => {
    const { members, clients } = await household(2);
    const stranger = await t.factory.user();
    const ids = { me: members[0]!.user_id, mate: members[1]!.user_id, stranger: stranger.user_id };
    const resolve = (v: unknown): unknown => {
      if (v === 'stranger') return ids.stranger;
      if (v === 'mate') return ids.mate;
      if (v === 'me') return [ids.me];
      if (v === 'twice') return [ids.me, ids.me];
      return v;
    };
    const body: Record<string, unknown> = { title: 'Bins', due_at: fromNow(DAY), assignee_id: ids.me };
    for (const [key, value] of Object.entries(override)) body[key] = resolve(value);
    if (override.pool === 'stranger') body.pool = [ids.me, ids.stranger];

    const res = await clients[0]!.post('/api/task/', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(await list(clients[0]!)).toEqual([]);

    // The same body on an edit leaves the task as it was.
    const task = await create(clients[0]!, { assignee_id: ids.me });
    const put = await clients[0]!.put(`/api/task/${task.task_id}`, body);
    expect(put.statusCode).toBe(400);
    expect(put.json().error.field).toBe(field);
    expect(await list(clients[0]!)).toEqual([task]);
  });

  it('refuses a done_at in the future or not an instant', async () => {
    const { members, clients } = await household(1);
    const task = await create(clients[0]!, { assignee_id: members[0]!.user_id });
    for (const done_at of [fromNow(DAY), 'yesterday']) {
      const res = await clients[0]!.post(`/api/task/${task.task_id}/done`, { done_at });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('done_at');
    }
    expect(await list(clients[0]!)).toEqual([task]);
  });
});

describe('done, skip and undo', () => {
  it('round robin passes the turn to the member after whoever did it, and records who did it', async () => {
    const { members, clients } = await household(3);
    const [a, b, c] = members.map((m) => m.user_id) as [number, number, number];
    const task = await create(clients[0]!, {
      repeat: weekly,
      rotation: 'round_robin',
      pool: [a, b, c],
    });
    expect(task.assignee_id).toBe(a);
    const afterA = await act(clients[0]!, task.task_id, 'done');
    expect(afterA.assignee_id).toBe(b);
    expect(afterA.last_done_by).toBe(a);
    expect(Date.parse(afterA.due_at) - Date.parse(task.due_at)).toBe(DAY);
    // Anyone may mark it done: c does b's turn, so a is next.
    const afterC = await act(clients[2]!, task.task_id, 'done');
    expect(afterC.assignee_id).toBe(a);
    expect(afterC.last_done_by).toBe(c);
    expect((await list(clients[1]!))[0]).toEqual(afterC);
  });

  it('starts round robin with the chosen member', async () => {
    const { members, clients } = await household(2);
    const [a, b] = members.map((m) => m.user_id) as [number, number];
    const task = await create(clients[0]!, {
      repeat: weekly,
      rotation: 'round_robin',
      pool: [a, b],
      assignee_id: b,
    });
    expect(task.assignee_id).toBe(b);
  });

  it('moves a late task to the first occurrence after now, without a backlog', async () => {
    const { members, clients } = await household(1);
    const due = fromNow(-5 * DAY - 2 * HOUR);
    const task = await create(clients[0]!, {
      due_at: due,
      repeat: { every: 'days', interval: 1 },
      assignee_id: members[0]!.user_id,
    });
    expect(task.overdue).toBe(true);
    const done = await act(clients[0]!, task.task_id, 'done');
    expect(done.overdue).toBe(false);
    expect(Date.parse(done.due_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(done.due_at)).toBeLessThanOrEqual(Date.now() + DAY);
    expect(new Date(done.due_at).getUTCMinutes()).toBe(new Date(due).getUTCMinutes());
  });

  it('counts days after done from the day it was done, at the task’s time of day', async () => {
    const { members, clients } = await household(1);
    const task = await create(clients[0]!, {
      due_at: '2026-12-30T07:30:00+01:00',
      time_zone: 'Europe/Paris',
      repeat: { every: 'days_after_done', interval: 3 },
      assignee_id: members[0]!.user_id,
    });
    const doneAt = DateTime.now().setZone('Europe/Paris').minus({ days: 1 }).set({ hour: 22, minute: 0 });
    const done = await act(clients[0]!, task.task_id, 'done', { done_at: doneAt.toISO() });
    const next = DateTime.fromISO(done.due_at, { zone: 'Europe/Paris' });
    expect(next.toFormat('HH:mm')).toBe('07:30');
    expect(next.toISODate()).toBe(doneAt.plus({ days: 3 }).toISODate());
    expect(done.last_done_at).toBe(doneAt.toUTC().toISO());
  });

  it('takes a one-off task out of the list once done; history keeps it and undo brings it back', async () => {
    const { members, clients } = await household(2);
    const task = await create(clients[0]!, { assignee_id: members[0]!.user_id });
    const done = await act(clients[1]!, task.task_id, 'done');
    expect(done).toMatchObject({ completed: true, last_done_by: members[1]!.user_id, overdue: false });
    expect(await list(clients[0]!)).toEqual([]);
    const history = (await clients[0]!.get(`/api/task/${task.task_id}/history`)).json();
    expect(history).toEqual([
      {
        history_id: expect.any(Number),
        done_at: done.last_done_at,
        done_by: members[1]!.user_id,
        skipped: false,
      },
    ]);
    const again = await clients[0]!.post(`/api/task/${task.task_id}/done`, {});
    expect(again.statusCode).toBe(400);
    const undone = await act(clients[0]!, task.task_id, 'undo');
    expect(undone).toEqual(task);
    expect(await list(clients[0]!)).toEqual([task]);
  });

  it('skips to the next occurrence with the same assignee, crediting nobody; a one-off cannot be skipped', async () => {
    const { members, clients } = await household(2);
    const [a, b] = members.map((m) => m.user_id) as [number, number];
    const task = await create(clients[0]!, { repeat: weekly, rotation: 'round_robin', pool: [a, b] });
    const skipped = await act(clients[1]!, task.task_id, 'skip');
    expect(skipped.assignee_id).toBe(a);
    expect(Date.parse(skipped.due_at) - Date.parse(task.due_at)).toBe(DAY);
    expect(skipped.last_done_at).toBeNull();
    const history: TaskHistoryItem[] = (await clients[0]!.get(`/api/task/${task.task_id}/history`)).json();
    expect(history).toEqual([
      { history_id: expect.any(Number), done_at: expect.any(String), done_by: b, skipped: true },
    ]);
    const stats = (await clients[0]!.get('/api/task/stats')).json();
    expect(stats.every((s: { done_count: number }) => s.done_count === 0)).toBe(true);

    const oneOff = await create(clients[0]!, { assignee_id: a });
    const res = await clients[0]!.post(`/api/task/${oneOff.task_id}/skip`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('repeat');
  });

  it('undo reverts the newest done or skip and removes it from history; repeated undos walk back', async () => {
    const { members, clients } = await household(2);
    const [a, b] = members.map((m) => m.user_id) as [number, number];
    const start = await create(clients[0]!, { repeat: weekly, rotation: 'round_robin', pool: [a, b] });
    const first = await act(clients[0]!, start.task_id, 'done');
    const second = await act(clients[1]!, start.task_id, 'skip');
    expect(await act(clients[1]!, start.task_id, 'undo')).toEqual(first);
    expect(await act(clients[0]!, start.task_id, 'undo')).toEqual(start);
    expect((await clients[0]!.get(`/api/task/${start.task_id}/history`)).json()).toEqual([]);
    const none = await clients[0]!.post(`/api/task/${start.task_id}/undo`, {});
    expect(none.statusCode).toBe(400);
    expect(second.assignee_id).toBe(b);
  });

  it('pages the history newest first with limit and a before cursor', async () => {
    const { members, clients } = await household(1);
    const task = await create(clients[0]!, { repeat: weekly, assignee_id: members[0]!.user_id });
    for (let i = 0; i < 5; i++) await act(clients[0]!, task.task_id, i === 2 ? 'skip' : 'done');
    const all: TaskHistoryItem[] = (await clients[0]!.get(`/api/task/${task.task_id}/history`)).json();
    expect(all.map((h) => h.skipped)).toEqual([false, false, true, false, false]);
    expect(all.map((h) => h.history_id)).toEqual([...all.map((h) => h.history_id)].sort((x, y) => y - x));
    const page1: TaskHistoryItem[] = (
      await clients[0]!.get(`/api/task/${task.task_id}/history?limit=2`)
    ).json();
    const page2: TaskHistoryItem[] = (
      await clients[0]!.get(`/api/task/${task.task_id}/history?limit=2&before=${page1.at(-1)!.history_id}`)
    ).json();
    expect([...page1, ...page2]).toEqual(all.slice(0, 4));
    const bad = await clients[0]!.get(`/api/task/${task.task_id}/history?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('limit');
  });
});

describe('fairness', () => {
  it('lists every member with dones and effort over the window, zero included', async () => {
    const { members, clients } = await household(3);
    const [a, b, c] = members.map((m) => m.user_id) as [number, number, number];
    const heavy = await create(clients[0]!, { effort: 4, repeat: weekly, assignee_id: a });
    const light = await create(clients[0]!, { effort: 1, repeat: weekly, assignee_id: a });
    await act(clients[0]!, heavy.task_id, 'done');
    await act(clients[1]!, light.task_id, 'done');
    await act(clients[1]!, light.task_id, 'done');
    // Done 40 days ago: outside 30 days, inside 60.
    await act(clients[0]!, light.task_id, 'done', { done_at: fromNow(-40 * DAY) });
    const res = await clients[2]!.get('/api/task/stats?days=30');
    expect(res.json()).toEqual([
      { user_id: a, done_count: 1, effort_done: 4 },
      { user_id: b, done_count: 2, effort_done: 2 },
      { user_id: c, done_count: 0, effort_done: 0 },
    ]);
    const longer = (await clients[2]!.get('/api/task/stats?days=60')).json();
    expect(longer[0]).toEqual({ user_id: a, done_count: 2, effort_done: 5 });
    expect((await clients[2]!.get('/api/task/stats?days=0')).statusCode).toBe(400);
  });

  it('gives a fairest task to the member with the least effort across all the house’s tasks', async () => {
    const { members, clients } = await household(3);
    const [a, b, c] = members.map((m) => m.user_id) as [number, number, number];
    const chore = await create(clients[0]!, { effort: 5, repeat: weekly, assignee_id: a });
    await act(clients[0]!, chore.task_id, 'done'); // a: 5
    const small = await create(clients[1]!, { effort: 2, repeat: weekly, assignee_id: b });
    await act(clients[1]!, small.task_id, 'done'); // b: 2
    const fair = await create(clients[0]!, {
      effort: 3,
      repeat: weekly,
      rotation: 'fairest',
      pool: [a, b, c],
    });
    expect(fair.assignee_id).toBe(c);
    const afterC = await act(clients[2]!, fair.task_id, 'done'); // c: 3
    expect(afterC.assignee_id).toBe(b);
    const afterB = await act(clients[1]!, fair.task_id, 'done'); // b: 5
    // c has 3, the least.
    expect(afterB.assignee_id).toBe(c);
  });
});

describe('away periods', () => {
  it('lists the house’s away periods; each member removes only their own', async () => {
    const { members, clients } = await household(2);
    const res = await clients[0]!.post('/api/away/', { starts_on: '2027-01-10', ends_on: '2027-01-12' });
    expect(res.statusCode, res.body).toBe(201);
    const away = res.json();
    expect(away).toEqual({
      away_id: expect.any(Number),
      user_id: members[0]!.user_id,
      starts_on: '2027-01-10',
      ends_on: '2027-01-12',
    });
    expect((await clients[1]!.get('/api/away/')).json()).toEqual([away]);
    expect((await clients[1]!.delete(`/api/away/${away.away_id}`)).statusCode).toBe(404);
    expect((await clients[0]!.delete(`/api/away/${away.away_id}`)).json()).toEqual({ ok: true });
    expect((await clients[1]!.get('/api/away/')).json()).toEqual([]);
  });

  it.each([
    [{ starts_on: '2027-01-12', ends_on: '2027-01-10' }, 'ends_on'],
    [{ starts_on: '2027-02-30', ends_on: '2027-03-01' }, 'starts_on'],
    [{ starts_on: '2027-01-01', ends_on: 'soon' }, 'ends_on'],
    [{ starts_on: '2027-01-01', ends_on: '2028-06-01' }, 'ends_on'],
    [{ ends_on: '2027-01-01' }, 'starts_on'],
  ])('refuses %j naming %s', async (body, field) => {
    const { clients } = await household(1);
    const res = await clients[0]!.post('/api/away/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
    expect((await clients[0]!.get('/api/away/')).json()).toEqual([]);
  });

  it('skips a member who is away on the due date (both dates included, in the task’s zone)', async () => {
    const { members, clients } = await household(3);
    const [a, b, c] = members.map((m) => m.user_id) as [number, number, number];
    // Due daily at 23:30 in Auckland; the UTC date is a day behind the local one.
    const due = DateTime.now()
      .setZone('Pacific/Auckland')
      .plus({ days: 1 })
      .set({ hour: 23, minute: 30, second: 0, millisecond: 0 });
    const nextLocal = due.plus({ days: 1 }).toISODate()!;
    await clients[1]!.post('/api/away/', { starts_on: nextLocal, ends_on: nextLocal });
    const task = await create(clients[0]!, {
      due_at: due.toISO()!,
      time_zone: 'Pacific/Auckland',
      repeat: { every: 'days', interval: 1 },
      rotation: 'round_robin',
      pool: [a, b, c],
    });
    const done = await act(clients[0]!, task.task_id, 'done');
    expect(done.assignee_id).toBe(c);
    expect(done.assignee_away).toBe(false);
  });

  it('keeps the assignee, with a warning, when every pool member is away', async () => {
    const { members, clients } = await household(2);
    const [a, b] = members.map((m) => m.user_id) as [number, number];
    const due = DateTime.utc().plus({ days: 3 }).startOf('hour');
    const day = due.toISODate()!;
    for (const c of clients) await c.post('/api/away/', { starts_on: day, ends_on: day });
    const task = await create(clients[0]!, {
      due_at: due.toISO()!,
      repeat: weekly,
      rotation: 'round_robin',
      pool: [a, b],
      assignee_id: b,
    });
    expect(task.assignee_id).toBe(b);
    expect(task.assignee_away).toBe(true);
  });

  it('hands on a rotating task when its assignee adds an away period covering its due date', async () => {
    const { members, clients } = await household(2);
    const [a, b] = members.map((m) => m.user_id) as [number, number];
    const task = await create(clients[0]!, { repeat: weekly, rotation: 'round_robin', pool: [a, b] });
    const fixed = await create(clients[0]!, { repeat: weekly, assignee_id: a });
    const day = task.due_at.slice(0, 10);
    await clients[0]!.post('/api/away/', { starts_on: day, ends_on: day });
    const after = await list(clients[1]!);
    expect(after.find((x) => x.task_id === task.task_id)).toMatchObject({
      assignee_id: b,
      assignee_away: false,
    });
    expect(after.find((x) => x.task_id === fixed.task_id)).toMatchObject({
      assignee_id: a,
      assignee_away: true,
    });
  });
});

describe('members who leave', () => {
  it('passes over someone who has left the house when the turn is handed on', async () => {
    const { members, clients } = await household(3);
    const [a, b, c] = members.map((m) => m.user_id) as [number, number, number];
    const task = await create(clients[0]!, { repeat: weekly, rotation: 'round_robin', pool: [a, b, c] });
    await t.testDb.db.updateTable('users').set({ house_id: null }).where('user_id', '=', b).execute();
    const done = await act(clients[0]!, task.task_id, 'done');
    expect(done.assignee_id).toBe(c);
  });
});

describe('the API document', () => {
  it('describes every tasks and away route, with the contract’s schemas', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/task/',
        '/api/task/{task_id}',
        '/api/task/{task_id}/done',
        '/api/task/{task_id}/skip',
        '/api/task/{task_id}/undo',
        '/api/task/{task_id}/history',
        '/api/task/stats',
        '/api/task/members',
        '/api/away/',
        '/api/away/{away_id}',
      ]),
    );
    const create = doc.paths['/api/task/'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'title',
        'notes',
        'effort',
        'time_zone',
        'due_at',
        'repeat',
        'rotation',
        'pool',
      ]),
    );
  });
});

describe('another house', () => {
  it('answers 404 for every task and away id of another house, and changes nothing', async () => {
    const home = await household(1);
    const other = await household(1);
    const task = await create(home.clients[0]!, { repeat: weekly, assignee_id: home.members[0]!.user_id });
    const away = (
      await home.clients[0]!.post('/api/away/', { starts_on: '2027-05-01', ends_on: '2027-05-02' })
    ).json();
    const c = other.clients[0]!;
    const put = { title: 'Mine now', due_at: fromNow(DAY), assignee_id: other.members[0]!.user_id };
    const answers = await Promise.all([
      c.put(`/api/task/${task.task_id}`, put),
      c.delete(`/api/task/${task.task_id}`),
      c.post(`/api/task/${task.task_id}/done`, {}),
      c.post(`/api/task/${task.task_id}/skip`, {}),
      c.post(`/api/task/${task.task_id}/undo`, {}),
      c.get(`/api/task/${task.task_id}/history`),
      c.delete(`/api/away/${away.away_id}`),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await list(home.clients[0]!)).toEqual([task]);
    expect(await list(c)).toEqual([]);
    expect((await c.get('/api/away/')).json()).toEqual([]);
    expect((await home.clients[0]!.get('/api/away/')).json()).toEqual([away]);
  });

  it('refuses a pool or assignee from another house with a 400 naming the field', async () => {
    const home = await household(1);
    const other = await household(1);
    const me = home.members[0]!.user_id;
    const them = other.members[0]!.user_id;
    const pool = await home.clients[0]!.post('/api/task/', {
      title: 'x',
      due_at: fromNow(DAY),
      rotation: 'fairest',
      pool: [me, them],
    });
    expect(pool.json().error).toMatchObject({ code: 'validation_failed', field: 'pool' });
    const fixed = await home.clients[0]!.post('/api/task/', {
      title: 'x',
      due_at: fromNow(DAY),
      assignee_id: them,
    });
    expect(fixed.json().error).toMatchObject({ code: 'validation_failed', field: 'assignee_id' });
  });
});
