import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { authState } from '../../../test/auth';
import { apiError, mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { rememberReturnTo } from '../return-to';
import { LandingPage } from './landing-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));
const mockedUseAuth = vi.mocked(useAuth);

describe('LandingPage', () => {
  it('shows a full-screen spinner while sign-in state loads', () => {
    mockedUseAuth.mockReturnValue(authState('loading'));
    renderAt(<LandingPage />, '/');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the centred card with the title, welcome text and Login button', () => {
    mockedUseAuth.mockReturnValue(authState('signedOut'));
    renderAt(<LandingPage />, '/');
    expect(screen.getByRole('heading', { name: 'Hearth' })).toBeInTheDocument();
    expect(screen.getByText('Welcome! Please login to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('reads in German, and asks the sign-in pages for German too', async () => {
    await switchLanguage('de');
    try {
      const auth = authState('signedOut');
      mockedUseAuth.mockReturnValue(auth);
      renderAt(<LandingPage />, '/');
      expect(screen.getByText('Willkommen! Bitte melde dich an, um weiterzumachen.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
      expect(auth.signinRedirect).toHaveBeenCalledWith({ ui_locales: 'de' });
    } finally {
      await switchLanguage('en');
    }
  });

  it('starts a redirect login when Login is pressed', async () => {
    const auth = authState('signedOut');
    mockedUseAuth.mockReturnValue(auth);
    renderAt(<LandingPage />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(auth.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('shows nothing once signed in and goes to /home when the user exists', async () => {
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    const { calls } = mockFetch({ 'GET /api/users/me/exists': { body: { exists: true } } });
    const { container } = renderAt(<LandingPage />, '/');
    expect(container).toBeEmptyDOMElement();
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-access-token');
  });

  it('goes back to the route the visitor opened before signing in', async () => {
    rememberReturnTo('/groceries?list=2');
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/users/me/exists': { body: { exists: true } } });
    renderAt(<LandingPage />, '/');
    expect(await screen.findByTestId('location')).toHaveTextContent('/groceries?list=2');
    expect(sessionStorage.length).toBe(0);
  });

  it('goes to /userSetup when the user does not exist yet', async () => {
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    mockFetch({ 'GET /api/users/me/exists': { body: { exists: false } } });
    renderAt(<LandingPage />, '/');
    expect(await screen.findByTestId('location')).toHaveTextContent('/userSetup');
  });

  it('only logs a failed check and stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockedUseAuth.mockReturnValue(authState('signedIn'));
    mockFetch({
      'GET /api/users/me/exists': apiError(
        500,
        'internal_error',
        'Internal error',
        undefined,
        'Server Error',
      ),
    });
    const { container } = renderAt(<LandingPage />, '/');
    await waitFor(() => expect(log).toHaveBeenCalledWith('Error checking user:', expect.any(Error)));
    expect(String(log.mock.calls[0]?.[1])).toContain('Failed to check user: Server Error');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});
