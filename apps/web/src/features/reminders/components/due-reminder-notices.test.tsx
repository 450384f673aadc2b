import type { Reminder } from '@hearth/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { DueReminderNotices } from './due-reminder-notices';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const NOW = Date.parse('2026-11-22T15:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

const user = testUser();

const FIRST = NOW + 2 * MINUTE;
const vitamins = (next: number): Reminder => ({
  reminder_id: 7,
  title: 'Vitamins',
  description: 'With breakfast',
  remind_time: iso(FIRST),
  repeat_interval: 'Daily',
  time_zone: 'UTC',
  next_remind_time: iso(next),
});

/** Lets fetches, query updates and timers due within `ms` run, inside act. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** Like the server: the next occurrence at or after the (fake) current time. */
function serveDailyVitamins(serverLagMs = 0) {
  return mockFetch({
    'GET /api/users/me': { body: user },
    'GET /api/reminder/': () => {
      const now = Date.now() - serverLagMs;
      const next = now <= FIRST ? FIRST : FIRST + Math.ceil((now - FIRST) / DAY) * DAY;
      return { body: [vitamins(next)] };
    },
  });
}

function stubNotifications(permission: NotificationPermission) {
  const shown = vi.fn();
  vi.stubGlobal('Notification', Object.assign(shown, { permission, requestPermission: vi.fn() }));
  return shown;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DueReminderNotices', () => {
  it('shows an in-app notice and a browser notification when a reminder comes due, then times the next one', async () => {
    const shown = stubNotifications('granted');
    const { calls } = serveDailyVitamins();
    renderAt(<DueReminderNotices />, '/home');
    const region = screen.getByRole('status', { name: 'Reminder notices' });
    await advance(10);
    expect(calls.filter((c) => c.path === '/api/reminder/')).toHaveLength(1);

    await advance(2 * MINUTE - 20);
    expect(region).toBeEmptyDOMElement();
    expect(shown).not.toHaveBeenCalled();

    await advance(20);
    expect(within(region).getByText('Vitamins')).toBeInTheDocument();
    expect(within(region).getByText('With breakfast')).toBeInTheDocument();
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith('Vitamins', { body: 'With breakfast', tag: `7@${iso(FIRST)}` });
    // Refetched (a read starts in a task of its own), so the series has moved on to tomorrow.
    await advance(1);
    expect(calls.filter((c) => c.path === '/api/reminder/')).toHaveLength(2);

    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss reminder Vitamins' }));
    expect(region).toBeEmptyDOMElement();

    await advance(DAY - 10 * MINUTE);
    expect(shown).toHaveBeenCalledTimes(1);
    await advance(10 * MINUTE);
    expect(shown).toHaveBeenCalledTimes(2);
    expect(within(region).getByText('Vitamins')).toBeInTheDocument();
  });

  it("asks again shortly when the server's clock lags and it still lists the occurrence that just passed", async () => {
    const shown = stubNotifications('granted');
    const { calls } = serveDailyVitamins(5_000);
    renderAt(<DueReminderNotices />, '/home');
    await advance(2 * MINUTE + 10);
    expect(shown).toHaveBeenCalledTimes(1);
    await advance(1); // a read starts in a task of its own
    const reminderCalls = () => calls.filter((c) => c.path === '/api/reminder/').length;
    expect(reminderCalls()).toBe(2); // the refetch after firing still answered today's occurrence

    await advance(15_000);
    expect(reminderCalls()).toBe(3); // asked again; now tomorrow's is listed
    await advance(60_000);
    expect(reminderCalls()).toBe(3);

    await advance(DAY);
    expect(shown).toHaveBeenCalledTimes(2);
  });

  it('shows only the in-app notice when browser notifications are not allowed', async () => {
    const shown = stubNotifications('denied');
    serveDailyVitamins();
    renderAt(<DueReminderNotices />, '/home');
    await advance(2 * MINUTE + 10);
    expect(
      within(screen.getByRole('status', { name: 'Reminder notices' })).getByText('Vitamins'),
    ).toBeInTheDocument();
    expect(shown).not.toHaveBeenCalled();
  });

  it('does not ask for reminders before the person has a profile', async () => {
    const { calls } = mockFetch({
      'GET /api/users/me': {
        status: 404,
        body: { error: { code: 'not_found', message: 'Profile was not found.' } },
      },
    });
    renderAt(<DueReminderNotices />, '/userSetup');
    await advance(MINUTE);
    expect(calls.map((c) => c.path)).toEqual(['/api/users/me']);
  });
});
