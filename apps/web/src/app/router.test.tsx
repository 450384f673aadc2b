import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../test/auth';
import { mockFetch } from '../test/fetch';
import { LocationProbe, testQueryClient } from '../test/render';
import { testUser } from '../test/users';
import { AppRoutes, appRoutes, preloadRoutes } from './router';
import { loadRoute } from './routing/lazy-route';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const me = testUser();
// Every page, the shell's parts included, loads its code on first use: slow on a busy machine.
const LAZY = { timeout: 10_000 };

function open(path: string, state: 'signedIn' | 'signedOut' = 'signedIn') {
  vi.mocked(useAuth).mockReturnValue(authState(state));
  mockFetch({ 'GET /api/users/me': { body: me } });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('routes', () => {
  it('shows the landing page at /', async () => {
    open('/', 'signedOut');
    expect(await screen.findByRole('button', { name: 'Login' }, LAZY)).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a feature page to the landing page', async () => {
    open('/tasks', 'signedOut');
    expect(await screen.findByRole('button', { name: 'Login' }, LAZY)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
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

  it('starts loading every route an address matches at once: shell, guard and page', async () => {
    const loads: string[] = [];
    const loader = (name: string) => async () => {
      loads.push(name);
      return { Component: () => null };
    };
    const table = [
      {
        path: '/',
        children: [
          { index: true, lazy: loader('landing') },
          {
            lazy: loader('guard'),
            children: [{ lazy: loader('sidebar'), children: [{ path: 'tasks', lazy: loader('tasks') }] }],
          },
        ],
      },
    ];
    preloadRoutes('/tasks', table);
    expect(loads).toEqual(['guard', 'sidebar', 'tasks']);
    // Asked again (the page renders), each loads once.
    const guard = table[0]?.children?.[1]?.lazy;
    if (!guard) throw new Error('no guard route');
    await loadRoute(guard);
    preloadRoutes('/tasks', table);
    expect(loads).toEqual(['guard', 'sidebar', 'tasks']);
  });

  it("preloads the app's own shell with a feature page", () => {
    // The table itself: /tasks lies behind the guard, the offline copy and the sidebar.
    const shell = appRoutes[0]?.children?.find((r) => r.lazy && !r.path && !r.index);
    expect(shell?.children?.[0]?.children?.at(-1)?.children?.some((r) => r.path === 'tasks')).toBe(true);
  });
});
