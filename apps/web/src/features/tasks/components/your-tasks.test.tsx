import type { Task } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { YourTasks } from './your-tasks';

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
const task = (task_id: number, title: string, due_at: string, assignee_id: number): Task => ({
  task_id,
  title,
  notes: null,
  effort: 1,
  time_zone: 'UTC',
  due_at,
  repeat: { every: 'days', interval: 1, weekdays: null, month_day: null },
  rotation: 'fixed',
  pool: [assignee_id],
  assignee_id,
  assignee_away: false,
  overdue: Date.parse(due_at) < NOW.getTime(),
  completed: false,
  last_done_at: null,
  last_done_by: null,
});

describe('YourTasks', () => {
  it('shows my overdue and today’s tasks with Done, and nothing of others or later', async () => {
    const user = userEvent.setup();
    const late = task(1, 'Bins out', '2026-11-22T18:00:00.000Z', me.user_id);
    const { calls } = mockFetch({
      'GET /api/task/': {
        body: [
          late,
          task(2, 'Water plants', '2026-11-23T18:00:00.000Z', me.user_id),
          task(3, 'Hoover', '2026-11-23T18:00:00.000Z', 2),
          task(4, 'Descale kettle', '2026-11-27T18:00:00.000Z', me.user_id),
        ],
      },
      'GET /api/task/members': { body: [] },
      'POST /api/task/1/done': { body: { ...late, due_at: '2026-11-24T18:00:00.000Z', overdue: false } },
    });
    renderAt(<YourTasks user={me} />, '/home');
    const section = within(await screen.findByRole('region', { name: 'Your tasks' }));
    expect(await section.findByRole('link', { name: 'Bins out' })).toHaveAttribute('href', '/tasks');
    expect(section.getByRole('link', { name: 'Water plants' })).toBeInTheDocument();
    expect(section.queryByText('Hoover')).not.toBeInTheDocument();
    expect(section.queryByText('Descale kettle')).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Done: Bins out' }));
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/task/1/done'));
    expect(await screen.findByText('Done: Bins out')).toBeInTheDocument();
  });

  it('says so when nothing is due today', async () => {
    mockFetch({ 'GET /api/task/': { body: [] }, 'GET /api/task/members': { body: [] } });
    renderAt(<YourTasks user={me} />, '/home');
    expect(await screen.findByText('Nothing due today. Enjoy!')).toBeInTheDocument();
  });
});
