import type { User } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { apiError, mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { rememberReturnTo } from '../../auth';
import { UserSetupPage } from './user-setup-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));
vi.mock('../../../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/image-resize')>()),
  shrinkImage: vi.fn(async () => 'data:image/webp;base64,UklGRg=='),
}));

const saved = testUser();

const noProfile = apiError(404, 'not_found', 'Profile was not found.', undefined, 'Not Found');

/** Signed in; GET /api/users/me answers `me` (404 for null); `routes` add more answers. */
function setup(me: User | null = null, routes: Parameters<typeof mockFetch>[0] = {}) {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  return mockFetch({ 'GET /api/users/me': me ? { body: me } : noProfile, ...routes });
}

describe('UserSetupPage', () => {
  it('shows the title and every field, with identity data prefilled', async () => {
    setup();
    renderAt(<UserSetupPage />, '/userSetup');
    expect(await screen.findByRole('heading', { name: 'Set Up Your Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('placeholder', 'X-XXX-XXX-XXXX');
    expect(screen.getByLabelText('Profile Image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  });

  it('does nothing and says nothing when a required field is empty', async () => {
    const { calls } = setup();
    renderAt(<UserSetupPage />, '/userSetup');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Profile' }));
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("saves, shows 'Saving...' while busy, then goes to /houseSetup", async () => {
    let answer: (value: { body: User }) => void = () => {};
    const { calls } = setup(null, {
      'POST /api/users/': () =>
        new Promise<{ body: User }>((resolve) => {
          answer = resolve;
        }),
    });
    renderAt(<UserSetupPage />, '/userSetup');

    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Phone Number'), '1-555-123-4567');
    await userEvent.upload(
      screen.getByLabelText('Profile Image'),
      new File(['x'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Profile image preview')).toHaveClass('object-cover');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      username: 'ada',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone_num: '1-555-123-4567',
      profile_img: 'data:image/webp;base64,UklGRg==',
      language: null,
    });
    answer({ body: saved });
    expect(await screen.findByTestId('location')).toHaveTextContent('/houseSetup');
  });

  it('saves the chosen language with the profile, and offers following the browser', async () => {
    const { calls } = setup(null, { 'POST /api/users/': { body: saved } });
    renderAt(<UserSetupPage />, '/userSetup');
    const language = await screen.findByLabelText('Language');
    expect(language).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Same as this browser' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.selectOptions(language, 'Deutsch');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await screen.findByTestId('location');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ language: 'de' });
  });

  it('keeps an invite code remembered before sign-in for house setup', async () => {
    rememberReturnTo('/houseSetup?code=ABCD2345');
    setup(null, { 'POST /api/users/': { body: saved } });
    renderAt(<UserSetupPage />, '/userSetup');
    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/houseSetup?code=ABCD2345');
  });

  it('prefills a saved profile and goes home after saving when already in a house', async () => {
    const member = { ...saved, username: 'ada.l', phone_num: '1-555-000-1111', house_id: 4 };
    setup(member, { 'POST /api/users/': { body: member } });
    renderAt(<UserSetupPage />, '/userSetup');
    expect(await screen.findByLabelText('Username')).toHaveValue('ada.l');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('1-555-000-1111');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
  });

  it('says so at the Username field when the username is taken', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup(null, {
      'POST /api/users/': apiError(409, 'username_taken', 'That username is already taken.', 'username'),
    });
    renderAt(<UserSetupPage />, '/userSetup');
    const username = await screen.findByLabelText('Username');
    await userEvent.type(username, 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText('That username is already taken.')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('That username is already taken.');
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("shows another validation error's message at the field it names", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup(null, {
      'POST /api/users/': apiError(400, 'validation_failed', 'email must be an email address.', 'email'),
    });
    renderAt(<UserSetupPage />, '/userSetup');
    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('email must be an email address.'),
    );
  });

  it('logs any other failure and asks to try again', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup(null, { 'POST /api/users/': { status: 503, statusText: 'Service Unavailable' } });
    renderAt(<UserSetupPage />, '/userSetup');
    await userEvent.type(await screen.findByLabelText('Username'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't save your profile. Please try again.",
    );
    expect(String(log.mock.calls.at(-1)?.[1])).toContain('Failed to create user: Service Unavailable');
  });
});
