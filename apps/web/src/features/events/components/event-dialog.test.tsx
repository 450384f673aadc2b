import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone, isoToLocalInput } from '../../../lib/dates';
import { authState } from '../../../test/auth';
import { testEvent } from '../../../test/events';
import { apiError, mockFetch } from '../../../test/fetch';
import { testQueryClient } from '../../../test/render';
import { eventKeys } from '../api';
import { EventDialog, type EventDialogState } from './event-dialog';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const stored = testEvent();

/** Renders the dialog and waits for it (its Radix code is a chunk of its own, loaded when it opens). */
async function setup(
  state: EventDialogState,
  routes: Parameters<typeof mockFetch>[0] = {},
  houseId: number | null = 1,
) {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  const fetch = mockFetch(routes);
  const onClose = vi.fn();
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <EventDialog state={state} houseId={houseId} onClose={onClose} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  // Its first load can be slow on a busy machine.
  await screen.findByRole('dialog', {}, { timeout: 10_000 });
  return { ...fetch, onClose, onChanged };
}

/** A reply that waits until the test lets it go, to see the busy state. */
function held<T>(reply: T) {
  let release: () => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = () => resolve(reply);
  });
  return { handler: () => promise, release: () => release() };
}

const dialog = () => screen.getByRole('dialog');

/** Delete event asks first; this answers yes. */
async function confirmDelete() {
  await userEvent.click(await screen.findByRole('button', { name: 'Delete event' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete this event?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete event' }));
}

async function fillTimes(start: string, end: string) {
  const startInput = screen.getByLabelText('Start');
  await userEvent.clear(startInput);
  if (start) await userEvent.type(startInput, start);
  const endInput = screen.getByLabelText('End');
  await userEvent.clear(endInput);
  if (end) await userEvent.type(endInput, end);
}

describe('EventDialog in create mode', () => {
  it('shows its texts, fields and buttons', async () => {
    await setup({ mode: 'create' });
    expect(screen.getByRole('heading', { name: 'Create event' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Add a new calendar event for your house.')).toBeInTheDocument();
    for (const label of ['Title', 'Description', 'Location', 'Start', 'End', 'All-day event']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Start')).toHaveAttribute('type', 'datetime-local');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create event' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close event modal' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Delete event' })).not.toBeInTheDocument();
    expect(screen.queryByText(/created by/)).not.toBeInTheDocument();
    // The body scrolls and shrinks to what the dialog has left; the real layout is checked in the browser.
    expect(screen.getByLabelText('Title').closest('fieldset')?.parentElement).toHaveClass(
      'min-h-24',
      'overflow-y-auto',
    );
  });

  it('checks the form with its messages before calling the API', async () => {
    const { calls } = await setup({ mode: 'create' });
    await userEvent.type(screen.getByLabelText('Title'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(screen.getAllByText('Event title is required.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveFocus();

    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    await fillTimes('', '2026-05-04T19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(screen.getAllByText('Please provide valid start and end times.').length).toBeGreaterThan(0);

    await fillTimes('2026-05-04T19:00', '2026-05-04T18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(screen.getAllByText('End time must be after the start time.').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('End')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("creates: 'Creating...' with every control disabled, then closes and refreshes the calendar", async () => {
    const reply = held({ status: 201, body: { ...stored, event_id: 50 } });
    const { calls, onClose, onChanged } = await setup(
      { mode: 'create' },
      { 'POST /api/event/': reply.handler },
    );
    await userEvent.type(screen.getByLabelText('Title'), '  Dinner  ');
    await userEvent.type(screen.getByLabelText('Description'), '   ');
    await fillTimes('2026-05-04T18:00', '2026-05-04T20:30');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    for (const label of ['Title', 'Description', 'Location', 'Start', 'End', 'All-day event']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close event modal' })).toBeDisabled();
    // Esc does not close a dialog that is saving.
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    const zone = browserTimeZone();
    expect(calls[0]?.body).toEqual({
      title: 'Dinner',
      description: null,
      location: null,
      start_datetime: new Date(`2026-05-04T18:00`).toISOString(),
      end_datetime: new Date(`2026-05-04T20:30`).toISOString(),
      all_day: false,
      time_zone: zone,
      rrule: null,
      house_id: 1,
    });
    reply.release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('toggles all-day: End hidden, start a date, sent as 00:00 to 23:59', async () => {
    const { calls } = await setup({ mode: 'create' }, { 'POST /api/event/': { status: 201, body: stored } });
    await userEvent.type(screen.getByLabelText('Title'), 'Bin day');
    await fillTimes('2026-05-04T18:00', '2026-05-06T20:30');
    await userEvent.click(screen.getByLabelText('All-day event'));
    expect(screen.queryByLabelText('End')).not.toBeInTheDocument();
    const start = screen.getByLabelText('Start');
    expect(start).toHaveAttribute('type', 'date');
    expect(start).toHaveValue('2026-05-04');

    // Toggle off: the end is the start date at 23:59 now.
    await userEvent.click(screen.getByLabelText('All-day event'));
    expect(screen.getByLabelText('End')).toHaveValue('2026-05-04T23:59');
    expect(screen.getByLabelText('Start')).toHaveValue('2026-05-04T00:00');

    await userEvent.click(screen.getByLabelText('All-day event'));
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      all_day: true,
      start_datetime: new Date('2026-05-04T00:00').toISOString(),
      end_datetime: new Date('2026-05-04T23:59').toISOString(),
    });
  });

  it('needs a house to create', async () => {
    const { calls } = await setup({ mode: 'create' }, {}, null);
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('You need to join a house before creating events.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says it could not save, and lets the user try again', async () => {
    const { onClose } = await setup(
      { mode: 'create' },
      { 'POST /api/event/': apiError(500, 'internal_error', 'Something went wrong on our side.') },
    );
    await userEvent.type(screen.getByLabelText('Title'), 'Dinner');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText("We couldn't save your changes. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create event' })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toBeEnabled();
    // What was typed stays for the next try.
    expect(screen.getByLabelText('Title')).toHaveValue('Dinner');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Esc, Cancel and the close button', async () => {
    const { onClose } = await setup({ mode: 'create' });
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close event modal' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('keeps focus inside the dialog', async () => {
    await setup({ mode: 'create' });
    await waitFor(() => expect(dialog()).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('EventDialog in edit mode', () => {
  it("loads the event and shows its title, 'created by' and its fields in local time", async () => {
    await setup({ mode: 'edit', eventId: 42 }, { 'GET /api/event/42': { body: stored } });
    expect(screen.getByRole('heading', { name: 'Event details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'House meeting' })).toBeInTheDocument();
    expect(within(dialog()).getByText('View and edit this event.')).toBeInTheDocument();
    expect(dialog()).toHaveTextContent('created by: sam');
    expect(screen.getByLabelText('Title')).toHaveValue('House meeting');
    expect(screen.getByLabelText('Description')).toHaveValue('Bring the bills');
    expect(screen.getByLabelText('Location')).toHaveValue('Kitchen');
    expect(screen.getByLabelText('Start')).toHaveValue(isoToLocalInput(stored.start_datetime));
    expect(screen.getByLabelText('End')).toHaveValue(isoToLocalInput(stored.end_datetime));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete event' })).toBeEnabled();
  });

  it('shows an all-day event on its saved dates, End hidden', async () => {
    const allDay = { ...stored, all_day: true, start_date: '2026-01-15', end_date: '2026-01-15' };
    await setup({ mode: 'edit', eventId: 42 }, { 'GET /api/event/42': { body: allDay } });
    expect(await screen.findByLabelText('Start')).toHaveValue('2026-01-15');
    expect(screen.getByLabelText('All-day event')).toBeChecked();
    expect(screen.queryByLabelText('End')).not.toBeInTheDocument();
  });

  it("saves with PATCH: 'Saving...', then closes and refreshes", async () => {
    const reply = held({ body: { ...stored, title: 'Moved meeting' } });
    const { calls, onClose, onChanged } = await setup(
      { mode: 'edit', eventId: 42 },
      { 'GET /api/event/42': { body: stored }, 'PATCH /api/event/42': reply.handler },
    );
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Moved meeting');
    await userEvent.clear(screen.getByLabelText('Location'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete event' })).toBeDisabled();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({
      title: 'Moved meeting',
      description: 'Bring the bills',
      location: null,
      start_datetime: stored.start_datetime,
      end_datetime: stored.end_datetime,
      all_day: false,
      time_zone: browserTimeZone(),
      rrule: null,
    });
    reply.release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("deletes: 'Deleting...', then closes and refreshes", async () => {
    const reply = held({ status: 200, body: { ok: true } });
    const { calls, onClose, onChanged } = await setup(
      { mode: 'edit', eventId: 42 },
      { 'GET /api/event/42': { body: stored }, 'DELETE /api/event/42': reply.handler },
    );
    await confirmDelete();
    expect(await screen.findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(screen.getByLabelText('Title')).toBeDisabled();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/event/42')).toBe(true);
    reply.release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says it could not delete', async () => {
    await setup(
      { mode: 'edit', eventId: 42 },
      {
        'GET /api/event/42': { body: stored },
        'DELETE /api/event/42': apiError(500, 'internal_error', 'Oops'),
      },
    );
    await confirmDelete();
    expect(await screen.findByText("We couldn't delete this event. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete event' })).toBeEnabled();
  });

  it('says when the event could not be loaded', async () => {
    await setup(
      { mode: 'edit', eventId: 42 },
      { 'GET /api/event/42': apiError(404, 'not_found', 'Event was not found.') },
    );
    expect(await screen.findByText("We couldn't load that event. Please try again.")).toBeInTheDocument();
    expect(screen.getByText('Event details could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Event details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it("throws 'Failed to fetch event: {status text}' when the event cannot be loaded, and says so", async () => {
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/event/42': { status: 404, statusText: 'Not Found' } });
    const queryClient = testQueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <EventDialog
          state={{ mode: 'edit', eventId: 42 }}
          houseId={1}
          onClose={vi.fn()}
          onChanged={vi.fn()}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load that event. Please try again.",
    );
    const error = queryClient.getQueryState(eventKeys.detail(42))?.error;
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toBe('Failed to fetch event: Not Found');
  });

  it.each([
    ['Save changes', 'PATCH', "We couldn't determine which event to update."],
    ['Delete event', 'DELETE', "We couldn't determine which event to delete."],
  ])('%s on an event without an integer id says so and sends no %s', async (button, method, message) => {
    const { calls, onClose, onChanged } = await setup(
      { mode: 'edit', eventId: 42 },
      { 'GET /api/event/42': { body: { ...stored, event_id: 42.5 } } },
    );
    if (button === 'Delete event') await confirmDelete();
    else await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls.filter((c) => c.method === method)).toHaveLength(0);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: button })).toBeEnabled();
  });

  it('says when it cannot tell which event was selected', async () => {
    const { calls } = await setup({ mode: 'edit', eventId: null });
    expect(screen.getByText("We couldn't determine which event was selected.")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('EventDialog with repeats', () => {
  it('creates a weekly event on chosen days that ends after a number of times', async () => {
    const { calls } = await setup({ mode: 'create' }, { 'POST /api/event/': { status: 201, body: stored } });
    await userEvent.type(screen.getByLabelText('Title'), 'Bins');
    await fillTimes('2026-05-05T07:00', '2026-05-05T07:30');
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'weekly');
    await userEvent.click(screen.getByLabelText('Mon'));
    await userEvent.click(screen.getByLabelText('Thu'));
    await userEvent.selectOptions(screen.getByLabelText('Ends'), 'count');
    await userEvent.clear(screen.getByLabelText('Number of times'));
    await userEvent.type(screen.getByLabelText('Number of times'), '8');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'Bins',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8',
    });
  });

  it('offers "first Tuesday" for a monthly repeat and refuses a bad count, naming it', async () => {
    const { calls } = await setup({ mode: 'create' });
    await userEvent.type(screen.getByLabelText('Title'), 'Book club');
    await fillTimes('2026-05-05T19:00', '2026-05-05T21:00');
    const repeats = screen.getByLabelText('Repeats');
    expect(within(repeats).getByRole('option', { name: 'Monthly on the first Tuesday' })).toBeInTheDocument();
    await userEvent.selectOptions(repeats, 'monthly-weekday');
    await userEvent.selectOptions(screen.getByLabelText('Ends'), 'count');
    await userEvent.clear(screen.getByLabelText('Number of times'));
    await userEvent.type(screen.getByLabelText('Number of times'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findAllByText('Occurrences must be a whole number from 1 to 5000.')).not.toHaveLength(
      0,
    );
    expect(screen.getByLabelText('Number of times')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('edits one occurrence of a series: its own times, "This event" by default, no rule sent', async () => {
    const series = testEvent({ rrule: 'FREQ=WEEKLY;COUNT=10' });
    const occurrence = {
      ...series,
      start_datetime: '2026-05-11T18:00:00.000Z',
      end_datetime: '2026-05-11T19:30:00.000Z',
      occurrence_start: '2026-05-11T18:00:00.000Z',
      overridden: false,
    };
    const { calls } = await setup(
      { mode: 'edit', eventId: 42, occurrence },
      { 'GET /api/event/42': { body: series }, 'PATCH /api/event/42': { body: series } },
    );
    expect(await screen.findByLabelText('Start')).toHaveValue(isoToLocalInput(occurrence.start_datetime));
    expect(screen.getByLabelText('Apply changes to')).toHaveValue('this');
    // One occurrence cannot change how the series repeats.
    expect(screen.queryByLabelText('Repeats')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.type(screen.getByLabelText('Title'), 'Meeting (moved room)');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = calls.find((c) => c.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Meeting (moved room)',
      scope: 'this',
      occurrence_start: occurrence.occurrence_start,
      start_datetime: occurrence.start_datetime,
    });
    expect(body).not.toHaveProperty('rrule');
  });

  it('deletes this and following occurrences', async () => {
    const series = testEvent({ rrule: 'FREQ=DAILY' });
    const occurrence = { ...series, occurrence_start: '2026-05-06T18:00:00.000Z', overridden: false };
    const key = encodeURIComponent(occurrence.occurrence_start);
    const { calls } = await setup(
      { mode: 'edit', eventId: 42, occurrence },
      {
        'GET /api/event/42': { body: series },
        [`DELETE /api/event/42?scope=following&occurrence_start=${key}`]: { body: { ok: true } },
      },
    );
    await userEvent.selectOptions(await screen.findByLabelText('Apply changes to'), 'following');
    // The series' rule shows for this and following.
    expect(screen.getByLabelText('Repeats')).toHaveValue('daily');
    await confirmDelete();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });
});
