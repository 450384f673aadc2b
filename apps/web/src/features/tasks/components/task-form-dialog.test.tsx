import type { Task, TaskInput, TaskMember } from '@hearth/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { TaskFormDialog } from './task-form-dialog';

const member = (user_id: number, first_name: string): TaskMember => ({
  user_id,
  username: first_name.toLowerCase(),
  first_name,
  last_name: 'Doe',
  profile_img: null,
});
const members = [member(1, 'Ada'), member(2, 'Ben'), member(3, 'Cy')];

beforeEach(() => {
  // Monday 23 November 2026, 10:00 UTC: a new task is first due at 11:00.
  vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

/**
 * Renders the dialog open and waits for it: its Radix code is a chunk of its own, loaded when it opens
 * (slowly, the first time, on a busy machine).
 */
async function open(task: Task | null, onSubmit = vi.fn(async (_input: TaskInput) => undefined)) {
  const onOpenChange = vi.fn();
  render(
    <TaskFormDialog
      open
      onOpenChange={onOpenChange}
      task={task}
      members={members}
      meId={1}
      onSubmit={onSubmit}
    />,
  );
  return {
    onSubmit,
    onOpenChange,
    dialog: within(await screen.findByRole('dialog', {}, { timeout: 10_000 })),
  };
}

describe('TaskFormDialog', () => {
  it('creates a weekly task that takes turns, the repeat reading as a sentence', async () => {
    const user = userEvent.setup();
    const { onSubmit, onOpenChange, dialog } = await open(null);
    expect(dialog.getByRole('heading', { name: 'New task' })).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Title'), 'Bins out');
    await user.selectOptions(dialog.getByLabelText('Effort'), '3');
    await user.selectOptions(dialog.getByLabelText('Repeat'), 'weeks');
    await user.clear(dialog.getByLabelText('Weeks'));
    await user.type(dialog.getByLabelText('Weeks'), '2');
    await user.click(dialog.getByRole('button', { name: 'Thursday' }));
    expect(dialog.getByText('Every 2 weeks on Mon and Thu')).toBeInTheDocument();

    await user.selectOptions(dialog.getByLabelText('Who does it'), 'round_robin');
    await user.click(dialog.getByRole('checkbox', { name: 'Cy Doe' }));
    await user.click(dialog.getByRole('button', { name: 'Move Ben Doe earlier' }));
    await user.selectOptions(dialog.getByLabelText('Starts with'), '2');
    await user.click(dialog.getByRole('button', { name: 'Create task' }));

    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Bins out',
      notes: null,
      effort: 3,
      time_zone: expect.any(String),
      due_at: expect.stringMatching(/Z$/),
      repeat: { every: 'weeks', interval: 2, weekdays: [1, 4] },
      rotation: 'round_robin',
      pool: [2, 1],
      assignee_id: 2,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('reads monthly and days-after-done repeats as sentences', async () => {
    const user = userEvent.setup();
    const { dialog } = await open(null);
    await user.selectOptions(dialog.getByLabelText('Repeat'), 'months');
    await user.selectOptions(dialog.getByLabelText('Day'), '-1');
    expect(dialog.getByText('Monthly on the last day')).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Repeat'), 'days_after_done');
    await user.clear(dialog.getByLabelText('Days after done'));
    await user.type(dialog.getByLabelText('Days after done'), '3');
    expect(dialog.getByText('3 days after it is done')).toBeInTheDocument();
  });

  it('moves the repeat day with the first due date until one is chosen', async () => {
    const user = userEvent.setup();
    const { dialog } = await open(null);
    await user.selectOptions(dialog.getByLabelText('Repeat'), 'weeks');
    expect(dialog.getByText('Every week on Mon')).toBeInTheDocument();
    // Friday 27 November: the weekly day follows the due date.
    await user.clear(dialog.getByLabelText('First due'));
    await user.type(dialog.getByLabelText('First due'), '2026-11-27T09:00');
    expect(dialog.getByText('Every week on Fri')).toBeInTheDocument();
    // Once the days are chosen, a new due date leaves them as they are.
    await user.click(dialog.getByRole('button', { name: 'Tuesday' }));
    await user.clear(dialog.getByLabelText('First due'));
    await user.type(dialog.getByLabelText('First due'), '2026-11-30T09:00');
    expect(dialog.getByText('Every week on Tue and Fri')).toBeInTheDocument();
  });

  it('asks for a title and a weekday before sending anything', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = await open(null);
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(dialog.getByLabelText('Title')).toHaveAccessibleDescription('Enter a title.');
    await user.type(dialog.getByLabelText('Title'), 'Bins');
    await user.selectOptions(dialog.getByLabelText('Repeat'), 'weeks');
    await user.click(dialog.getByRole('button', { name: 'Monday' }));
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(dialog.getByRole('group', { name: 'On' })).toHaveAccessibleDescription(
      'Choose at least one weekday.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s message at its field and keeps what was typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const refuse = vi.fn(async () => {
      throw new ApiError({
        status: 400,
        statusText: 'Bad Request',
        message: 'refused',
        code: 'validation_failed',
        field: 'pool',
        serverMessage: 'pool must name members of your house.',
      });
    });
    const { dialog, onOpenChange } = await open(null, refuse);
    await user.type(dialog.getByLabelText('Title'), 'Bins');
    await user.selectOptions(dialog.getByLabelText('Who does it'), 'fairest');
    await user.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(await dialog.findByRole('group', { name: 'Who shares it' })).toHaveAccessibleDescription(
      'pool must name members of your house.',
    );
    expect(dialog.getByLabelText('Title')).toHaveValue('Bins');
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('edits a task from its current values', async () => {
    const user = userEvent.setup();
    const task: Task = {
      task_id: 4,
      title: 'Hoover',
      notes: 'Stairs too',
      effort: 4,
      time_zone: 'UTC',
      due_at: '2026-11-26T18:00:00.000Z',
      repeat: { every: 'days', interval: 3, weekdays: null, month_day: null },
      rotation: 'fixed',
      pool: [3],
      assignee_id: 3,
      assignee_away: false,
      overdue: false,
      completed: false,
      last_done_at: null,
      last_done_by: null,
    };
    const { onSubmit, dialog } = await open(task);
    expect(dialog.getByLabelText('Title')).toHaveValue('Hoover');
    expect(dialog.getByText('Every 3 days')).toBeInTheDocument();
    expect(dialog.getByLabelText('Person')).toHaveValue('3');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Hoover', notes: 'Stairs too', effort: 4, assignee_id: 3 }),
    );
  });
});
