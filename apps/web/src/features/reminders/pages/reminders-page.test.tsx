import type { Reminder, ReminderInput } from '@hearth/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { apiError, type MockCall, mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { runInTimeZone } from '../../../test/time-zone';
import { RemindersPage } from './reminders-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

runInTimeZone('America/New_York');
beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const plants: Reminder = {
  reminder_id: 1,
  title: 'Water the plants',
  description: 'Balcony first',
  remind_time: '2026-01-05T13:00:00.000Z',
  repeat_interval: 'Daily',
  time_zone: 'America/New_York',
  next_remind_time: '2030-01-06T13:00:00.000Z',
};
const dentist: Reminder = {
  reminder_id: 2,
  title: 'Dentist',
  description: null,
  remind_time: '2030-02-03T15:30:00.000Z',
  repeat_interval: null,
  time_zone: 'America/New_York',
  next_remind_time: '2030-02-03T15:30:00.000Z',
};

/** A stateful stand-in for the reminder API: POST, PUT and DELETE change what GET answers. */
function serverWith(initial: Reminder[]) {
  let list = [...initial];
  let nextId = 100;
  const toReminder = (id: number, input: ReminderInput): Reminder => ({
    reminder_id: id,
    title: input.title,
    description: input.description ?? null,
    remind_time: input.remind_time,
    repeat_interval: (input.repeat_interval || null) as Reminder['repeat_interval'],
    time_zone: input.time_zone ?? 'UTC',
    next_remind_time: input.remind_time,
  });
  const byId = (id: number) => ({
    [`PUT /api/reminder/${id}`]: (call: MockCall) => {
      const saved = toReminder(id, call.body as ReminderInput);
      list = list.map((r) => (r.reminder_id === id ? saved : r));
      return { body: saved };
    },
    [`DELETE /api/reminder/${id}`]: () => {
      list = list.filter((r) => r.reminder_id !== id);
      return { body: { ok: true } };
    },
  });
  return mockFetch({
    'GET /api/reminder/': () => ({ body: list }),
    'POST /api/reminder/': (call) => {
      const saved = toReminder(nextId++, call.body as ReminderInput);
      list = [...list, saved];
      return { status: 201, body: saved };
    },
    ...Object.assign({}, ...initial.map((r) => byId(r.reminder_id))),
  });
}

const renderPage = () => renderAt(<RemindersPage />, '/reminders');

describe('RemindersPage', () => {
  it('shows each reminder with its next time in local time, its repeat and named icon buttons', async () => {
    serverWith([plants, dentist]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Water the plants' })).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByText('Balcony first')).toBeInTheDocument();
    expect(first.getByText('Remind at')).toBeInTheDocument();
    // 13:00Z is 8:00 AM in New York (EST); the series' first time is shown too.
    expect(first.getByText('Sun, Jan 6, 2030, 8:00 AM')).toHaveAttribute('datetime', plants.next_remind_time);
    expect(first.getByText('Mon, Jan 5, 2026, 8:00 AM')).toBeInTheDocument();
    expect(first.getByText('Repeat')).toBeInTheDocument();
    expect(first.getByText('Daily')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit reminder Water the plants' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Delete reminder Water the plants' })).toBeInTheDocument();

    const second = within(cards[1]!);
    expect(second.getByText('Sun, Feb 3, 2030, 10:30 AM')).toBeInTheDocument();
    expect(second.getByText('None')).toBeInTheDocument();
  });

  it("says 'No reminders yet.' when there are none", async () => {
    serverWith([]);
    renderPage();
    expect(await screen.findByText('No reminders yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Reminder' })).toBeInTheDocument();
  });

  it('creates a reminder, sending the remind time in UTC with the browser time zone', async () => {
    const { calls } = serverWith([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Reminder' });
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Title'), '  Bins out  ');
    await userEvent.type(form.getByLabelText('Description'), 'Green bin');
    fireEvent.change(form.getByLabelText('Remind Time'), { target: { value: '2030-07-01T19:30' } });
    await userEvent.selectOptions(form.getByLabelText('Repeat'), 'Weekly');
    expect(form.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Bins out',
      description: 'Green bin',
      remind_time: '2030-07-01T23:30:00.000Z', // 19:30 EDT
      repeat_interval: 'Weekly',
      time_zone: 'America/New_York',
    });
    expect(await screen.findByRole('heading', { name: 'Bins out' })).toBeInTheDocument();
  });

  it('offers exactly None, Daily, Weekly and Monthly as Repeat, None (empty) first and chosen', async () => {
    serverWith([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Reminder' }));
    const form = within(await screen.findByRole('dialog', { name: 'Create New Reminder' }));
    const repeat = form.getByLabelText('Repeat') as HTMLSelectElement;
    expect([...repeat.options].map((o) => [o.textContent, o.value])).toEqual([
      ['None', ''],
      ['Daily', 'Daily'],
      ['Weekly', 'Weekly'],
      ['Monthly', 'Monthly'],
    ]);
    expect(repeat).toHaveValue('');
  });

  it("alerts 'Title and Remind Time are required' and sends nothing when either is missing", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { calls } = serverWith([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Reminder' }));
    const form = within(await screen.findByRole('dialog'));

    await userEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(alert).toHaveBeenLastCalledWith('Title and Remind Time are required');

    await userEvent.type(form.getByLabelText('Title'), 'No time');
    await userEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(alert).toHaveBeenCalledTimes(2);

    await userEvent.clear(form.getByLabelText('Title'));
    await userEvent.type(form.getByLabelText('Title'), '   ');
    fireEvent.change(form.getByLabelText('Remind Time'), { target: { value: '2030-07-01T19:30' } });
    await userEvent.click(form.getByRole('button', { name: 'Create' }));
    expect(alert).toHaveBeenCalledTimes(3);

    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits a reminder in a prefilled form and saves it with PUT /api/reminder/{id}', async () => {
    const { calls } = serverWith([plants]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit reminder Water the plants' }));
    const form = within(await screen.findByRole('dialog', { name: 'Edit Reminder' }));
    expect(form.getByLabelText('Title')).toHaveValue('Water the plants');
    expect(form.getByLabelText('Description')).toHaveValue('Balcony first');
    // The series' first time, in local time.
    expect(form.getByLabelText('Remind Time')).toHaveValue('2026-01-05T08:00');
    expect(form.getByLabelText('Repeat')).toHaveValue('Daily');

    await userEvent.clear(form.getByLabelText('Title'));
    await userEvent.type(form.getByLabelText('Title'), 'Water the herbs');
    await userEvent.clear(form.getByLabelText('Description'));
    await userEvent.selectOptions(form.getByLabelText('Repeat'), 'None');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/reminder/1');
    expect(put?.body).toEqual({
      title: 'Water the herbs',
      description: null,
      remind_time: '2026-01-05T13:00:00.000Z',
      repeat_interval: null,
      time_zone: 'America/New_York',
    });
    expect(await screen.findByRole('heading', { name: 'Water the herbs' })).toBeInTheDocument();
  });

  it('cancel closes the form without saving', async () => {
    const { calls } = serverWith([plants]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit reminder Water the plants' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('asks before deleting, and deletes only when confirmed', async () => {
    const { calls } = serverWith([plants, dentist]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete reminder Dentist' }));
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Delete this reminder?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete reminder Dentist' }));
    confirm = within(await screen.findByRole('alertdialog'));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Dentist' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/reminder/2']);
    expect(screen.getByRole('heading', { name: 'Water the plants' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '+ Add Reminder' })).toHaveFocus());
  });

  it('logs a failed save and keeps the form open with a short note', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/reminder/': { body: [] },
      'POST /api/reminder/': apiError(500, 'internal_error', 'Something went wrong.'),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '+ Add Reminder' }));
    const form = within(await screen.findByRole('dialog'));
    await userEvent.type(form.getByLabelText('Title'), 'Pay rent');
    fireEvent.change(form.getByLabelText('Remind Time'), { target: { value: '2030-07-01T09:00' } });
    await userEvent.click(form.getByRole('button', { name: 'Create' }));

    expect(await form.findByRole('alert')).toHaveTextContent(
      "We couldn't save this reminder. Please try again.",
    );
    expect(error).toHaveBeenCalledWith('Error saving reminder:', expect.any(Error));
    expect(form.getByRole('button', { name: 'Create' })).toBeEnabled();
    // What was typed stays for the next try.
    expect(form.getByLabelText('Title')).toHaveValue('Pay rent');
    expect(form.getByLabelText('Remind Time')).toHaveValue('2030-07-01T09:00');
  });

  it('logs a failed load and offers to try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockFetch({
      'GET /api/reminder/': () => (fail ? apiError(503, 'unavailable', 'Down.') : { body: [dentist] }),
    });
    renderPage();
    expect(await screen.findByText("We couldn't load your reminders.")).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dentist' })).toBeInTheDocument();
  });

  it('offers browser notifications and asks for permission', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'default', requestPermission }));
    serverWith([]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Enable notifications' }));
    expect(requestPermission).toHaveBeenCalled();
    expect(await screen.findByText('Browser notifications are on while Hearth is open.')).toBeInTheDocument();
  });
});
