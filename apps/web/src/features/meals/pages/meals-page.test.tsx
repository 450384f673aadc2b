import type { GroceryList, Meal, MealsToGroceries, Member, Recipe } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { MealsPage } from './meals-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

// A Thursday: the week is 30 Nov to 6 Dec.
const NOW = new Date('2026-12-03T10:00:00');

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const me = testUser({ house_id: 3 });
const members: Member[] = [
  {
    user_id: me.user_id,
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    profile_img: null,
    joined_at: '2026-01-01T00:00:00.000Z',
    removal_requested_by: null,
  },
];
const pasta: Recipe = {
  recipe_id: 5,
  title: 'Spaghetti with an unusually long name that has to wrap on a phone',
  servings: 2,
  ingredients: [{ text: '200 g spaghetti', quantity: 200, unit: 'g', name: 'spaghetti', note: null }],
  steps: ['Boil.', 'Serve.'],
  notes: null,
  source_url: null,
  image: null,
  tags: ['pasta'],
  prep_minutes: null,
  cook_minutes: 10,
  created_by: me.user_id,
  created_at: '2026-11-01T00:00:00.000Z',
};
const dinner: Meal = {
  meal_id: 9,
  date: '2026-12-04',
  slot: 'dinner',
  recipe_id: 5,
  title: pasta.title,
  servings: 4,
  cook_id: me.user_id,
  note: null,
};
const lists: GroceryList[] = [{ grocery_list_id: 7, grocery_list_name: 'Weekly shop', items: [] }];
const addition: MealsToGroceries = {
  addition_id: 11,
  added: [
    { grocery_item_id: 1, grocery_item_name: 'spaghetti', quantity: 400, unit: 'g', meals: [pasta.title] },
  ],
  merged: [],
  skipped: ['salt'],
};

type Call = { method: string; path: string; body: unknown };

function server() {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handle = (method: string, path: string): Response => {
    if (path === '/api/users/me') return json(200, me);
    if (path === '/api/meal/?from=2026-11-30&to=2026-12-06') return json(200, [dinner]);
    if (path.startsWith('/api/meal/?')) return json(200, []);
    if (path.startsWith('/api/recipe/')) return json(200, [pasta]);
    if (path === '/api/house/3/members') return json(200, members);
    if (path === '/api/house/3/staples') return json(200, { staples: ['salt'] });
    if (path === '/api/grocery-list/') return json(200, lists);
    if (method === 'POST' && path === '/api/meal/to-groceries') return json(200, addition);
    if (method === 'POST' && path === '/api/meal/to-groceries/11/undo') return json(200, { ok: true });
    throw new Error(`Unexpected fetch: ${method} ${path}`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname + url.search;
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return handle(method, path);
    }),
  );
  return { calls };
}

describe('MealsPage', () => {
  it("shows the week's meals in their day and slot, with servings and who cooks", async () => {
    server();
    renderAt(<MealsPage />, '/meals');
    const meal = await screen.findByRole('button', { name: new RegExp(`^${pasta.title}`) });
    expect(meal).toHaveTextContent('4 servings · Ada cooks');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(screen.getByRole('button', { name: /Add a meal: Breakfast, Mon, Nov 30/ })).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
  });

  it('adds the rest of the week to a list, shows what it did, and undoes it all', async () => {
    const { calls } = server();
    const user = userEvent.setup();
    renderAt(<MealsPage />, '/meals');
    await screen.findByRole('button', { name: new RegExp(`^${pasta.title}`) });
    await user.click(screen.getByRole('button', { name: 'Add to shopping list' }));
    const dialog = await screen.findByRole('dialog');
    // The rest of this week, onto the first list.
    expect(await within(dialog).findByLabelText('From')).toHaveValue('2026-12-03');
    expect(within(dialog).getByLabelText('To')).toHaveValue('2026-12-06');
    await user.click(within(dialog).getByRole('button', { name: 'Add ingredients' }));
    expect(await within(dialog).findByText('1 new item, 0 items topped up.')).toBeInTheDocument();
    expect(within(dialog).getByText('spaghetti')).toBeInTheDocument();
    expect(within(dialog).getByText(`For ${pasta.title}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Left out as staples: salt')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/meal/to-groceries')?.body).toEqual({
      from: '2026-12-03',
      to: '2026-12-06',
      grocery_list_id: 7,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await within(dialog).findByText('Taken back off the list.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/meal/to-groceries/11/undo')).toBe(true));
    // A dialog, a form and a result on a shared machine: more than the default five seconds at times.
  }, 20_000);

  it('cooks a planned meal scaled to its servings, one step at a time', async () => {
    server();
    const user = userEvent.setup();
    renderAt(<MealsPage />, '/meals');
    await user.click(await screen.findByRole('button', { name: `Cook ${pasta.title}, 4 servings` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('400 g spaghetti')).not.toBeChecked();
    await user.click(within(dialog).getByLabelText('400 g spaghetti'));
    expect(within(dialog).getByLabelText('400 g spaghetti')).toBeChecked();
    expect(within(dialog).getByText('Step 1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Serve.')).toBeInTheDocument();
  }, 20_000);
});
