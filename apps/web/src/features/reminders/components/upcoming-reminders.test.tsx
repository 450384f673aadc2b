import type { Reminder } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { runInTimeZone } from '../../../test/time-zone';
import { testUser } from '../../../test/users';
import { UpcomingReminders } from './upcoming-reminders';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const NOW = Date.parse('2026-11-22T15:00:00.000Z'); // 10:00 in New York
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const user = testUser();

const reminder = (
  id: number,
  title: string,
  nextMs: number,
  overrides: Partial<Reminder> = {},
): Reminder => ({
  reminder_id: id,
  title,
  description: null,
  remind_time: iso(nextMs),
  repeat_interval: null,
  time_zone: 'America/New_York',
  next_remind_time: iso(nextMs),
  ...overrides,
});

runInTimeZone('America/New_York');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UpcomingReminders (Home)', () => {
  it('lists next occurrences within the next 7 days, soonest first, with repeats', async () => {
    mockFetch({
      'GET /api/reminder/': {
        body: [
          reminder(1, 'Past one-off', NOW - HOUR),
          reminder(2, 'In three days', NOW + 72 * HOUR, { description: 'Bring the forms' }),
          // A Daily series begun yesterday at 08:00: today's 08:00 has passed, so it shows at 08:00 tomorrow.
          reminder(3, 'Vitamins', NOW + 22 * HOUR, {
            remind_time: iso(NOW - 26 * HOUR),
            repeat_interval: 'Daily',
          }),
          reminder(4, 'Next month', NOW + 30 * 24 * HOUR),
        ],
      },
    });
    renderAt(<UpcomingReminders user={user} />, '/home');
    const section = await screen.findByRole('region', { name: 'Upcoming Reminders (Next 7 Days)' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Vitamins', 'In three days']);

    const vitamins = within(items[0]!);
    expect(vitamins.getByText('Mon, Nov 23, 2026, 8:00 AM')).toBeInTheDocument();
    expect(vitamins.getByText('Repeats: Daily')).toBeInTheDocument();
    const later = within(items[1]!);
    expect(later.getByText('Bring the forms')).toBeInTheDocument();
    expect(later.queryByText(/Repeats:/)).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'All reminders' })).toHaveAttribute(
      'href',
      '/reminders',
    );
  });

  it('names the repeat in German, not as stored', async () => {
    mockFetch({
      'GET /api/reminder/': {
        body: [reminder(1, 'Müll', NOW + HOUR, { repeat_interval: 'Weekly' })],
      },
    });
    await switchLanguage('de');
    try {
      renderAt(<UpcomingReminders user={user} />, '/home');
      const item = await screen.findByRole('listitem');
      expect(within(item).getByText('Wiederholung: Wöchentlich')).toBeInTheDocument();
      expect(item).not.toHaveTextContent('Weekly');
    } finally {
      await switchLanguage('en');
    }
  });

  it("says 'No upcoming reminders in the next week.' when nothing is due within 7 days", async () => {
    mockFetch({ 'GET /api/reminder/': { body: [reminder(1, 'Far away', NOW + 8 * 24 * HOUR)] } });
    renderAt(<UpcomingReminders user={user} />, '/home');
    expect(await screen.findByText('No upcoming reminders in the next week.')).toBeInTheDocument();
  });

  it('logs a failed load and says so briefly', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/reminder/': { status: 500, body: {} } });
    renderAt(<UpcomingReminders user={user} />, '/home');
    expect(await screen.findByText("We couldn't load your reminders.")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Failed to fetch reminders: Internal Server Error' }),
    );
  });
});
