import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../test/auth';
import { renderRoutes, testQueryClient } from '../../test/render';
import { RequireAuth } from './require-auth';
import { peekReturnTo } from './return-to';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));
const mockedUseAuth = vi.mocked(useAuth);

const routes = [
  { element: <RequireAuth />, children: [{ path: 'calendar', element: <p>Calendar page</p> }] },
];

describe('RequireAuth', () => {
  it('sends a signed-out visitor to / and remembers where they were going', async () => {
    mockedUseAuth.mockReturnValue(authState('signedOut'));
    renderRoutes(routes, '/calendar?view=week');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Calendar page')).not.toBeInTheDocument();
    expect(peekReturnTo()).toBe('/calendar?view=week');
  });

  it('shows a spinner while sign-in state loads', () => {
    mockedUseAuth.mockReturnValue(authState('loading'));
    renderRoutes(routes, '/calendar');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Calendar page')).not.toBeInTheDocument();
  });

  it('keeps the page on screen, mounted once, while a token is renewed in the background', () => {
    const mounted = vi.fn();
    function Page() {
      useEffect(mounted, []);
      return <p>Calendar page</p>;
    }
    const queryClient = testQueryClient();
    const tree = () => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/calendar']}>
          <Routes>
            <Route element={<RequireAuth />}>
              <Route path="calendar" element={<Page />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    );
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    const { rerender } = render(tree());
    mockedUseAuth.mockReturnValue(
      authState('signedIn', { isLoading: true, activeNavigator: 'signinSilent' }),
    );
    rerender(tree());
    expect(screen.getByText('Calendar page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    rerender(tree());
    expect(mounted).toHaveBeenCalledTimes(1);
  });

  it('renders the page for a signed-in user', () => {
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    renderRoutes(routes, '/calendar');
    expect(screen.getByText('Calendar page')).toBeInTheDocument();
    expect(peekReturnTo()).toBeNull();
  });
});
