import type { House } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { HomePage } from './home-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const me = testUser({ house_id: 3 });
const house: House = {
  house_id: 3,
  house_name: 'Elm Street',
  house_img: 'data:image/webp;base64,UklGRg==',
  house_code: 'ABCD234567',
  time_zone: 'UTC',
};

describe('HomePage', () => {
  it('shows a loading screen, then the welcome heading, the house and its invite code', async () => {
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/users/me': { body: me }, 'GET /api/house/3': { body: house } });
    renderAt(<HomePage />, '/home');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your home');

    expect(await screen.findByRole('heading', { name: 'Welcome home, Ada Lovelace!' })).toBeInTheDocument();
    // The house is asked alongside the sections: its name joins the heading when it comes.
    expect(await screen.findByText('Elm Street')).toBeInTheDocument();
    expect(document.querySelector('header img')).toHaveAttribute('src', house.house_img);
    expect(screen.getByText('ABCD234567')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join or create a house' })).not.toBeInTheDocument();
  });

  it('invites someone without a house to join or create one', async () => {
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/users/me': { body: { ...me, house_id: null } } });
    renderAt(<HomePage />, '/home');
    expect(await screen.findByRole('heading', { name: 'Welcome home, Ada Lovelace!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join or create a house' })).toHaveAttribute(
      'href',
      '/houseSetup',
    );
    expect(screen.queryByRole('button', { name: 'Copy code' })).not.toBeInTheDocument();
  });

  it("only logs 'Failed to fetch house' and still greets the user", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({
      'GET /api/users/me': { body: me },
      'GET /api/house/3': { status: 404, statusText: 'Not Found' },
    });
    renderAt(<HomePage />, '/home');
    expect(await screen.findByRole('heading', { name: 'Welcome home, Ada Lovelace!' })).toBeInTheDocument();
    // The sections ask alongside the house (their reads are not answered here): the house's failure is one
    // of the logged ones.
    await waitFor(() =>
      expect(log.mock.calls.map((call) => call.map(String).join(' '))).toContainEqual(
        expect.stringContaining('Failed to fetch house: Not Found'),
      ),
    );
    // Nothing about the house shows (the sections below have their own reads, not answered here).
    expect(
      within(document.querySelector('header') as HTMLElement).queryByRole('alert'),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch house/)).not.toBeInTheDocument();
  });

  it("only logs 'Failed to fetch user' when the profile cannot be loaded, and stops loading", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/users/me': { status: 500, statusText: 'Internal Server Error' } });
    renderAt(<HomePage />, '/home');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your home');

    await waitFor(() => expect(log).toHaveBeenCalled());
    const logged = log.mock.calls[0]?.[0];
    expect(logged).toBeInstanceOf(Error);
    expect((logged as Error).message).toBe('Failed to fetch user: Internal Server Error');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows its sections together once their first answers are in, so none pushes another down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The profile and the house answer at once; every section's own read waits until released.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/users/me') return Response.json(me);
        if (path === '/api/house/3') return Response.json(house);
        await held;
        return Response.json(
          { error: { code: 'database_unavailable', message: 'Try again.' } },
          { status: 503 },
        );
      }),
    );
    renderAt(<HomePage />, '/home');
    expect(await screen.findByRole('heading', { name: 'Welcome home, Ada Lovelace!' })).toBeInTheDocument();
    const sections = document.querySelector('[aria-busy]');
    expect(sections).toHaveAttribute('aria-busy', 'true');
    expect(sections?.querySelector('[role="status"]')).toHaveTextContent('Loading your home');

    release();
    await waitFor(() => expect(sections).toHaveAttribute('aria-busy', 'false'), { timeout: 1500 });
  });
});
