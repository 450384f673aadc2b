import type { Balance } from '@hearth/contract';
import { screen } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { YourBalance } from './your-balance';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => vi.mocked(useAuth).mockReturnValue(authState('signedIn')));
afterEach(() => vi.unstubAllGlobals());

const people = [
  { user_id: 1, username: 'ada', first_name: 'Ada', last_name: 'Lovelace', in_house: true },
  { user_id: 2, username: 'bob', first_name: 'Bob', last_name: 'Byron', in_house: true },
];

function answer(balance: Balance) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(balance), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('YourBalance on Home', () => {
  it('says what the reader owes', async () => {
    answer({ currency: 'EUR', members: [], people, settle: [{ from: 1, to: 2, amount_minor: 1240 }] });
    renderAt(<YourBalance user={testUser({ house_id: 3 })} />, '/home');
    expect(await screen.findByText('You owe Bob €12.40')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open bills' })).toHaveAttribute('href', '/bills');
  });

  it('says All settled when the reader owes and is owed nothing', async () => {
    answer({ currency: 'EUR', members: [], people, settle: [] });
    renderAt(<YourBalance user={testUser({ house_id: 3 })} />, '/home');
    expect(await screen.findByText('All settled')).toBeInTheDocument();
  });

  it('shows nothing, and asks nothing, to someone without a house', () => {
    const fetch = answer({ currency: null, members: [], people: [], settle: [] });
    const { container } = renderAt(<YourBalance user={testUser({ house_id: null })} />, '/home');
    expect(container).toBeEmptyDOMElement();
    expect(fetch).not.toHaveBeenCalled();
  });
});
