import {
  GROCERY_CATEGORIES,
  type GroceryCategory,
  type GroceryItem,
  type GroceryList,
  type GrocerySuggestion,
} from '@hearth/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { ShopMessages } from '../lib/shop-texts';
import { GroceriesPage } from './groceries-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const me = testUser({ house_id: 3 });

const item = (
  id: number,
  name: string,
  category: GroceryCategory,
  quantity: string | null = null,
  completed = false,
): GroceryItem => ({
  grocery_item_id: id,
  grocery_item_name: name,
  grocery_list_id: 10,
  completed,
  quantity,
  category,
});

const weekly = (): GroceryList => ({
  grocery_list_id: 10,
  grocery_list_name: 'Weekly',
  items: [
    item(1, 'Milk', 'dairy', '2 l'),
    item(2, 'potatoes', 'produce', '2 kg'),
    item(3, 'Eggs', 'dairy', 'x6', true),
    item(4, 'Soap', 'household'),
    item(5, 'Bread', 'bakery', null, true),
  ],
});

type Call = { method: string; path: string; search: string; body: unknown };

/** A stand-in for the grocery API with the shop order, suggestions and buy again. */
function server(options: { suggestions?: GrocerySuggestion[]; again?: GrocerySuggestion[] } = {}) {
  let lists = [weekly()];
  let order: string[] = [...GROCERY_CATEGORIES];
  let nextId = 100;
  const calls: Call[] = [];
  const failing = new Set<string>();
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const handle = (method: string, path: string, search: URLSearchParams, body: unknown): Response => {
    const list = lists[0]!;
    if (path === '/api/users/me') return json(200, me);
    if (method === 'GET' && path === '/api/grocery-list/') return json(200, lists);
    if (path === '/api/house/3/grocery-category-order') {
      if (method === 'PUT') order = (body as { order: string[] }).order;
      return json(200, { order });
    }
    if (path === '/api/grocery-suggestion/') {
      const q = (search.get('q') ?? '').toLowerCase();
      return json(
        200,
        (options.suggestions ?? []).filter((s) => s.name.toLowerCase().includes(q)),
      );
    }
    if (path === '/api/grocery-suggestion/again') return json(200, options.again ?? []);
    if (method === 'POST' && path === '/api/grocery-item/') {
      const b = body as { grocery_item_name: string; quantity?: string | null };
      // As the server does for this one phrase: the quantity comes out of the name.
      const split = /^2 kg (.+)$/.exec(b.grocery_item_name);
      const created = item(
        nextId++,
        split ? split[1]! : b.grocery_item_name,
        split || b.grocery_item_name === 'Pears' ? 'produce' : 'other',
        split ? '2 kg' : (b.quantity ?? null),
      );
      list.items.push(created);
      return json(201, created);
    }
    if (method === 'DELETE' && path === '/api/grocery-list/10/done') {
      const removed = list.items.filter((i) => i.completed).length;
      list.items = list.items.filter((i) => !i.completed);
      return json(200, { removed });
    }
    const itemMatch = /^\/api\/grocery-item\/(\d+)$/.exec(path);
    const found = itemMatch && list.items.find((i) => i.grocery_item_id === Number(itemMatch[1]));
    if (found && method === 'PATCH') {
      Object.assign(found, body);
      return json(200, found);
    }
    throw new Error(`Unexpected fetch: ${method} ${path}`);
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, search: url.search, body });
      if (failing.has(`${method} ${url.pathname}`)) {
        return json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } });
      }
      return handle(method, url.pathname, url.searchParams, body);
    }),
  );
  return {
    calls,
    failing,
    get lists() {
      return lists;
    },
    set lists(next: GroceryList[]) {
      lists = next;
    },
    get order() {
      return order;
    },
  };
}

const renderPage = () => renderAt(<GroceriesPage />, '/groceries');
const itemList = () => within(screen.getByRole('list', { name: 'Items in Weekly' }));
/** The list as read top to bottom: headings and item labels. */
const reading = () =>
  itemList()
    .getAllByRole('listitem')
    .map((li) => li.querySelector('h3')?.textContent ?? li.querySelector('label')?.textContent);

describe('GroceriesPage, shopping by category', () => {
  it('groups items by category in the house order with their quantities, ticked items last under Done', async () => {
    server();
    renderPage();
    await screen.findByRole('heading', { name: 'Weekly' });
    await waitFor(() =>
      expect(reading()).toEqual([
        'Produce',
        'potatoes2 kg',
        'Dairy & eggs',
        'Milk2 l',
        'Household',
        'Soap',
        'Done',
        'Eggsx6',
        'Bread',
      ]),
    );
    expect(screen.getByRole('checkbox', { name: 'potatoes, 2 kg' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Eggs, x6' })).toBeChecked();
  });

  it('adds "2 kg potatoes" as the server reads it, under Produce with 2 kg', async () => {
    const api = server();
    api.lists = [{ ...weekly(), items: [] }];
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Add new item' }),
      '2 kg potatoes{Enter}',
    );
    expect(await screen.findByRole('checkbox', { name: 'potatoes, 2 kg' })).toBeInTheDocument();
    expect(reading()).toEqual(['Produce', 'potatoes2 kg']);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      grocery_item_name: '2 kg potatoes',
      grocery_list_id: 10,
    });
  });

  it('reorders categories with the move buttons and keyboard, saving the order for the house', async () => {
    const api = server();
    renderPage();
    await screen.findByRole('heading', { name: 'Weekly' });
    await userEvent.click(screen.getByRole('button', { name: 'Shop order' }));
    expect(screen.getByRole('button', { name: 'Shop order' })).toHaveAttribute('aria-expanded', 'true');
    const orderList = within(screen.getByRole('list', { name: 'Shop order' }));
    expect(orderList.getByRole('button', { name: 'Move Produce up' })).toBeDisabled();

    await userEvent.click(orderList.getByRole('button', { name: 'Move Dairy & eggs up' }));
    await userEvent.click(orderList.getByRole('button', { name: 'Move Dairy & eggs up' }));
    await waitFor(() => expect(api.order.slice(0, 3)).toEqual(['dairy', 'produce', 'bakery']));
    expect(reading().slice(0, 4)).toEqual(['Dairy & eggs', 'Milk2 l', 'Produce', 'potatoes2 kg']);

    // The handle moves its row with the arrow keys.
    orderList.getByRole('button', { name: /^Household, place 8 of 10/ }).focus();
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(api.order.indexOf('household')).toBe(6));
    const puts = api.calls.filter((c) => c.method === 'PUT').map((c) => c.body);
    expect(puts).toHaveLength(3);
    expect(puts[0]).toEqual({
      order: [
        'produce',
        'dairy',
        'bakery',
        'meat_fish',
        'frozen',
        'pantry',
        'drinks',
        'household',
        'personal_care',
        'other',
      ],
    });
  });

  it('rolls the order back with a banner when it cannot be saved', async () => {
    const api = server();
    api.failing.add('PUT /api/house/3/grocery-category-order');
    renderPage();
    await screen.findByRole('heading', { name: 'Weekly' });
    await userEvent.click(screen.getByRole('button', { name: 'Shop order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Household up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ShopMessages.saveOrder);
    await waitFor(() =>
      expect(reading().slice(0, 4)).toEqual(['Produce', 'potatoes2 kg', 'Dairy & eggs', 'Milk2 l']),
    );
  });

  it('clears the done items at once', async () => {
    const api = server();
    renderPage();
    await screen.findByRole('heading', { name: 'Weekly' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear done' }));
    expect(screen.queryByText('Eggs')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Done' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.lists[0]?.items.map((i) => i.grocery_item_name)).toEqual(['Milk', 'potatoes', 'Soap']),
    );
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/grocery-list/10/done')).toBe(true);
  });

  it('puts the done items back with a banner when clearing fails', async () => {
    const api = server();
    api.failing.add('DELETE /api/grocery-list/10/done');
    renderPage();
    await screen.findByRole('heading', { name: 'Weekly' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ShopMessages.clearDone);
    await waitFor(() => expect(reading().slice(-3)).toEqual(['Done', 'Eggsx6', 'Bread']));
  });

  it('suggests while typing, leaves out what is on the list, and adds one with its usual quantity in one tap', async () => {
    const api = server({
      suggestions: [
        { name: 'Pears', category: 'produce', quantity: '1 kg', times_bought: 4 },
        { name: 'Milk', category: 'dairy', quantity: '2 l', times_bought: 9 },
        { name: 'Peanut butter', category: 'pantry', quantity: null, times_bought: 0 },
      ],
    });
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Add new item' });
    await userEvent.type(field, 'pea');
    const suggestions = within(await screen.findByRole('list', { name: 'Suggestions' }));
    expect(suggestions.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add Pears, 1 kg (Produce)',
      'Add Peanut butter (Pantry)',
    ]);
    await userEvent.type(field, '{ArrowDown}');
    expect(suggestions.getByRole('button', { name: 'Add Pears, 1 kg (Produce)' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('checkbox', { name: 'Pears, 1 kg' })).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { grocery_item_name: 'Pears', grocery_list_id: 10, quantity: '1 kg' },
      ]),
    );
    expect(reading().slice(0, 4)).toEqual(['Produce', 'potatoes2 kg', 'Pears1 kg', 'Dairy & eggs']);
  });

  it('offers Buy again for what the house buys and adds it in one tap', async () => {
    const api = server({
      again: [
        { name: 'Coffee', category: 'drinks', quantity: '500 g', times_bought: 12 },
        { name: 'Milk', category: 'dairy', quantity: '2 l', times_bought: 9 },
      ],
    });
    renderPage();
    const again = within(await screen.findByRole('list', { name: 'Buy again' }));
    // Milk is on the list already.
    expect(again.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Buy again: Coffee, 500 g',
    ]);
    await userEvent.click(again.getByRole('button', { name: 'Buy again: Coffee, 500 g' }));
    expect(await screen.findByRole('checkbox', { name: 'Coffee, 500 g' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        grocery_item_name: 'Coffee',
        grocery_list_id: 10,
        quantity: '500 g',
      }),
    );
  });

  it('edits an item: name, quantity and category, sending only what changed', async () => {
    const api = server();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Soap' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit item' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Quantity' }), 'x3');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Category' }), 'Personal care');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reading()).toContain('Personal care');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
        ['/api/grocery-item/4', { quantity: 'x3', category: 'personal_care' }],
      ]),
    );
    expect(screen.getByRole('checkbox', { name: 'Soap, x3' })).toBeInTheDocument();
  });

  it('follows a housemate’s new shop order when the house data is refetched', async () => {
    const api = server();
    const view = renderPage();
    await screen.findByRole('heading', { name: 'Weekly' });
    await waitFor(() => expect(reading()[0]).toBe('Produce'));
    await act(async () => {
      await fetch('/api/house/3/grocery-category-order', {
        method: 'PUT',
        body: JSON.stringify({
          order: ['household', ...GROCERY_CATEGORIES.filter((c) => c !== 'household')],
        }),
      });
      // What a live change of kind "groceries" does.
      await view.queryClient.invalidateQueries({ queryKey: ['groceries'] });
    });
    await waitFor(() => expect(reading().slice(0, 2)).toEqual(['Household', 'Soap']));
    expect(api.order[0]).toBe('household');
  });
});
