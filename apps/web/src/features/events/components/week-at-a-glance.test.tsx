import type { EventOccurrence, TimelineLayers } from '@hearth/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, currentWeek, startOfDate } from '../../../lib/dates';
import { authState } from '../../../test/auth';
import { testEvent } from '../../../test/events';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testHousemate } from '../../../test/users';
import { applyLiveResync, emitLiveChange, liveQueryKeys } from '../../live';
import { feature as events } from '../feature';
import { ALL_LAYERS_ON } from '../lib/layers';
import { glanceItems, spreadOverWeek, weekDates } from '../lib/week-days';
import { WeekAtAGlance } from './week-at-a-glance';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const user = testHousemate();
const week = currentWeek();
const dates = weekDates(week.start);
const zone = browserTimeZone();
const from = new Date(startOfDate(week.start)).toISOString();
const to = new Date(startOfDate(week.end)).toISOString();
const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const OCCURRENCES = `GET /api/event/?${range}`;
const LAYERS = `GET /api/event/layers?${range}&time_zone=${encodeURIComponent(zone)}`;

/** `time` on the `day`-th date of this week, in the browser's zone, as an ISO instant. */
const nextDay = (date: string) => {
  const d = new Date(`${date}T12:00:00`);
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const at = (day: number, time: string) => new Date(`${dates[day]}T${time}`).toISOString();

const pizza: EventOccurrence = {
  ...testEvent({
    event_id: 8,
    title: 'Pizza night',
    username: 'alex',
    start_datetime: at(2, '19:00:00'),
    end_datetime: at(2, '20:00:00'),
  }),
  occurrence_start: at(2, '19:00:00'),
  overridden: false,
};
const trip: EventOccurrence = {
  ...testEvent({
    event_id: 9,
    title: 'Camping trip',
    all_day: true,
    start_date: dates[4] as string,
    end_date: dates[5] as string,
    start_datetime: at(4, '00:00:00'),
    end_datetime: at(5, '23:59:00'),
  }),
  occurrence_start: at(4, '00:00:00'),
  overridden: false,
};
const LAYER_ITEMS: TimelineLayers = {
  tasks: [{ task_id: 5, title: 'Hoover', due_at: at(1, '09:00:00'), assignee_id: 4, assignee_name: 'alex' }],
  bills: [
    { recurring_id: 2, title: 'Internet', due_on: dates[3] as string, amount_minor: 3000, currency: 'EUR' },
  ],
  away: [],
  reminders: [{ reminder_id: 1, title: 'Call mum', remind_at: at(1, '17:00:00') }],
  external: [
    {
      external_calendar_id: 7,
      name: 'School',
      color: '#1d4ed8',
      title: 'Half term',
      // All-day, the end exclusive: days 5 and 6.
      start: dates[5] as string,
      end: nextDay(dates[6] as string),
      all_day: true,
    },
  ],
};

/** The titles listed under the day whose full name contains `date`'s day of the month. */
function titlesOn(day: number): string[] {
  const noon = new Date(`${dates[day]}T12:00:00`);
  const full = noon.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
  const heading = screen.getByRole('heading', { name: full, level: 3 });
  const column = heading.closest('li') as HTMLElement;
  return within(column)
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.font-semibold')?.textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});

describe('WeekAtAGlance', () => {
  it('without a house shows its sentence and no week', () => {
    mockFetch({});
    renderAt(<WeekAtAGlance user={{ ...user, house_id: null }} />, '/home');
    expect(screen.getByRole('heading', { name: 'This Week at a Glance' })).toBeInTheDocument();
    expect(screen.getByText('Join or create a house to see the shared calendar.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'This week, day by day' })).not.toBeInTheDocument();
  });

  it('shows Sunday through Saturday with the house events and the other layers on their days', async () => {
    const { calls } = mockFetch({ [OCCURRENCES]: { body: [pizza, trip] }, [LAYERS]: { body: LAYER_ITEMS } });
    renderAt(<WeekAtAGlance user={user} />, '/home');
    const days = await screen.findByRole('list', { name: 'This week, day by day' }, { timeout: 10_000 });
    expect(within(days).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(new Date(`${dates[0]}T12:00:00`).getDay()).toBe(0);
    expect(titlesOn(1)).toEqual(['Hoover (alex)', 'Call mum']);
    expect(titlesOn(2)).toEqual(['Pizza night']);
    expect(titlesOn(3)).toEqual(['Internet due']);
    // An all-day event over two days shows on both.
    expect(titlesOn(4)).toEqual(['Camping trip']);
    expect(titlesOn(5)).toEqual(['Camping trip', 'Half term']);
    // An outside calendar's all-day event covers its days, the exclusive end left out, in its colour.
    expect(titlesOn(6)).toEqual(['Half term']);
    expect(screen.getAllByTitle('Half term · From School')[0]).toHaveStyle({ borderLeftColor: '#1d4ed8' });
    expect(titlesOn(0)).toEqual([]);
    // Who added an event, and what a layer's item is, are read to screen readers.
    expect(screen.getByRole('button', { name: /Pizza night\W+Added by alex/ })).toBeInTheDocument();
    expect(screen.getByText(', Your reminder (only you see it)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open calendar' })).toHaveAttribute('href', '/calendar');
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([LAYERS, OCCURRENCES].sort());
  }, 20_000);

  it('asks for the layers once after a resync, not once per layer kind', async () => {
    const { calls } = mockFetch({ [OCCURRENCES]: { body: [pizza] }, [LAYERS]: { body: LAYER_ITEMS } });
    const { queryClient } = renderAt(<WeekAtAGlance user={user} />, '/home');
    expect(await screen.findByText('Hoover (alex)', {}, { timeout: 10_000 })).toBeInTheDocument();
    const layerCalls = () => calls.filter((c) => `${c.method} ${c.path}` === LAYERS).length;
    expect(layerCalls()).toBe(1);
    // What a resync does: every live kind's queries go stale, then the listeners outside the cache hear.
    act(() => {
      applyLiveResync(queryClient, liveQueryKeys([events]));
      emitLiveChange(null);
    });
    await vi.waitFor(() => expect(layerCalls()).toBe(2));
    // A moment later still two: the resync's tasks, bills and reminders listeners shared one request.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(layerCalls()).toBe(2);
  }, 20_000);

  it('leaves out the layers switched off on the calendar page, without asking for them', async () => {
    localStorage.setItem(
      'hearth.calendar.layers',
      JSON.stringify({
        house: true,
        tasks: false,
        bills: false,
        away: false,
        reminders: false,
        external: false,
      }),
    );
    const { calls } = mockFetch({ [OCCURRENCES]: { body: [pizza] } });
    renderAt(<WeekAtAGlance user={user} />, '/home');
    expect(
      await screen.findByRole('button', { name: /Pizza night/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Hoover (alex)')).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([OCCURRENCES]);
  });

  it('says when nothing is on this week', async () => {
    mockFetch({
      [OCCURRENCES]: { body: [] },
      [LAYERS]: { body: { tasks: [], bills: [], away: [], reminders: [], external: [] } },
    });
    renderAt(<WeekAtAGlance user={user} />, '/home');
    expect(
      await screen.findByText('Nothing on the calendar this week.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it("says the house calendar couldn't load when the feed fails, and stops loading", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      [OCCURRENCES]: { status: 500, body: { error: { code: 'internal', message: 'Boom' } } },
      [LAYERS]: { body: LAYER_ITEMS },
    });
    renderAt(<WeekAtAGlance user={user} />, '/home');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      "We couldn't load your house calendar. Please try again.",
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Error loading the house calendar:', expect.anything());
  });

  it('opens a house event in its dialog', async () => {
    mockFetch({
      [OCCURRENCES]: { body: [pizza] },
      [LAYERS]: { body: LAYER_ITEMS },
      'GET /api/event/8': { body: testEvent({ ...pizza }) },
    });
    // The dialog's code loads on first open; compiling it for the test is slow on a busy machine.
    await import('./event-dialog');
    renderAt(<WeekAtAGlance user={user} />, '/home');
    await userEvent.click(await screen.findByRole('button', { name: /Pizza night/ }, { timeout: 10_000 }));
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pizza night' })).toBeInTheDocument();
  }, 40_000);
});

describe('spreadOverWeek', () => {
  const items = (list: EventOccurrence[]) => glanceItems(list, undefined, ALL_LAYERS_ON);

  it('puts a timed event crossing midnight on both days, with its time only where it starts', () => {
    const late: EventOccurrence = {
      ...testEvent({
        event_id: 1,
        title: 'Late party',
        start_datetime: at(5, '22:00:00'),
        end_datetime: at(6, '02:00:00'),
      }),
      occurrence_start: at(5, '22:00:00'),
      overridden: false,
    };
    const days = spreadOverWeek(dates, items([late]), dates[0] as string);
    expect(days.map((d) => d.items.map((i) => i.title))).toEqual([
      [],
      [],
      [],
      [],
      [],
      ['Late party'],
      ['Late party'],
    ]);
  });

  it('lists all-day items first, then by start time, and marks today', () => {
    const morning = {
      ...pizza,
      event_id: 2,
      title: 'Breakfast',
      start_datetime: at(2, '08:00:00'),
      end_datetime: at(2, '09:00:00'),
    };
    const allDay = { ...trip, start_date: dates[2] as string, end_date: dates[2] as string };
    const days = spreadOverWeek(dates, items([pizza, morning, allDay]), dates[2] as string);
    expect(days[2]?.items.map((i) => i.title)).toEqual(['Camping trip', 'Breakfast', 'Pizza night']);
    expect(days.map((d) => d.today)).toEqual([false, false, true, false, false, false, false]);
  });

  it('keeps an event ending exactly at midnight off the next day', () => {
    const evening = { ...pizza, start_datetime: at(3, '20:00:00'), end_datetime: at(4, '00:00:00') };
    const days = spreadOverWeek(dates, items([evening]), dates[0] as string);
    expect(days[3]?.items).toHaveLength(1);
    expect(days[4]?.items).toHaveLength(0);
  });
});
