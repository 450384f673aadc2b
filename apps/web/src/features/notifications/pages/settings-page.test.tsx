import type { NotificationSettings, PushSubscription } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { SettingsPage } from './settings-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const DEFAULTS: NotificationSettings = {
  time_zone: 'Europe/Berlin',
  channels: { reminders: ['push', 'email'], tasks: ['push', 'email'], bills: ['email'], house: [] },
  quiet_hours: null,
  digest_time: null,
  email_enabled: true,
};

type Call = { method: string; path: string; body: unknown };
type Answer = { status: number; body: unknown };

/**
 * A stand-in for the notification API that keeps what is saved, as the server does, so a fresh render
 * shows the stored choices. `onPut` may answer a save itself (a refusal).
 */
function server(
  initial: Partial<NotificationSettings> = {},
  options: {
    devices?: PushSubscription[];
    onPut?: (body: unknown) => Answer | undefined;
    failGet?: boolean;
  } = {},
) {
  let stored: NotificationSettings = { ...DEFAULTS, ...initial };
  let devices = options.devices ?? [];
  const calls: Call[] = [];
  const handle = (method: string, path: string, body: unknown): Answer => {
    if (path === '/api/notification-settings/' && method === 'GET') {
      return options.failGet
        ? { status: 503, body: { error: { code: 'database_unavailable', message: 'Try again.' } } }
        : { status: 200, body: stored };
    }
    if (path === '/api/notification-settings/' && method === 'PUT') {
      const refusal = options.onPut?.(body);
      if (refusal) return refusal;
      const input = body as Partial<NotificationSettings>;
      stored = {
        ...stored,
        ...input,
        channels: { ...stored.channels, ...input.channels },
        email_enabled: stored.email_enabled,
      };
      return { status: 200, body: stored };
    }
    if (path === '/api/notification-settings/test' && method === 'POST') {
      return { status: 200, body: { push_sent: devices.length, push_failed: 0, email: 'sent' } };
    }
    if (path === '/api/push-subscription/' && method === 'GET') return { status: 200, body: devices };
    if (path === '/api/users/me' && method === 'GET') {
      return { status: 200, body: { user_id: 1, username: 'Sam', first_name: 'Sam', last_name: 'Rivera' } };
    }
    if (path === '/api/app-password/' && method === 'GET') return { status: 200, body: [] };
    const remove = /^\/api\/push-subscription\/(\d+)$/.exec(path);
    if (remove && method === 'DELETE') {
      devices = devices.filter((d) => d.push_subscription_id !== Number(remove[1]));
      return { status: 200, body: { ok: true } };
    }
    throw new Error(`Unexpected fetch: ${method} ${path}`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const answer = handle(method, url.pathname, body);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, stored: () => stored };
}

const renderPage = () => renderAt(<SettingsPage />, '/settings');
const kind = (name: string) => within(screen.getByRole('group', { name }));
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

// The form has ~400 time zones and typing goes key by key: on a busy machine a test needs more than 5 s.
describe('SettingsPage: notification choices', { timeout: 20_000 }, () => {
  it('shows the stored choices per kind, with push and email', async () => {
    server();
    renderPage();
    expect(await screen.findByRole('group', { name: 'Reminders' })).toBeInTheDocument();
    expect(kind('Reminders').getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(kind('Reminders').getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(kind('Bills and payments').getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
    expect(kind('Bills and payments').getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(kind('House changes').getByRole('checkbox', { name: 'Push' })).not.toBeChecked();
    expect(kind('House changes').getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('checkbox', { name: 'Quiet hours' })).not.toBeChecked();
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('saves the changed choices, quiet hours and digest, and they are there on the next visit', async () => {
    const user = userEvent.setup();
    const api = server();
    const first = renderPage();
    await screen.findByRole('group', { name: 'Reminders' });

    await user.click(kind('My tasks').getByRole('checkbox', { name: 'Email' }));
    await user.click(kind('House changes').getByRole('checkbox', { name: 'Push' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'America/New_York');
    await user.click(screen.getByRole('checkbox', { name: 'Quiet hours' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '21:30');
    await user.click(screen.getByRole('checkbox', { name: 'Daily digest' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toHaveAttribute('role', 'status');
    expect(puts(api.calls)).toHaveLength(1);
    expect(puts(api.calls)[0]?.body).toEqual({
      time_zone: 'America/New_York',
      channels: { reminders: ['push', 'email'], tasks: ['push'], bills: ['email'], house: ['push'] },
      quiet_hours: { start: '21:30', end: '07:00' },
      digest_time: '08:00',
    });

    first.unmount();
    renderPage();
    await screen.findByRole('group', { name: 'Reminders' });
    expect(kind('My tasks').getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(kind('House changes').getByRole('checkbox', { name: 'Push' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
    expect(screen.getByRole('checkbox', { name: 'Quiet hours' })).toBeChecked();
    expect(screen.getByLabelText('From')).toHaveValue('21:30');
    expect(screen.getByLabelText('Until')).toHaveValue('07:00');
    expect(screen.getByLabelText('Send at')).toHaveValue('08:00');
  });

  it('hides the email choice when the server cannot send email, and keeps what was chosen for later', async () => {
    const user = userEvent.setup();
    const api = server({ email_enabled: false });
    renderPage();
    await screen.findByRole('group', { name: 'Reminders' });
    expect(screen.queryByRole('checkbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByText(/notifications come by push only/)).toBeInTheDocument();

    await user.click(kind('Reminders').getByRole('checkbox', { name: 'Push' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(puts(api.calls)[0]?.body).toMatchObject({
      channels: { reminders: ['email'], tasks: ['push', 'email'], bills: ['email'], house: [] },
    });
  });

  it('refuses quiet hours that start and end at the same time, at the field, without sending', async () => {
    const user = userEvent.setup();
    const api = server({ quiet_hours: { start: '22:00', end: '07:00' } });
    renderPage();
    const until = await screen.findByLabelText('Until');
    await user.clear(until);
    await user.type(until, '22:00');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(
      await screen.findByText('Quiet hours need to end at a different time than they start.'),
    ).toBeVisible();
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(until).toHaveFocus();
    expect(puts(api.calls)).toHaveLength(0);
  });

  it('refuses an empty digest time before sending', async () => {
    const user = userEvent.setup();
    const api = server({ digest_time: '07:30' });
    renderPage();
    const at = await screen.findByLabelText('Send at');
    await user.clear(at);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a time such as 08:00.')).toBeVisible();
    expect(puts(api.calls)).toHaveLength(0);
  });

  it("shows the server's refusal at the field it names, and keeps what was typed", async () => {
    const user = userEvent.setup();
    server(
      { quiet_hours: { start: '22:00', end: '07:00' } },
      {
        onPut: () => ({
          status: 400,
          body: {
            error: {
              code: 'validation_failed',
              message: 'quiet_hours.start must be a time such as 22:00.',
              field: 'quiet_hours.start',
            },
          },
        }),
      },
    );
    renderPage();
    const from = await screen.findByLabelText('From');
    await user.clear(from);
    await user.type(from, '23:15');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('quiet_hours.start must be a time such as 22:00.')).toBeVisible();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveValue('23:15');
    expect(screen.queryByText('Settings saved.')).not.toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    server({}, { failGet: true });
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("We couldn't load your notification settings.");
    server();
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Reminders' })).toBeInTheDocument();
  });
});

describe('SettingsPage: devices and the test', { timeout: 20_000 }, () => {
  const phone: PushSubscription = {
    push_subscription_id: 4,
    device_label: 'Firefox on Android with a very long name that has to wrap somewhere sensible',
    created_at: '2026-11-20T09:00:00.000Z',
  };
  const laptop: PushSubscription = {
    push_subscription_id: 5,
    device_label: 'Chrome on Linux',
    created_at: '2026-11-22T09:00:00.000Z',
  };

  it('says this browser cannot receive pushes when it has no Web Push', async () => {
    server();
    renderPage();
    expect(await screen.findByText(/This browser can't receive notifications/)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Enable notifications on this device' }),
    ).not.toBeInTheDocument();
  });

  it('lists the devices and removes one after asking', async () => {
    const user = userEvent.setup();
    const api = server({}, { devices: [laptop, phone] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: 'Remove Chrome on Linux' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this device?' });
    expect(dialog).toHaveTextContent('“Chrome on Linux” will stop getting Hearth notifications.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByText('Chrome on Linux')).not.toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'DELETE', path: '/api/push-subscription/5', body: undefined });
  });

  it('keeps a device when the question is cancelled', async () => {
    const user = userEvent.setup();
    const api = server({}, { devices: [laptop] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your devices' });
    await user.click(within(list).getByRole('button', { name: 'Remove Chrome on Linux' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('shows an empty state without devices', async () => {
    server();
    renderPage();
    expect(await screen.findByText('No devices yet')).toBeInTheDocument();
  });

  it('sends a test and says where it went', async () => {
    const user = userEvent.setup();
    server({}, { devices: [laptop, phone] });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send a test' }));
    await waitFor(() =>
      expect(screen.getByText('Sent to 2 devices. Sent by email.')).toHaveAttribute('role', 'status'),
    );
  });
});

describe('SettingsPage: calendar apps', { timeout: 20_000 }, () => {
  it("has a Calendar apps section with the person's user name", async () => {
    server();
    renderPage();
    const region = await screen.findByRole('region', { name: 'Calendar apps' });
    expect(within(region).getByText('Sam')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Create password' })).toBeInTheDocument();
  });
});
