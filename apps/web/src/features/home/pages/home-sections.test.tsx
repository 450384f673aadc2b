import type { House } from '@hearth/contract';
import { screen, waitFor } from '@testing-library/react';
import { useAuth } from 'react-oidc-context';
import { describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { mockFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { HomePage } from './home-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));
// The week's section stands in for all four: how often Home draws it is what this file checks.
vi.mock('../../events', () => ({ WeekAtAGlance: vi.fn(() => <p>This week</p>) }));
const { WeekAtAGlance } = await import('../../events');

const me = testUser({ house_id: 3 });
const house: House = {
  house_id: 3,
  house_name: 'Elm Street',
  house_img: null,
  house_code: 'ABCD234567',
  time_zone: 'UTC',
};

describe('Home sections', () => {
  it('are drawn once: the house arriving and the sections settling draw only Home again', async () => {
    vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
    mockFetch({
      'GET /api/users/me': { body: me },
      // The other sections' reads, empty.
      'GET /api/reminder/': { body: [] },
      'GET /api/task/': { body: [] },
      'GET /api/task/members': { body: [] },
      'GET /api/balance/': { body: { currency: null, members: [], people: [], settle: [] } },
      // After the sections are drawn: its name then draws Home again.
      'GET /api/house/3': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { body: house };
      },
    });
    renderAt(<HomePage />, '/home');
    expect(await screen.findByText('Elm Street')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('This week').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false'),
    );
    expect(vi.mocked(WeekAtAGlance)).toHaveBeenCalledTimes(1);
  });
});
