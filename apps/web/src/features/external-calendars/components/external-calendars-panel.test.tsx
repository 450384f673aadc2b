import type { ExternalCalendar } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { ExternalCalendarsPanel } from './external-calendars-panel';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const BINS: ExternalCalendar = {
  external_calendar_id: 1,
  name: 'Bin collection',
  url: 'webcal://council.example/bins.ics',
  color: '#2f7d6d',
  shared: true,
  last_fetched_at: '2026-11-28T10:00:00.000Z',
  last_error: null,
};
const BROKEN: ExternalCalendar = {
  external_calendar_id: 2,
  name: 'Yoga class with a very long name that has to wrap on a narrow phone screen',
  url: 'https://studio.example/gone.ics',
  color: '#b42318',
  shared: false,
  last_fetched_at: null,
  last_error: 'Nothing was found at the calendar address (404).',
};

/** A stand-in for the outside calendars API that keeps what is sent, as the server does. */
function server(initial: ExternalCalendar[]) {
  let stored = [...initial];
  let next = 10;
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
      if (url.pathname === '/api/external-calendar/' && method === 'GET') return json(200, stored);
      if (url.pathname === '/api/external-calendar/' && method === 'POST') {
        if (body.url.startsWith('https://10.')) {
          return json(400, {
            error: {
              code: 'validation_failed',
              field: 'url',
              message: 'url must be a public address, not a local or private one.',
            },
          });
        }
        const made = {
          external_calendar_id: next++,
          ...body,
          last_fetched_at: '2026-11-28T11:00:00.000Z',
          last_error: null,
        };
        stored = [...stored, made];
        return json(201, made);
      }
      const one = /^\/api\/external-calendar\/(\d+)(\/refresh)?$/.exec(url.pathname);
      const id = Number(one?.[1]);
      if (one && method === 'PUT') {
        stored = stored.map((c) => (c.external_calendar_id === id ? { ...c, ...body } : c));
        return json(
          200,
          stored.find((c) => c.external_calendar_id === id),
        );
      }
      if (one && method === 'DELETE') {
        stored = stored.filter((c) => c.external_calendar_id !== id);
        return json(200, { ok: true });
      }
      if (one?.[2] && method === 'POST') {
        stored = stored.map((c) =>
          c.external_calendar_id === id
            ? { ...c, last_error: null, last_fetched_at: '2026-11-28T12:00:00.000Z' }
            : c,
        );
        return json(
          200,
          stored.find((c) => c.external_calendar_id === id),
        );
      }
      throw new Error(`Unexpected fetch: ${method} ${url.pathname}`);
    }),
  );
  return { calls };
}

describe('ExternalCalendarsPanel', () => {
  it('lists each calendar with who sees it, when it was last updated, and why a fetch failed', async () => {
    server([BINS, BROKEN]);
    renderAt(<ExternalCalendarsPanel />, '/calendar');
    const list = await screen.findByRole('list', { name: 'Outside calendars' });
    const [bins, yoga] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(bins).toHaveTextContent('Bin collection');
    expect(bins).toHaveTextContent('webcal://council.example/bins.ics');
    expect(bins).toHaveTextContent(/Whole house · Last updated .*2026/);
    expect(yoga).toHaveTextContent('Just me · Not read yet');
    expect(yoga).toHaveTextContent('Could not be read: nothing was found at the link (404).');
  });

  it('adds a calendar by link: name, link, colour and just me', async () => {
    const { calls } = server([]);
    renderAt(<ExternalCalendarsPanel />, '/calendar');
    expect(await screen.findByText('No outside calendars yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a calendar by link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a calendar by link' });
    // Nothing is sent without a name and a link.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add calendar' }));
    expect(await within(dialog).findByText('Give the calendar a name.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'School holidays');
    await userEvent.type(within(dialog).getByLabelText('Link'), 'webcal://school.example/holidays.ics');
    await userEvent.selectOptions(within(dialog).getByLabelText('Who sees it'), 'Just me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        name: 'School holidays',
        url: 'webcal://school.example/holidays.ics',
        color: '#2f7d6d',
        shared: false,
      },
    ]);
    expect(await screen.findByText('School holidays')).toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal at the link field and keeps what was typed", async () => {
    server([]);
    renderAt(<ExternalCalendarsPanel />, '/calendar');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a calendar by link' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Router');
    await userEvent.type(within(dialog).getByLabelText('Link'), 'https://10.0.0.1/a.ics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add calendar' }));
    expect(
      await within(dialog).findByText('url must be a public address, not a local or private one.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Link')).toHaveValue('https://10.0.0.1/a.ics');
    expect(within(dialog).getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  it('edits, refreshes and removes a calendar', async () => {
    const { calls } = server([BINS, BROKEN]);
    renderAt(<ExternalCalendarsPanel />, '/calendar');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Bin collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit outside calendar' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Bins');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/external-calendar/1',
      body: { name: 'Bins', url: 'webcal://council.example/bins.ics', color: '#2f7d6d', shared: true },
    });

    await userEvent.click(screen.getByRole('button', { name: `Refresh ${BROKEN.name}` }));
    await waitFor(() => expect(screen.queryByText(/Could not be read/)).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/external-calendar/2/refresh')).toBe(
      true,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Bins' }));
    await waitFor(() => expect(screen.queryByText('Bins')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/external-calendar/1')).toBe(true);
  }, 20_000);

  it('speaks German', async () => {
    await switchLanguage('de');
    try {
      server([BROKEN]);
      renderAt(<ExternalCalendarsPanel />, '/calendar');
      expect(await screen.findByRole('heading', { name: 'Externe Kalender' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Kalender per Link hinzufügen' })).toBeInTheDocument();
      expect(
        await screen.findByText('Konnte nicht gelesen werden: unter dem Link wurde nichts gefunden (404).'),
      ).toBeInTheDocument();
      expect(screen.getByText(/Nur ich · Noch nicht gelesen/)).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
  });
});
