import type { House, Member } from '@hearth/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { apiError, mockFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { testUser } from '../../../test/users';
import { HousePage } from './house-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

const me = testUser({ house_id: 3 });
const house: House = {
  house_id: 3,
  house_name: 'Elm Street',
  house_img: null,
  house_code: 'ABCD234567',
  time_zone: 'UTC',
};
const member = (user_id: number, first_name: string, overrides: Partial<Member> = {}): Member => ({
  user_id,
  username: first_name.toLowerCase(),
  first_name,
  last_name: 'Lovelace',
  profile_img: null,
  joined_at: '2026-03-05T10:00:00.000Z',
  removal_requested_by: null,
  ...overrides,
});
const ada = member(1, 'Ada');
const longName = 'Bartholomew-Maximilian-Montgomery-Wolfeschlegelsteinhausenberger';
const bart = member(2, longName);
const cy = member(4, 'Cy', { removal_requested_by: 2 });
const noBalance = { currency: null, members: [], people: [], settle: [] };

let auth: ReturnType<typeof authState>;
beforeEach(() => {
  auth = authState('signedIn');
  vi.mocked(useAuth).mockReturnValue(auth);
});

function renderPage() {
  return renderRoutes([{ path: '/house', element: <HousePage /> }], '/house');
}

const base = (members: Member[]) => ({
  'GET /api/users/me': { body: me },
  'GET /api/house/3': { body: house },
  'GET /api/house/3/members': { body: members },
  'GET /api/balance/': { body: noBalance },
  'GET /api/house/3/currency': { body: { currency: 'EUR', locked: false } },
  'GET /api/webhook/': { body: [] },
});

describe('HousePage', () => {
  it('lists the members with when they joined and says the removal rule', async () => {
    mockFetch(base([ada, bart, cy]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Elm Street' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Members' });
    const items = await within(list).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Ada Lovelace (you)');
    expect(items[0]).toHaveTextContent('Joined');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    // Long names wrap instead of widening the page.
    expect(within(items[1]!).getByText(new RegExp(longName)).className).toContain('break-words');
    expect(items[2]).toHaveTextContent(`${longName} Lovelace asked to remove them.`);
    expect(
      screen.getByText(/Removing someone takes effect when a second member confirms it\./),
    ).toBeInTheDocument();
    expect(screen.getByText('ABCD234567')).toBeInTheDocument();
  });

  it('asks before removing, and reports a request that waits for confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      ...base([ada, bart, cy]),
      'POST /api/house/3/members/2/remove': { body: { status: 'pending' } },
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(list).getByRole('button', { name: `Remove ${longName} Lovelace` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('takes effect when a second member confirms');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Another member needs to confirm\./)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/house/3/members/2/remove')).toBe(true);
    // Cy's removal was asked by someone else: this member's word confirms it.
    expect(screen.getByRole('button', { name: 'Confirm removal of Cy Lovelace' })).toBeInTheDocument();
  });

  it('says what leaving does, then leaves and goes to house setup', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      ...base([ada, bart]),
      'POST /api/house/3/leave': { body: { house_deleted: false } },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Leave house' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the house?' });
    expect(dialog).toHaveTextContent('Your reminders stay yours.');
    expect(dialog).toHaveTextContent('stays with it under your name');
    expect(dialog).not.toHaveTextContent('deletes the house');
    expect(await within(dialog).findByText('No shared expenses yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Leave house' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/houseSetup'));
    expect(calls.filter((c) => c.path === '/api/house/3/leave')).toHaveLength(1);
  });

  it('warns the last member that leaving deletes the house', async () => {
    const user = userEvent.setup();
    mockFetch(base([ada]));
    renderPage();
    await screen.findByRole('list', { name: 'Members' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Leave house' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave and delete the house?' });
    expect(dialog).toHaveTextContent('leaving deletes the house and all its data for good');
  });

  it('deletes the account only after confirming, then signs out', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ ...base([ada, bart]), 'DELETE /api/users/me': { body: { ok: true } } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('“Former member”');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/me')).toBe(true);
  });

  it('lets someone without a house download their data or delete their account', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/users/me': { body: { ...me, house_id: null } },
      'DELETE /api/users/me': { body: { ok: true } },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'You are not in a house yet.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join or create a house' })).toHaveAttribute(
      'href',
      '/houseSetup',
    );
    expect(screen.getByRole('button', { name: 'My data (JSON)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).not.toHaveTextContent('last member');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(auth.signoutRedirect).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/me')).toBe(true);
  });

  it('saves the name and time zone', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      ...base([ada, bart]),
      'PATCH /api/house/3': ({ body }) => ({ body: { ...house, ...(body as object) } }),
    });
    renderPage();
    const name = await screen.findByLabelText('House name');
    await user.clear(name);
    await user.type(name, 'Birch Lane');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Europe/Lisbon');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      house_name: 'Birch Lane',
      house_img: null,
      time_zone: 'Europe/Lisbon',
    });
  });

  it('shows the house currency and changes it while it can; a refusal (money recorded meanwhile) is shown', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      ...base([ada, bart]),
      'PUT /api/house/3/currency': apiError(
        409,
        'currency_locked',
        'The currency cannot change once money is recorded.',
      ),
    });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Currency' })).closest('div')!;
    expect(await within(card).findByText(/^EUR · /)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Change currency' }));
    await user.selectOptions(within(card).getByLabelText('House currency'), 'JPY');
    await user.click(within(card).getByRole('button', { name: 'Save currency' }));
    expect(await within(card).findByText('The currency cannot change once money is recorded.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ currency: 'JPY' });
  });

  it('offers no currency change once money is recorded, and says why', async () => {
    const { calls } = mockFetch({
      ...base([ada, bart]),
      'GET /api/house/3/currency': { body: { currency: 'EUR', locked: true } },
    });
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Currency' })).closest('div')!;
    expect(await within(card).findByText(/^EUR · /)).toBeInTheDocument();
    expect(
      within(card).getByText(
        "The currency can't change once the house has recorded expenses, payments or recurring bills.",
      ),
    ).toBeVisible();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('explains that import needs an empty house', async () => {
    const user = userEvent.setup();
    mockFetch({
      ...base([ada, bart]),
      'POST /api/house/3/import': apiError(409, 'house_not_empty', 'Import needs a house without records.'),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Your data' });
    const input = document.querySelector('input[type="file"][accept*="json"]') as HTMLInputElement;
    const file = new File(['{"format":"hearth.house"}'], 'old-house.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    const dialog = await screen.findByRole('alertdialog', { name: 'Import this house export?' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/already has events, lists, tasks or expenses/)).toBeInTheDocument();
  });
});
