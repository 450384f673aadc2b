import type { House } from '@hearth/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { testQueryClient } from '../../../test/render';
import { houseKeys } from '../api';
import { HouseInviteCard, inviteLink } from './house-invite-card';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const house: House = {
  house_id: 9,
  house_name: 'Elm Street',
  house_img: null,
  house_code: 'ABCD234567',
  time_zone: 'UTC',
};

function renderCard() {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  const queryClient = testQueryClient();
  queryClient.setQueryData(houseKeys.detail(house.house_id), house);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <HouseInviteCard house={house} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

describe('HouseInviteCard', () => {
  it('builds invite links that pre-fill the code', () => {
    expect(inviteLink('ABCD234567', 'https://hearth.example')).toBe(
      'https://hearth.example/houseSetup?code=ABCD234567',
    );
  });

  it('shows the code and copies it, announcing Copied!', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderCard();
    expect(screen.getByText('ABCD234567')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('ABCD234567');
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Copied!');
  });

  it('copies the invite link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/houseSetup?code=ABCD234567`);
  });

  it('makes a new code only after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'POST /api/house/9/code': { body: { ...house, house_code: 'NEWCODE234' } },
    });
    const { queryClient } = renderCard();

    await user.click(screen.getByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new invite code?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'New code' }));
    await user.click(await screen.findByRole('button', { name: 'Make new code' }));
    expect(await screen.findByText('New code ready.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(queryClient.getQueryData<House>(houseKeys.detail(9))?.house_code).toBe('NEWCODE234');
  });
});
