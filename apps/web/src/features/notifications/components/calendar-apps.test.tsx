import type { AppPassword } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { CalendarApps } from './calendar-apps';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

/** A stand-in for the app-password API that keeps what is made, as the server does. */
function server(initial: AppPassword[] = []) {
  let stored = [...initial];
  let next = 100;
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const json = (status: number, value: unknown) =>
        new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/app-password/' && method === 'GET') return json(200, stored);
      if (url.pathname === '/api/app-password/' && method === 'POST') {
        const made = {
          app_password_id: next++,
          label: body.label,
          created_at: '2026-11-28T10:00:00Z',
          last_used_at: null,
        };
        stored = [made, ...stored];
        return json(201, { ...made, password: 'abcdefg-hijkmnp-qrstuvw-xyz2345' });
      }
      const remove = /^\/api\/app-password\/(\d+)$/.exec(url.pathname);
      if (remove && method === 'DELETE') {
        stored = stored.filter((p) => p.app_password_id !== Number(remove[1]));
        return json(200, { ok: true });
      }
      throw new Error(`Unexpected fetch: ${method} ${url.pathname}`);
    }),
  );
  return { calls };
}

const renderSection = () =>
  renderAt(<CalendarApps username="Alice" origin="https://hearth.example" headingId="pw" />, '/settings');

describe('CalendarApps', () => {
  it('shows what to enter in a calendar app: the server address, the user name and the exact addresses', async () => {
    server();
    renderSection();
    expect(screen.getByText('https://hearth.example/')).toBeInTheDocument();
    expect(screen.getByText('Alice')).toBeInTheDocument();
    expect(screen.getByText('https://hearth.example/dav/calendars/alice/house/')).toBeInTheDocument();
    expect(screen.getByText('https://hearth.example/dav/calendars/alice/reminders/')).toBeInTheDocument();
    expect(await screen.findByText('No app passwords yet.')).toBeInTheDocument();
    expect(screen.getByText('Android (DAVx⁵)')).toBeInTheDocument();
    expect(screen.getByText('Home Assistant')).toBeInTheDocument();
  });

  it('makes a password with a label, shows it once with a copy button, lists it, and removes it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = server();
    renderSection();
    await screen.findByText('No app passwords yet.');

    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(
      await screen.findByText('Give the password a label, e.g. the device it is for.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Label'), "Alice's iPhone");
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(await screen.findByTestId('new-app-password')).toHaveTextContent(
      'abcdefg-hijkmnp-qrstuvw-xyz2345',
    );
    expect(screen.getByText(/Copy it now: it is shown only once/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ label: "Alice's iPhone" });

    await user.click(screen.getByRole('button', { name: 'Copy password' }));
    expect(writeText).toHaveBeenCalledWith('abcdefg-hijkmnp-qrstuvw-xyz2345');

    const list = await screen.findByRole('list', { name: 'Your app passwords' });
    expect(within(list).getByText("Alice's iPhone")).toBeInTheDocument();
    expect(within(list).getByText('Not used yet')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: "Remove Alice's iPhone" }));
    await waitFor(() => expect(screen.queryByTestId('new-app-password')).not.toBeInTheDocument());
    expect(await screen.findByText('No app passwords yet.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/100'))).toBe(true);
  });

  it('says when a password was last used', async () => {
    server([
      {
        app_password_id: 7,
        label: 'Tablet',
        created_at: '2026-11-01T10:00:00Z',
        last_used_at: '2026-11-20T10:00:00Z',
      },
    ]);
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your app passwords' });
    expect(within(list).getByText(/^Last used/)).toBeInTheDocument();
  });
});
