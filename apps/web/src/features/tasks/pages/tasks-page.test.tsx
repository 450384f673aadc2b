import type { AwayPeriod, Task, TaskMember } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { TasksPage } from './tasks-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const NOW = new Date('2026-11-23T10:00:00Z');

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const me = testUser({ house_id: 3 });
const member = (user_id: number, first_name: string, last_name: string): TaskMember => ({
  user_id,
  username: first_name.toLowerCase(),
  first_name,
  last_name,
  profile_img: null,
});
const members = [member(1, 'Ada', 'Lovelace'), member(2, 'Benedict', 'Cumberbatch-Featherstonehaugh')];

function task(
  task_id: number,
  title: string,
  due_at: string,
  assignee_id: number,
  extra: Partial<Task> = {},
): Task {
  return {
    task_id,
    title,
    notes: null,
    effort: 2,
    time_zone: 'UTC',
    due_at,
    repeat: { every: 'weeks', interval: 1, weekdays: [1], month_day: null },
    rotation: 'round_robin',
    pool: [1, 2],
    assignee_id,
    assignee_away: false,
    overdue: Date.parse(due_at) < NOW.getTime(),
    completed: false,
    last_done_at: null,
    last_done_by: null,
    ...extra,
  };
}

type Call = { method: string; path: string; body: unknown };

/** A stand-in for the tasks API with a house of two; `fail` makes the list read fail. */
function server(initial: Task[], options: { fail?: boolean; away?: AwayPeriod[] } = {}) {
  let tasks = structuredClone(initial);
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handle = (method: string, path: string, body: unknown): Response => {
    if (method === 'GET' && path === '/api/users/me') return json(200, me);
    if (method === 'GET' && path === '/api/task/') {
      return options.fail
        ? json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } })
        : json(200, tasks);
    }
    if (method === 'GET' && path === '/api/task/members') return json(200, members);
    if (method === 'GET' && path === '/api/task/stats?days=30') {
      return json(200, [
        { user_id: 1, done_count: 1, effort_done: 2 },
        { user_id: 2, done_count: 3, effort_done: 8 },
      ]);
    }
    if (method === 'GET' && /^\/api\/task\/\d+\/history\?limit=10$/.test(path)) {
      return json(200, [{ history_id: 7, done_at: '2026-11-16T18:05:00.000Z', done_by: 2, skipped: false }]);
    }
    if (method === 'GET' && path === '/api/away/') return json(200, options.away ?? []);
    const action = /^\/api\/task\/(\d+)\/(done|undo|skip)$/.exec(path);
    if (method === 'POST' && action) {
      const id = Number(action[1]);
      const found = tasks.find((t) => t.task_id === id)!;
      const next =
        action[2] === 'done'
          ? {
              ...found,
              assignee_id: found.assignee_id === 1 ? 2 : 1,
              due_at: '2026-11-30T18:00:00.000Z',
              overdue: false,
            }
          : initial.find((t) => t.task_id === id)!;
      tasks = tasks.map((t) => (t.task_id === id ? next : t));
      return json(200, next);
    }
    if (method === 'POST' && path === '/api/task/') {
      const created = task(99, (body as { title: string }).title, (body as { due_at: string }).due_at, 1);
      tasks.push(created);
      return json(201, created);
    }
    throw new Error(`Unexpected fetch: ${method} ${path}`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname + url.search;
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      return handle(method, path, body);
    }),
  );
  return { calls };
}

const renderPage = () => renderAt(<TasksPage />, '/tasks');
const group = (name: RegExp) => within(screen.getByRole('region', { name }));

describe('TasksPage', () => {
  it('groups the house’s tasks as Overdue, Today, This week and Later, with who is on turn and when', async () => {
    server([
      task(1, 'Bins out', '2026-11-21T18:00:00.000Z', 2),
      task(2, 'Water plants', '2026-11-23T18:00:00.000Z', 1),
      task(3, 'Hoover stairs', '2026-11-26T18:00:00.000Z', 2),
      task(4, 'Descale kettle', '2026-12-20T09:00:00.000Z', 1),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Overdue (1)' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Overdue (1)',
      'Today (1)',
      'This week (1)',
      'Later (1)',
      'Fairness, last 30 days',
      'Away',
    ]);
    const overdue = group(/Overdue/);
    expect(overdue.getByRole('button', { name: 'Bins out' })).toBeInTheDocument();
    expect(overdue.getByText('Benedict Cumberbatch-Featherstonehaugh')).toBeInTheDocument();
    expect(overdue.getByText(/2 days ago/)).toBeInTheDocument();
    expect(group(/Today/).getByText(/today \d\d:00/)).toBeInTheDocument();
    expect(group(/This week/).getByText('Thu')).toBeInTheDocument();
    expect(group(/Later/).getByText('20 Dec')).toBeInTheDocument();
  });

  it('filters to the tasks on my turn with Mine', async () => {
    const user = userEvent.setup();
    server([
      task(1, 'Bins out', '2026-11-24T18:00:00.000Z', 2),
      task(2, 'Water plants', '2026-11-24T19:00:00.000Z', 1),
    ]);
    renderPage();
    await screen.findByRole('button', { name: 'Bins out' });
    await user.click(screen.getByRole('button', { name: 'Mine' }));
    expect(screen.getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: 'Bins out' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Water plants' })).toBeInTheDocument();
  });

  it('marks a task done with one tap, shows the next turn, and Undo reverts it', async () => {
    const user = userEvent.setup();
    const api = server([task(1, 'Bins out', '2026-11-23T18:00:00.000Z', 1)]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Done: Bins out' }));
    expect(await screen.findByText('Done: Bins out')).toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/api/task/1/done', body: {} });
    await waitFor(() => expect(group(/Later|This week/).getByText(/Benedict/)).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/task/1/undo'));
    expect(await screen.findByRole('heading', { name: 'Today (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Done: Bins out')).not.toBeInTheDocument();
  });

  it('draws effort per member as a chart labelled in words', async () => {
    server([task(1, 'Bins out', '2026-11-24T18:00:00.000Z', 1)]);
    renderPage();
    expect(
      await screen.findByRole('figure', {
        name: 'Effort done in the last 30 days: Benedict Cumberbatch-Featherstonehaugh 8, Ada Lovelace 2',
      }),
    ).toBeInTheDocument();
  });

  it('warns when the person on turn is away, and lists who is away', async () => {
    server([task(1, 'Bins out', '2026-11-24T18:00:00.000Z', 2, { assignee_away: true })], {
      away: [{ away_id: 5, user_id: 2, starts_on: '2026-11-24', ends_on: '2026-11-27' }],
    });
    renderPage();
    expect(
      await screen.findByText('Benedict Cumberbatch-Featherstonehaugh is away when this is due.'),
    ).toBeVisible();
    expect(screen.getByText('24–27 Nov')).toBeInTheDocument();
    // Only your own time away can be removed.
    expect(screen.queryByRole('button', { name: /Remove your time away/ })).not.toBeInTheDocument();
  });

  it('offers to add the first task when there are none', async () => {
    server([]);
    renderPage();
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New task' })).toHaveLength(2);
  });

  it('says when the tasks could not be loaded and offers to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server([], { fail: true });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load your house’s tasks.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens a task’s details with its repeat sentence and rotation', async () => {
    const user = userEvent.setup();
    server([task(1, 'Bins out', '2026-11-24T18:00:00.000Z', 1)]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bins out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bins out' });
    expect(within(dialog).getByText('Every week on Mon')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Takes turns: Ada Lovelace → Benedict Cumberbatch-Featherstonehaugh'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Skip this time' })).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Done by Benedict Cumberbatch-Featherstonehaugh'),
    ).toBeInTheDocument();
  });
});
