import type { House, User } from '@hearth/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { apiError, mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { peekReturnTo } from '../../auth';
import { HouseSetupPage } from './house-setup-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));
vi.mock('../../../lib/image-resize', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/image-resize')>()),
  shrinkImage: vi.fn(async () => 'data:image/webp;base64,UklGRg=='),
}));

const me = testUser();
const house: House = {
  house_id: 9,
  house_name: 'Elm Street',
  house_img: null,
  house_code: 'ABCD234567',
  time_zone: 'UTC',
};

function setup(routes: Parameters<typeof mockFetch>[0] = {}, user: User | null = me) {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  return mockFetch({
    'GET /api/users/me': user ? { body: user } : apiError(404, 'not_found', 'Profile was not found.'),
    ...routes,
  });
}

/** A reply that waits until the test releases it. */
function held<T>() {
  let release: (value: T) => void = () => {};
  const reply = () => new Promise<T>((resolve) => (release = resolve));
  return { reply, release: (value: T) => release(value) };
}

describe('HouseSetupPage', () => {
  it('offers Join House and Create House, and Back returns to the choice', async () => {
    setup();
    renderAt(<HouseSetupPage />, '/houseSetup');
    await userEvent.click(await screen.findByRole('button', { name: 'Join House' }));
    expect(screen.getByLabelText('House Code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    await userEvent.click(screen.getByRole('button', { name: 'Create House' }));
    expect(screen.getByLabelText('House Name')).toBeInTheDocument();
    expect(screen.getByLabelText('House Photo (optional)')).toHaveAttribute('accept', 'image/*');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Join House' })).toBeInTheDocument();
    expect(screen.queryByLabelText('House Name')).not.toBeInTheDocument();
  });

  it("joins with a code: disabled while empty, 'Joining...' while busy, then /home", async () => {
    const join = held<{ body: House }>();
    const { calls } = setup({ 'PUT /api/house/ABCD234567': join.reply });
    renderAt(<HouseSetupPage />, '/houseSetup');
    await userEvent.click(await screen.findByRole('button', { name: 'Join House' }));
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('House Code'), '   ');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();

    await userEvent.clear(screen.getByLabelText('House Code'));
    await userEvent.type(screen.getByLabelText('House Code'), 'ABCD234567');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(
      calls.some((c) => c.method === 'PUT' && c.headers.get('Authorization') === 'Bearer test-access-token'),
    ).toBe(true);

    join.release({ body: house });
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
  });

  it('sends one join request for a double-click on Join, and keeps the code when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const join = held<{ status: number; statusText: string }>();
    const { calls } = setup({ 'PUT /api/house/ABCD234567': join.reply });
    renderAt(<HouseSetupPage />, '/houseSetup?code=ABCD234567');
    const button = await screen.findByRole('button', { name: 'Join' });
    // Two clicks in one go, before React has re-rendered the button as disabled.
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Joining...' }));
    join.release({ status: 500, statusText: 'Internal Server Error' });

    expect(await screen.findByRole('button', { name: 'Join' })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.getByLabelText('House Code')).toHaveValue('ABCD234567');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('pre-fills the code from an invite link and opens Join mode', async () => {
    setup();
    renderAt(<HouseSetupPage />, '/houseSetup?code=XYZW987654');
    expect(await screen.findByLabelText('House Code')).toHaveValue('XYZW987654');
    expect(screen.getByRole('button', { name: 'Join' })).toBeEnabled();
  });

  it('explains a wrong code, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({
      'PUT /api/house/WRONG': apiError(404, 'not_found', 'No house has that code; it was not found.'),
    });
    renderAt(<HouseSetupPage />, '/houseSetup?code=WRONG');
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No house has that code. Check it and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('House Code')).toHaveAttribute('aria-invalid', 'true');
    expect(log).toHaveBeenCalledWith('Error joining house:', expect.any(Error));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('explains that the user already belongs to a house', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({
      'PUT /api/house/ABCD234567': apiError(409, 'already_in_house', 'You already belong to a house.'),
    });
    renderAt(<HouseSetupPage />, '/houseSetup?code=ABCD234567');
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already belong to a house.');
  });

  it("creates a house with a name and photo: 'Creating...' while busy, then /home", async () => {
    const create = held<{ status: number; body: House }>();
    const { calls } = setup({ 'POST /api/house/': create.reply });
    renderAt(<HouseSetupPage />, '/houseSetup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create House' }));
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('House Name'), '  Elm Street ');
    await userEvent.upload(
      screen.getByLabelText('House Photo (optional)'),
      new File(['x'], 'h.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('House photo preview')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      house_name: 'Elm Street',
      house_img: 'data:image/webp;base64,UklGRg==',
    });
    create.release({ status: 201, body: house });
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
  });

  it('keeps Create disabled while House Name is only spaces, and sends nothing', async () => {
    const { calls } = setup();
    renderAt(<HouseSetupPage />, '/houseSetup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create House' }));
    await userEvent.type(screen.getByLabelText('House Name'), '    ');
    expect(screen.getByLabelText('House Name')).toHaveValue('    ');
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('House Name'), '{Enter}');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('only logs a create failure the user cannot fix', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'POST /api/house/': { status: 500, statusText: 'Internal Server Error' } });
    renderAt(<HouseSetupPage />, '/houseSetup');
    await userEvent.click(await screen.findByRole('button', { name: 'Create House' }));
    await userEvent.type(screen.getByLabelText('House Name'), 'Elm Street');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('button', { name: 'Create' })).toBeEnabled();
    expect(log).toHaveBeenCalledWith('Error creating house:', expect.any(Error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends someone already in a house to /home', async () => {
    setup({}, { ...me, house_id: 9 });
    renderAt(<HouseSetupPage />, '/houseSetup');
    expect(await screen.findByTestId('location')).toHaveTextContent('/home');
  });

  it('sends someone without a profile to /userSetup, keeping the invite for later', async () => {
    setup({}, null);
    renderAt(<HouseSetupPage />, '/houseSetup?code=ABCD234567');
    expect(await screen.findByTestId('location')).toHaveTextContent('/userSetup');
    expect(peekReturnTo()).toBe('/houseSetup?code=ABCD234567');
  });
});
