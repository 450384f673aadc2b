import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { userKeys } from '../features/users';
import { createApiClient } from '../lib/api-client';
import { authState } from '../test/auth';
import { mockFetch } from '../test/fetch';
import { testQueryClient } from '../test/render';
import { testUser } from '../test/users';
import { appRoutes } from './router';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const me = testUser();
// Every page, the shell's parts included, loads its code on first use: slow on a busy machine.
const LAZY = { timeout: 10_000 };

function open(path: string, state: 'signedIn' | 'signedOut' = 'signedIn') {
  vi.mocked(useAuth).mockReturnValue(authState(state));
  const fetch = mockFetch({ 'GET /api/users/me': { body: me } });
  const queryClient = testQueryClient();
  const signedIn = state === 'signedIn';
  const router = createMemoryRouter(
    appRoutes({
      queryClient,
      signedInApi: async () => (signedIn ? createApiClient({ getAccessToken: () => 'token' }) : null),
    }),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, fetch };
}

describe('routes', () => {
  it('shows the landing page at /', async () => {
    open('/', 'signedOut');
    expect(await screen.findByRole('button', { name: 'Login' }, LAZY)).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a feature page to the landing page', async () => {
    const { router } = open('/tasks', 'signedOut');
    expect(await screen.findByRole('button', { name: 'Login' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens the Tasks page from its sidebar entry', async () => {
    open('/tasks');
    expect(await screen.findByRole('heading', { name: 'Tasks', level: 1 }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the Bills page from its sidebar entry', async () => {
    open('/bills');
    expect(await screen.findByRole('heading', { name: 'Bills', level: 1 }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bills' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows Page not found with a link home for an unknown path', async () => {
    open('/no-such-page');
    expect(await screen.findByText('Page not found', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
  });

  it('loads the profile setup page outside the sidebar layout', async () => {
    open('/userSetup');
    expect(await screen.findByRole('heading', { name: 'Set Up Your Profile' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("has the profile in the query cache (the sidebar layout's loader) before a page renders", async () => {
    const { queryClient } = open('/tasks');
    expect(await screen.findByRole('heading', { name: 'Tasks', level: 1 }, LAZY)).toBeInTheDocument();
    expect(queryClient.getQueryData(userKeys.me())).toEqual(me);
  });
});
