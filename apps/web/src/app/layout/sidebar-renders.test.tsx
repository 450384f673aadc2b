import { screen } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../test/auth';
import { mockFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { SidebarLayout } from './sidebar-layout';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));
// One link whose icon counts how often the nav is drawn.
const { NavIcon } = vi.hoisted(() => ({ NavIcon: vi.fn(() => null) }));
vi.mock('../feature', async (actual) => ({
  ...(await actual<typeof import('../feature')>()),
  navEntries: () => [{ name: 'Home', path: '/home', icon: NavIcon, order: 0 }],
}));

describe('SidebarLayout', () => {
  it('draws its nav once per place (phone menu, sidebar) while the profile loads and the page appears', async () => {
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/users/me': { body: testUser({ house_id: 3 }) } });
    renderRoutes(
      [{ element: <SidebarLayout />, children: [{ path: 'home', element: <p>Home page</p> }] }],
      '/home',
    );
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(NavIcon).toHaveBeenCalledTimes(2);
  });
});
