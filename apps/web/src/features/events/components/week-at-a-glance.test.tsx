import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentWeek } from '../../../lib/dates';
import { authState } from '../../../test/auth';
import { testEvent } from '../../../test/events';
import { HOUSE_OCCURRENCES, OCCURRENCES_PATH, runEventSource } from '../../../test/feed';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testHousemate } from '../../../test/users';
import { WeekAtAGlance } from './week-at-a-glance';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const calendar = vi.hoisted(() => ({ props: null as null | Record<string, unknown> }));
vi.mock('@fullcalendar/react', () => ({
  default: function FullCalendarStandIn(props: Record<string, unknown>) {
    calendar.props = props;
    return <div data-testid="fullcalendar" />;
  },
}));
vi.mock('@fullcalendar/daygrid', () => ({ default: { name: 'daygrid' } }));
vi.mock('@fullcalendar/timegrid', () => ({ default: { name: 'timegrid' } }));
vi.mock('@fullcalendar/interaction', () => ({ default: { name: 'interaction' } }));

const user = testHousemate();

/** The options the page last gave FullCalendar. */
const props = () => {
  if (!calendar.props) throw new Error('FullCalendar was not rendered');
  return calendar.props;
};

beforeEach(() => {
  calendar.props = null;
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  mockFetch({});
});

describe('WeekAtAGlance', () => {
  it('without a house shows its sentence and no calendar', () => {
    renderAt(<WeekAtAGlance user={{ ...user, house_id: null }} />, '/home');
    expect(screen.getByRole('heading', { name: 'This Week at a Glance' })).toBeInTheDocument();
    expect(screen.getByText('Join or create a house to see the shared calendar.')).toBeInTheDocument();
    expect(screen.queryByTestId('fullcalendar')).not.toBeInTheDocument();
  });

  it('shows this week (Sunday through the next Sunday) as a grid without toolbar, with the house events', async () => {
    mockFetch({ [`GET ${OCCURRENCES_PATH}`]: { body: HOUSE_OCCURRENCES } });
    renderAt(<WeekAtAGlance user={user} />, '/home');
    // The grid loads lazily, after the section shows.
    expect(await screen.findByTestId('fullcalendar', {}, { timeout: 10_000 })).toBeInTheDocument();
    const p = calendar.props ?? {};
    const week = currentWeek();
    expect(p.headerToolbar).toBe(false);
    expect(p.initialView).toBe('dayGridWeek');
    expect(p.firstDay).toBe(0);
    expect(p.validRange).toEqual(week);
    expect(new Date(`${week.start}T12:00:00`).getDay()).toBe(0);
    const [source] = p.eventSources as { id: string }[];
    expect(source?.id).toBe('house');
    expect((await runEventSource(source)).map((e) => e.title)).toEqual(['House meeting', 'Bin day']);
    expect(p.editable).toBe(false);
    expect(screen.getByRole('link', { name: 'Open calendar' })).toHaveAttribute('href', '/calendar');
    // The grid is loaded lazily the first time: slow on a busy machine.
  }, 20_000);

  it("says the house calendar couldn't load when the feed fails, and stops loading", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(<WeekAtAGlance user={user} />, '/home');
    await screen.findByTestId('fullcalendar', {}, { timeout: 10_000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => (props().eventSourceFailure as (e: Error) => void)(new Error('HTTP 500')));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your house calendar. Please try again.",
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading the house calendar:', expect.any(Error));

    // A later successful load clears the message.
    act(() => (props().eventSourceSuccess as () => void)());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('WeekAtAGlance on a phone', () => {
  it('shows a dot per event in the grid and lists the week under it; a listed event opens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
    );
    const week = currentWeek();
    const at = (day: number, time: string) => {
      const d = new Date(`${week.start}T${time}`);
      d.setDate(d.getDate() + day);
      return d;
    };
    const pizza = testEvent({
      event_id: 8,
      title: 'Pizza night',
      description: null,
      location: null,
      start_datetime: at(2, '19:00').toISOString(),
      end_datetime: at(2, '20:00').toISOString(),
    });
    mockFetch({ 'GET /api/event/8': { body: pizza } });
    renderAt(<WeekAtAGlance user={user} />, '/home');
    await screen.findByTestId('fullcalendar', {}, { timeout: 10_000 });
    const p = calendar.props ?? {};
    expect(p.dayHeaderFormat).toEqual({ weekday: 'narrow', day: 'numeric' });
    // House events carry their occurrence (a click opens it); other layers only a note.
    const fakeEvent = (title: string, start: Date, end: Date | null, id: number) => ({
      id: `event-${id}`,
      title,
      start,
      end,
      allDay: false,
      extendedProps: {
        layer: 'house',
        occurrence: {
          ...testEvent({ event_id: id, title }),
          occurrence_start: start.toISOString(),
          overridden: false,
        },
      },
    });
    act(() =>
      (p.eventsSet as (events: unknown[]) => void)([
        fakeEvent('Pizza night', at(2, '19:00'), at(2, '20:00'), 8),
        fakeEvent('Bins', at(1, '07:00'), null, 9),
        // Loaded for the day before the week: not listed.
        fakeEvent('Last week', at(-1, '10:00'), at(-1, '11:00'), 10),
      ]),
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Bins'),
      expect.stringContaining('Pizza night'),
    ]);
    await userEvent.click(screen.getByRole('button', { name: /Pizza night/ }));
    expect(await screen.findByRole('heading', { name: 'Pizza night' })).toBeInTheDocument();
  });

  it('clears the listed week when the feed fails, showing the message instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
    );
    const start = new Date(`${currentWeek().start}T19:00`);
    start.setDate(start.getDate() + 2);
    renderAt(<WeekAtAGlance user={user} />, '/home');
    await screen.findByTestId('fullcalendar', {}, { timeout: 10_000 });
    act(() =>
      (props().eventsSet as (events: unknown[]) => void)([
        {
          id: 'event-8',
          title: 'Pizza night',
          start,
          end: null,
          allDay: false,
          extendedProps: { layer: 'house' },
        },
      ]),
    );
    expect(await screen.findByRole('button', { name: /Pizza night/ })).toBeInTheDocument();

    act(() => (props().eventSourceFailure as (e: Error) => void)(new Error('HTTP 500')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your house calendar. Please try again.",
    );
    expect(screen.queryByRole('button', { name: /Pizza night/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
