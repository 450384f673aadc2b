import type { User } from '@hearth/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../test/auth';
import { apiError, mockFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { testUser } from '../../test/users';
import { SidebarLayout } from './sidebar-layout';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const me = testUser({ house_id: 3 });

const routes = [
  {
    element: <SidebarLayout />,
    children: [
      { path: 'home', element: <p>Home page</p> },
      { path: 'groceries', element: <p>Groceries page</p> },
    ],
  },
];

function setup(path = '/home', user: User | null = me) {
  const auth = authState('signedIn');
  vi.mocked(useAuth).mockReturnValue(auth);
  mockFetch({
    'GET /api/users/me': user ? { body: user } : apiError(404, 'not_found', 'Profile was not found.'),
  });
  return { auth, ...renderRoutes(routes, path) };
}

/** The wide-screen sidebar (the phone menu is hidden until opened). */
const sidebar = () => screen.getByRole('complementary');

describe('SidebarLayout', () => {
  it('lists every section with its path, and highlights the active one', async () => {
    setup('/groceries');
    expect(await screen.findByText('Groceries page')).toBeInTheDocument();
    const nav = within(sidebar()).getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Calendar', '/calendar'],
      ['Groceries', '/groceries'],
      ['Meals', '/meals'],
      ['Reminders', '/reminders'],
      ['Tasks', '/tasks'],
      ['Bills', '/bills'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Groceries' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it("shows the user's name and signs out with the id token hint", async () => {
    const { auth } = setup();
    expect(await within(sidebar()).findByText('Ada Lovelace')).toBeInTheDocument();
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Sign out' }));
    expect(auth.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'test-id-token' });
  });

  it('opens the phone menu, follows a link and closes it; Esc closes it too', async () => {
    const user = userEvent.setup();
    setup();
    await screen.findByText('Home page');
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(1);

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(within(panel!).getByRole('link', { name: 'Home' })).toHaveFocus();
    expect(within(panel!).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.click(within(panel!).getByRole('link', { name: 'Groceries' }));
    expect(await screen.findByText('Groceries page')).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    // The nav is memoised; its links still follow the page.
    const nav = within(sidebar()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Groceries' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await user.click(menu);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    expect(panel).not.toBeVisible();
  });

  it('sends a signed-in user without a profile to /userSetup', async () => {
    setup('/home', null);
    expect(await screen.findByTestId('location')).toHaveTextContent('/userSetup');
  });
});
