import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { apiError, mockFetch } from '../../../test/fetch';
import { testQueryClient } from '../../../test/render';
import { PersonalFeedPanel } from './personal-feed-panel';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

function setup(routes: Parameters<typeof mockFetch>[0]) {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  const fetch = mockFetch(routes);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PersonalFeedPanel />
    </QueryClientProvider>,
  );
  return fetch;
}

describe('PersonalFeedPanel', () => {
  it('makes a link only when asked, shows it to copy, and revokes it', async () => {
    const url = 'http://hearth.test/api/feed/me.ics?token=abc';
    const { calls } = setup({
      'POST /api/feed/me/link': { body: { url } },
      'DELETE /api/feed/me/link': { body: { ok: true } },
    });
    expect(screen.getByRole('heading', { name: 'Your personal feed' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Make my personal feed link' }));
    expect(await screen.findByLabelText('Personal feed link')).toHaveValue(url);
    expect(
      screen.getByText('Personal feed link ready. Any earlier one no longer works.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke my link' }));
    expect(
      await screen.findByText('Personal feed link revoked. Calendar apps using it stop updating.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Personal feed link')).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/feed/me/link',
      'DELETE /api/feed/me/link',
    ]);
  });

  it('says when the link could not be made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'POST /api/feed/me/link': apiError(500, 'internal_error', 'Oops') });
    await userEvent.click(screen.getByRole('button', { name: 'Make my personal feed link' }));
    expect(await screen.findByText("We couldn't make a personal feed link. Please try again.")).toHaveClass(
      'text-danger',
    );
  });
});
