import type { CalendarSubscription } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { testQueryClient } from '../../../test/render';
import { SubscribePanel } from './subscribe-panel';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const HTTPS = 'https://hearth.example/api/event/house/1/calendar.ics?token=secretAAAA';
const made: CalendarSubscription = {
  subscription_id: 5,
  house_id: 1,
  created_at: '2026-05-01T10:00:00.000Z',
  hint: 'AAAA',
  https_url: HTTPS,
  webcal_url: HTTPS.replace('https:', 'webcal:'),
};
const described: CalendarSubscription = { ...made, https_url: null, webcal_url: null };

function setup(routes: Parameters<typeof mockFetch>[0]) {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  const fetch = mockFetch(routes);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <SubscribePanel userId={3} />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('SubscribePanel', () => {
  it('asks for the link only when the member wants it, then shows both forms with copy buttons', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = setup({ 'GET /api/event/subscription': { body: made } });
    expect(screen.getByRole('heading', { name: 'Subscribe' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Show my calendar link' }));
    expect(await screen.findByLabelText('Calendar apps (webcal://)')).toHaveValue(made.webcal_url);
    expect(screen.getByLabelText('Web address (https://)')).toHaveValue(HTTPS);
    expect(screen.getByRole('link', { name: 'Open in my calendar app' })).toHaveAttribute(
      'href',
      made.webcal_url,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Copy Web address (https://)' }));
    expect(writeText).toHaveBeenCalledWith(HTTPS);
    expect(await screen.findAllByText('Copied!')).not.toHaveLength(0);
  });

  it('remembers the links in this browser, since the server shows them only once', async () => {
    setup({ 'GET /api/event/subscription': { body: made } });
    await userEvent.click(screen.getByRole('button', { name: 'Show my calendar link' }));
    await screen.findByLabelText('Calendar apps (webcal://)');
    expect(JSON.parse(localStorage.getItem('hearth.calendar-link.3') ?? '{}')).toMatchObject({
      subscription_id: 5,
      https_url: HTTPS,
    });
  });

  it('shows remembered links when the server only describes the subscription', async () => {
    localStorage.setItem(
      'hearth.calendar-link.3',
      JSON.stringify({ subscription_id: 5, https_url: HTTPS, webcal_url: made.webcal_url }),
    );
    setup({ 'GET /api/event/subscription': { body: described } });
    await userEvent.click(screen.getByRole('button', { name: 'Show my calendar link' }));
    expect(await screen.findByLabelText('Web address (https://)')).toHaveValue(HTTPS);
  });

  it('explains a link made elsewhere, and revokes it for a new one after asking', async () => {
    const next = {
      ...made,
      subscription_id: 6,
      hint: 'BBBB',
      https_url: `${HTTPS}B`,
      webcal_url: `${made.webcal_url}B`,
    };
    const { calls } = setup({
      'GET /api/event/subscription': { body: described },
      'POST /api/event/subscription/rotate': { body: next },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show my calendar link' }));
    expect(await screen.findByText(/ending in/)).toHaveTextContent('…AAAA');
    expect(screen.queryByLabelText('Web address (https://)')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Revoke and make a new link' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke and make a new link' }));
    await waitFor(() => expect(screen.getByLabelText('Web address (https://)')).toHaveValue(`${HTTPS}B`));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('New link ready. The old one no longer works.')).toBeInTheDocument();
  });
});
