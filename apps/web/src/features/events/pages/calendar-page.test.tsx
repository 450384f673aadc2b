import type { User } from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle } from 'react';
import { useAuth } from 'react-oidc-context';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/dates';
import { authState } from '../../../test/auth';
import { testEvent } from '../../../test/events';
import {
  HOUSE_LAYERS,
  HOUSE_OCCURRENCES,
  layersPath,
  OCCURRENCES_PATH,
  runEventSource,
} from '../../../test/feed';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testHousemate } from '../../../test/users';
import { emitLiveChange } from '../../live';
import { eventKeys } from '../api';
import { CalendarPage } from './calendar-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

/**
 * FullCalendar itself is not run here (it needs layout); a stand-in for the grid records the options the
 * page gives it, and lets a test play FullCalendar's part: clicks on events and a failed feed.
 */
const calendar = vi.hoisted(() => ({
  props: null as null | Record<string, unknown>,
  refetchEvents: (() => {}) as () => void,
}));

vi.mock('../components/calendar-grid', () => ({
  CalendarGrid: function CalendarGridStandIn({
    options,
    calendarRef,
  }: {
    options: Record<string, unknown>;
    calendarRef: React.Ref<unknown>;
  }) {
    calendar.props = options;
    useImperativeHandle(calendarRef, () => ({ refetchEvents: () => calendar.refetchEvents() }));
    return <div data-testid="fullcalendar" />;
  },
}));
vi.mock('@fullcalendar/daygrid', () => ({ default: { name: 'daygrid' } }));
vi.mock('@fullcalendar/timegrid', () => ({ default: { name: 'timegrid' } }));
vi.mock('@fullcalendar/interaction', () => ({ default: { name: 'interaction' } }));

const member = testHousemate();

const stored = testEvent({ description: null, location: null });

const FEED = '/api/event/house/1/calendar.ics?access_token=test-access-token';

function setup(user: User = member, routes: Parameters<typeof mockFetch>[0] = {}) {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  const fetch = mockFetch({
    'GET /api/users/me': { body: user },
    'GET /api/external-calendar/': { body: [] },
    ...routes,
  });
  const { queryClient } = renderAt(<CalendarPage />, '/calendar');
  return { ...fetch, queryClient };
}

const props = () => {
  if (!calendar.props) throw new Error('FullCalendar was not rendered');
  return calendar.props;
};

/** Plays a click on a calendar item with these extended props (a house occurrence, or another layer's item). */
function click(extendedProps: Record<string, unknown>) {
  const preventDefault = vi.fn();
  act(() => {
    (props().eventClick as (arg: unknown) => void)({ jsEvent: { preventDefault }, event: { extendedProps } });
  });
  return preventDefault;
}

const houseItem = (occurrence = HOUSE_OCCURRENCES[0]) => ({
  layer: 'house',
  occurrence,
  username: occurrence?.username,
});

beforeEach(() => {
  calendar.props = null;
  calendar.refetchEvents = vi.fn();
});

describe('CalendarPage', () => {
  it('shows the heading, New Event and the Download iCal link to the house feed', async () => {
    setup();
    expect(await screen.findByTestId('fullcalendar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'House Calendar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Event' })).toBeEnabled();
    const download = screen.getByRole('link', { name: 'Download iCal' });
    expect(download).toHaveAttribute('href', FEED);
    expect(download).not.toHaveAttribute('aria-disabled');
  });

  it('shows who added each event: in its tooltip, and to screen readers', async () => {
    setup();
    await screen.findByTestId('fullcalendar');
    const event = { title: 'Pizza night', extendedProps: { layer: 'house', username: 'alex' } };
    const el = document.createElement('a');
    (props().eventDidMount as (arg: unknown) => void)({ el, event });
    expect(el.title).toBe('Pizza night · Added by alex');
    const views = props().views as { dayGrid: { eventContent: (arg: unknown) => { domNodes: Node[] } } };
    const [content] = views.dayGrid.eventContent({ timeText: '12:00 PM', event }).domNodes;
    expect(content).toBeInstanceOf(HTMLElement);
    const drawn = content as HTMLElement;
    expect(drawn.querySelector('.hearth-event-time')?.textContent).toBe('12:00 PM');
    expect(drawn.querySelector('.hearth-event-title')?.textContent).toBe('Pizza night');
    expect(drawn.querySelector('.sr-only')?.textContent).toBe(', Added by alex');
    // Other layers say what they are.
    const task = { title: 'Hoover (alex)', extendedProps: { layer: 'tasks', note: "Task due, alex's turn" } };
    (props().eventDidMount as (arg: unknown) => void)({ el, event: task });
    expect(el.title).toBe("Hoover (alex) · Task due, alex's turn");
  });

  it('configures FullCalendar: views, defaults, the house events and the other layers', async () => {
    setup(member, {
      [`GET ${OCCURRENCES_PATH}`]: { body: HOUSE_OCCURRENCES },
      [`GET ${layersPath(browserTimeZone())}`]: { body: HOUSE_LAYERS },
    });
    await screen.findByTestId('fullcalendar');
    const p = props();
    expect((p.plugins as { name: string }[]).map((plugin) => plugin.name)).toEqual([
      'daygrid',
      'timegrid',
      'interaction',
    ]);
    // One source: the house events come expanded from the server for the range shown, the layers from one
    // more call made at the same time, and the grid gets them together.
    const sources = p.eventSources as { id: string }[];
    expect(sources.map((s) => s.id)).toEqual(['shown']);
    const events = await runEventSource(sources[0]);
    expect(events.map((e) => [e.title, e.start, e.end, e.allDay, e.classNames])).toEqual([
      [
        'House meeting',
        '2026-05-04T18:00:00.000Z',
        '2026-05-04T19:30:00.000Z',
        false,
        ['hearth-layer-house'],
      ],
      ['Bin day', '2026-05-05', '2026-05-06', true, ['hearth-layer-house']],
      ['Hoover (Alex Kim)', '2026-05-06T09:00:00.000Z', undefined, false, ['hearth-layer-tasks']],
      ['Internet due', '2026-05-07', undefined, true, ['hearth-layer-bills']],
      ['Alex Kim away', '2026-05-08', '2026-05-10', true, ['hearth-layer-away']],
      ['Call mum', '2026-05-06T17:00:00.000Z', undefined, false, ['hearth-layer-reminders']],
      ['Bank holiday', '2026-05-04', '2026-05-05', true, ['hearth-layer-external']],
      ['Recycling', '2026-05-07T06:00:00.000Z', '2026-05-07T07:00:00.000Z', false, ['hearth-layer-external']],
    ]);
    // An outside calendar's events in its own colour, with text that reads on it, and its name as the note.
    expect(events[6]).toMatchObject({
      backgroundColor: '#ffd400',
      borderColor: '#ffd400',
      textColor: '#000000',
      extendedProps: { layer: 'external', note: 'From Council' },
    });
    expect(events[7]).toMatchObject({ backgroundColor: '#1d4ed8', textColor: '#ffffff' });
    expect(events[1]?.extendedProps).toMatchObject({
      layer: 'house',
      username: 'alex',
      occurrence: HOUSE_OCCURRENCES[1],
    });
    expect(p.initialView).toBe('dayGridMonth');
    expect(p.headerToolbar).toEqual({
      left: 'prev,next today',
      center: 'title',
      right: 'dayGridMonth,timeGridWeek,timeGridDay',
    });
    expect(p.eventTimeFormat).toEqual({ hour: 'numeric', minute: '2-digit' });
    expect(p.editable).toBe(false);
    expect(p.selectable).toBe(false);
    expect(p.scrollTime).toBe('06:00:00');
    expect(p.businessHours).toEqual({ daysOfWeek: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '17:00' });
    expect(p.defaultTimedEventDuration).toBe('01:00');
    expect(p.defaultAllDayEventDuration).toEqual({ days: 1 });
    expect(p.aspectRatio).toBe(1.35);
  });

  it('opens a clicked house event occurrence in the dialog', async () => {
    setup(member, { 'GET /api/event/42': { body: stored } });
    await screen.findByTestId('fullcalendar');
    const preventDefault = click(houseItem());
    expect(preventDefault).toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'House meeting' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('created by: sam');
  });

  it("opens nothing for another layer's item", async () => {
    const { calls } = setup();
    await screen.findByTestId('fullcalendar');
    click({ layer: 'tasks', note: 'Task due' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/event/'))).toHaveLength(0);
  });

  it('switches layers off and on, remembering the choice', async () => {
    localStorage.removeItem('hearth.calendar.layers');
    const { calls } = setup(member, {
      [`GET ${OCCURRENCES_PATH}`]: { body: HOUSE_OCCURRENCES },
      [`GET ${layersPath(browserTimeZone())}`]: { body: HOUSE_LAYERS },
    });
    await screen.findByTestId('fullcalendar');
    const tasks = screen.getByRole('button', { name: 'Tasks due' });
    expect(tasks).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'House events' }));
    expect(screen.getByRole('button', { name: 'House events' })).toHaveAttribute('aria-pressed', 'false');
    // The house events are neither asked for nor shown; the other layers still are.
    const [source] = props().eventSources as unknown[];
    const shown = await runEventSource(source);
    expect(shown.map((e) => e.classNames)).toEqual([
      ['hearth-layer-tasks'],
      ['hearth-layer-bills'],
      ['hearth-layer-away'],
      ['hearth-layer-reminders'],
      ['hearth-layer-external'],
      ['hearth-layer-external'],
    ]);
    expect(calls.some((c) => c.path === OCCURRENCES_PATH)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Bills due' }));
    expect((await runEventSource((props().eventSources as unknown[])[0])).map((e) => e.title)).toEqual([
      'Hoover (Alex Kim)',
      'Alex Kim away',
      'Call mum',
      'Bank holiday',
      'Recycling',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Bills due' }));
    for (const name of ['Tasks due', 'Bills due', 'Away', 'My reminders', 'Outside calendars']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(props().eventSources).toEqual([]);
    expect(JSON.parse(localStorage.getItem('hearth.calendar.layers') ?? '{}')).toEqual({
      house: false,
      tasks: false,
      bills: false,
      away: false,
      reminders: false,
      external: false,
    });
    localStorage.removeItem('hearth.calendar.layers');
  });

  it('shows the red banner when the feed fails, and clears it once it loads', async () => {
    setup();
    await screen.findByTestId('fullcalendar');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => (props().eventSourceFailure as (e: Error) => void)(new Error('HTTP 500')));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("We couldn't load your house calendar. Please try again.");
    expect(banner).toHaveClass('text-danger');
    await userEvent.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(calendar.refetchEvents).toHaveBeenCalled();
    act(() => (props().eventSourceSuccess as () => void)());
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the layers that loaded with the banner when another fails, and fails only when none loaded', async () => {
    const failing = { status: 500, body: { code: 'internal', message: 'Something went wrong' } };
    const { calls } = setup(member, {
      [`GET ${OCCURRENCES_PATH}`]: { body: HOUSE_OCCURRENCES },
      [`GET ${layersPath(browserTimeZone())}`]: failing,
    });
    await screen.findByTestId('fullcalendar');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let shown: Awaited<ReturnType<typeof runEventSource>> = [];
    await act(async () => {
      shown = await runEventSource((props().eventSources as unknown[])[0]);
    });
    expect(shown.map((e) => e.title)).toEqual(['House meeting', 'Bin day']);
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your house calendar.");
    expect(calls.filter((c) => c.path === layersPath(browserTimeZone())).length).toBeGreaterThan(0);

    mockFetch({
      'GET /api/users/me': { body: member },
      [`GET ${OCCURRENCES_PATH}`]: failing,
      [`GET ${layersPath(browserTimeZone())}`]: failing,
    });
    await expect(runEventSource((props().eventSources as unknown[])[0])).rejects.toMatchObject({
      status: 500,
    });
  });

  it('gives FullCalendar the same options while the page around it changes (it would redraw the month)', async () => {
    setup();
    await screen.findByTestId('fullcalendar');
    const given = props();
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => (props().eventSourceFailure as (e: Error) => void)(new Error('HTTP 500')));
    await screen.findByRole('alert');
    expect(props()).toBe(given);
    // A change it must see does reach it.
    await userEvent.click(screen.getByRole('button', { name: 'House events' }));
    expect(props()).not.toBe(given);
  });

  it('opens New Event in create mode and refreshes the calendar after saving', async () => {
    const { calls } = setup(member, { 'POST /api/event/': { status: 201, body: stored } });
    await screen.findByTestId('fullcalendar');
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Create event' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'House meeting');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      title: 'House meeting',
      house_id: 1,
    });
    expect(calendar.refetchEvents).toHaveBeenCalledTimes(1);
  });

  it('loads the user only once across opening New Event, saving and opening an event', async () => {
    const { calls } = setup(member, {
      'POST /api/event/': { status: 201, body: stored },
      'GET /api/event/42': { body: stored },
    });
    await screen.findByTestId('fullcalendar');
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'House meeting');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    click(houseItem());
    expect(await screen.findByRole('heading', { name: 'House meeting' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/event/')).toBe(true);
    expect(calls.filter((c) => c.path === '/api/users/me')).toHaveLength(1);
  });

  it('resets the dialog when it closes: New Event opens again with an empty Title and no error', async () => {
    setup();
    await screen.findByTestId('fullcalendar');
    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Title'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(within(dialog).getAllByText('Event title is required.').length).toBeGreaterThan(0);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Half-typed title');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'New Event' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
    expect(within(dialog).getByLabelText('Title')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Event title is required.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refetches the feed when the live stream reports a change to events, and not for other kinds', async () => {
    setup();
    await screen.findByTestId('fullcalendar');
    // The grid's effects (its live listener among them) run after it is drawn.
    await act(async () => {});
    act(() => emitLiveChange({ kind: 'groceries', entity: 'grocery_item', action: 'created', id: 5 }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calendar.refetchEvents).not.toHaveBeenCalled();
    act(() => emitLiveChange({ kind: 'events', entity: 'event', action: 'updated', id: 42, actor_id: 7 }));
    await waitFor(() => expect(calendar.refetchEvents).toHaveBeenCalledTimes(1));
  });

  it('refetches once when its kept ranges go stale, however many reasons come together', async () => {
    const { queryClient } = setup();
    await screen.findByTestId('fullcalendar');
    await act(async () => {});
    const from = new Date('2026-11-01T00:00:00Z');
    const to = new Date('2026-12-13T00:00:00Z');
    queryClient.setQueryData(eventKeys.range('house', from, to), []);
    queryClient.setQueryData(eventKeys.range('layers UTC', from, to), []);
    queryClient.setQueryData(eventKeys.detail(42), stored);
    // What a resumed stream does with answers it did not cover, beside a replayed change.
    act(() => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(42) });
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calendar.refetchEvents).not.toHaveBeenCalled();
    act(() => {
      void queryClient.invalidateQueries({ queryKey: [...eventKeys.all, 'range'] });
    });
    await waitFor(() => expect(calendar.refetchEvents).toHaveBeenCalledTimes(1));
    // A change to the events (which marks the ranges stale too) and to tasks, together: asked once more.
    queryClient.setQueryData(eventKeys.range('house', from, to), []);
    act(() => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      emitLiveChange({ kind: 'events', entity: 'event', action: 'updated', id: 42 });
      emitLiveChange({ kind: 'tasks', entity: 'task', action: 'updated', id: 3 });
    });
    await waitFor(() => expect(calendar.refetchEvents).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calendar.refetchEvents).toHaveBeenCalledTimes(2);
  });

  it('on a phone starts on the month view, with month/3 days/day in the top toolbar and no inner scroll box', async () => {
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query: string) => ({ matches: query === '(max-width: 639px)', media: query }) as MediaQueryList,
      );
    setup();
    await screen.findByTestId('fullcalendar');
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 639px)');
    const p = props();
    expect(p.initialView).toBe('dayGridMonth');
    expect(p.headerToolbar).toEqual({
      left: 'title',
      right: 'dayGridMonth,timeGridThreeDay,timeGridDay prev,today,next',
    });
    expect(p.footerToolbar).toBe(false);
    expect(p.contentHeight).toBe('auto');
  });

  it('on a wide screen starts on the month view without a footer toolbar', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: false, media: query }) as MediaQueryList,
    );
    setup();
    await screen.findByTestId('fullcalendar');
    expect(props().initialView).toBe('dayGridMonth');
    expect(props().footerToolbar).toBe(false);
  });

  it('without a house: the empty state, no calendar, and a disabled Download iCal link', async () => {
    setup({ ...member, house_id: null });
    expect(
      await screen.findByText('Join or create a house to activate the shared calendar.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('fullcalendar')).not.toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'Download iCal' });
    expect(download).toHaveAttribute('aria-disabled', 'true');
    expect(download).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Join or create a house' })).toHaveAttribute(
      'href',
      '/houseSetup',
    );
  });

  it('keeps Download iCal disabled without an access token', async () => {
    vi.mocked(useAuth).mockReturnValue(authState('signedIn', { user: null }));
    mockFetch({ 'GET /api/users/me': { body: member } });
    renderAt(<CalendarPage />, '/calendar');
    expect(await screen.findByRole('link', { name: 'Download iCal' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
