import type { AccessToken } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { ApiTokens } from './api-tokens';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const TOKEN = `hearth_pat_${'a'.repeat(43)}`;

/** A stand-in for the access-token API that keeps what is made, as the server does. */
function server(initial: AccessToken[] = [], { failList = false } = {}) {
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
      if (url.pathname === '/api/access-token/' && method === 'GET') {
        return failList ? json(503, { error: { code: 'unavailable', message: 'down' } }) : json(200, stored);
      }
      if (url.pathname === '/api/access-token/' && method === 'POST') {
        const made: AccessToken = {
          access_token_id: next++,
          label: body.label,
          scope: body.scope,
          created_at: '2026-11-28T10:00:00Z',
          expires_at: body.expires_in_days === null ? null : '2027-11-28T10:00:00Z',
          last_used_at: null,
        };
        stored = [made, ...stored];
        return json(201, { ...made, token: TOKEN });
      }
      const revoke = /^\/api\/access-token\/(\d+)$/.exec(url.pathname);
      if (revoke && method === 'DELETE') {
        stored = stored.filter((p) => p.access_token_id !== Number(revoke[1]));
        return json(200, { ok: true });
      }
      throw new Error(`Unexpected fetch: ${method} ${url.pathname}`);
    }),
  );
  return { calls };
}

const renderSection = () => renderAt(<ApiTokens headingId="tokens" />, '/settings');

describe('ApiTokens', () => {
  it('makes a token with a label, scope and expiry, shows it once with a copy button, lists it, and revokes it', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = server();
    renderSection();
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Give the token a label, e.g. what will use it.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Label'), 'Home Assistant');
    await user.selectOptions(screen.getByLabelText('Access'), 'read_write');
    await user.selectOptions(screen.getByLabelText('Expires'), 'In 365 days');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByTestId('new-api-token')).toHaveTextContent(TOKEN);
    expect(screen.getByText(/Copy it now: it will not be shown again/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Home Assistant',
      scope: 'read_write',
      expires_in_days: 365,
    });

    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(TOKEN);

    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('Home Assistant')).toBeInTheDocument();
    expect(within(list).getByText('(Read & write)')).toBeInTheDocument();
    expect(within(list).getByText(/never used/)).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Revoke the token Home Assistant' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-token')).not.toBeInTheDocument());
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/100'))).toBe(true);
  });

  it('offers 30, 90 and 365 days or never, read-only by default, and sends null for never', async () => {
    const user = userEvent.setup();
    const api = server();
    renderSection();
    await screen.findByText('No API tokens yet.');
    const expiry = screen.getByLabelText('Expires');
    expect(
      within(expiry)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['In 30 days', 'In 90 days', 'In 365 days', 'Never']);
    await user.type(screen.getByLabelText('Label'), 'Script');
    await user.selectOptions(expiry, 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('new-api-token');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      label: 'Script',
      scope: 'read',
      expires_in_days: null,
    });
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText(/never expires/)).toBeInTheDocument();
  });

  it('lists when each token was made, expires and was last used', async () => {
    server([
      {
        access_token_id: 7,
        label: 'Shortcut',
        scope: 'read',
        created_at: '2026-11-01T10:00:00Z',
        expires_at: '2027-01-30T10:00:00Z',
        last_used_at: '2026-11-20T10:00:00Z',
      },
    ]);
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('(Read only)')).toBeInTheDocument();
    const line = within(list).getByText(/^Created/);
    expect(line.textContent).toMatch(/^Created .+ · expires .+ · last used .+$/);
  });

  it('says when the tokens cannot be loaded, with a way to try again', async () => {
    server([], { failList: true });
    renderSection();
    expect(await screen.findByText('Your API tokens could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
