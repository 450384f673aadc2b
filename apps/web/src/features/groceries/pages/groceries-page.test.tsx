import type { GroceryItem, GroceryList, User } from '@hearth/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { GroceryEmpty, GroceryMessages as M } from '../grocery-messages';
import { GroceriesPage } from './groceries-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const me = testUser({ house_id: 3 });

const item = (id: number, listId: number, name: string, completed = false): GroceryItem => ({
  grocery_item_id: id,
  grocery_item_name: name,
  grocery_list_id: listId,
  completed,
  quantity: null,
  category: 'other',
});

const market = (): GroceryList => ({
  grocery_list_id: 10,
  grocery_list_name: 'Market',
  items: [item(100, 10, 'Milk'), item(101, 10, 'Eggs', true), item(102, 10, 'Bread')],
});
const hardware = (): GroceryList => ({ grocery_list_id: 20, grocery_list_name: 'Hardware', items: [] });

type Call = { method: string; path: string; body: unknown };
type Gate = { failing?: boolean; hold?: Promise<void> };

/**
 * A stateful stand-in for the grocery API. `gates` can make one kind of call fail (the server refuses) or
 * wait (so a test can see the optimistic state before the answer).
 */
function server(initial: GroceryList[], options: { user?: User; loadFails?: boolean } = {}) {
  let lists = structuredClone(initial);
  let nextId = 1000;
  const calls: Call[] = [];
  const gates: Record<string, Gate> = {};
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const refuse = () => json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } });

  const handle = (method: string, path: string, body: unknown): Response => {
    if (method === 'GET' && path === '/api/users/me') return json(200, options.user ?? me);
    if (method === 'GET' && path === '/api/grocery-list/') {
      return options.loadFails ? refuse() : json(200, lists);
    }
    if (method === 'POST' && path === '/api/grocery-list/') {
      const list = {
        grocery_list_id: nextId++,
        grocery_list_name: (body as { grocery_list_name: string }).grocery_list_name,
        items: [],
      };
      lists.push(list);
      return json(201, list);
    }
    if (method === 'POST' && path === '/api/grocery-item/') {
      const b = body as { grocery_list_id: number; grocery_item_name: string };
      const list = lists.find((l) => l.grocery_list_id === b.grocery_list_id);
      if (!list) return json(404, { error: { code: 'not_found', message: 'Grocery list was not found.' } });
      const created = item(nextId++, list.grocery_list_id, b.grocery_item_name);
      list.items.push(created);
      return json(201, created);
    }
    const listMatch = /^\/api\/grocery-list\/(\d+)$/.exec(path);
    if (method === 'DELETE' && listMatch) {
      lists = lists.filter((l) => l.grocery_list_id !== Number(listMatch[1]));
      return json(200, { ok: true });
    }
    const itemMatch = /^\/api\/grocery-item\/(\d+)$/.exec(path);
    if (itemMatch) {
      const id = Number(itemMatch[1]);
      for (const list of lists) {
        const found = list.items.find((i) => i.grocery_item_id === id);
        if (!found) continue;
        if (method === 'PATCH') {
          found.completed = (body as { completed: boolean }).completed;
          return json(200, found);
        }
        if (method === 'DELETE') {
          list.items = list.items.filter((i) => i !== found);
          return json(200, { ok: true });
        }
      }
      return json(404, { error: { code: 'not_found', message: 'Grocery item was not found.' } });
    }
    throw new Error(`Unexpected fetch: ${method} ${path}`);
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const gate = gates[`${method} ${path.replace(/\d+$/, ':id')}`];
    if (gate?.hold) await gate.hold;
    if (gate?.failing) return refuse();
    return handle(method, path, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    gates,
    get lists() {
      return lists;
    },
  };
}

function held() {
  let release!: () => void;
  const hold = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { hold, release };
}

const renderPage = () => renderAt(<GroceriesPage />, '/groceries');
const listPanel = () => within(screen.getByRole('region', { name: 'Lists' }));
const detail = () =>
  within(screen.getByRole('region', { name: /Market|Hardware|Weekly|Party|Selected list/ }));
const listButton = (name: string) =>
  listPanel()
    .getAllByRole('button')
    .find((b) => b.textContent?.startsWith(name))!;

describe('GroceriesPage', () => {
  it('shows a spinner while loading, then the lists with item counts and the first list selected', async () => {
    server([market(), hardware()]);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent(/Loading/);
    expect(await screen.findByRole('heading', { name: 'Market' })).toBeInTheDocument();
    expect(listButton('Market')).toHaveTextContent('3 items');
    expect(listButton('Hardware')).toHaveTextContent('0 items');
    expect(listButton('Market')).toHaveAttribute('aria-current', 'true');
    const items = within(screen.getByRole('list', { name: 'Items in Market' })).getAllByRole('checkbox');
    // Ticked items show last, under Done.
    expect(items.map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked])).toEqual([
      ['Milk', false],
      ['Bread', false],
      ['Eggs', true],
    ]);
    // The ticked item looks ticked.
    expect(screen.getByText('Eggs')).toHaveClass('line-through');
    expect(screen.getByRole('button', { name: 'Remove Milk' })).toHaveTextContent('Remove');
    expect(listPanel().getByRole('button', { name: 'Delete Market' })).toHaveTextContent('Delete');
  });

  it('reads in German: title, counts, categories and empty states', async () => {
    await switchLanguage('de');
    try {
      server([market(), hardware()]);
      renderPage();
      expect(await screen.findByRole('heading', { level: 1, name: 'Einkaufsliste' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: 'Listen' })).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /3 Artikel/ }).length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: 'Liste anlegen' })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Artikel in Market' })).toBeInTheDocument();
      expect(screen.getByText('Erledigt')).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
  });

  it('shows the empty states', async () => {
    server([hardware()]);
    renderPage();
    expect(await screen.findByText(GroceryEmpty.noItems)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete list' }),
    );
    expect(await screen.findByText(GroceryEmpty.noLists)).toBeInTheDocument();
    expect(screen.getByText(GroceryEmpty.noSelection)).toBeInTheDocument();
  });

  it('selects another list on click', async () => {
    server([market(), hardware()]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Hardware/ }));
    expect(screen.getByRole('heading', { name: 'Hardware' })).toBeInTheDocument();
    expect(listButton('Hardware')).toHaveAttribute('aria-current', 'true');
    expect(listButton('Market')).not.toHaveAttribute('aria-current');
  });

  it('creates a list from a trimmed name, shows it at once, selects it and puts focus in Add new item', async () => {
    const api = server([market()]);
    const gate = held();
    api.gates['POST /api/grocery-list/'] = { hold: gate.hold };
    renderPage();
    await screen.findByRole('heading', { name: 'Market' });
    const field = screen.getByRole('textbox', { name: 'New list name' });
    const create = screen.getByRole('button', { name: 'Create List' });
    expect(create).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(create).toBeDisabled();
    await userEvent.type(field, ' Weekly shop ');
    expect(create).toBeEnabled();
    await userEvent.click(create);

    // Before the server answers.
    expect(await screen.findByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
    expect(listButton('Weekly shop')).toHaveAttribute('aria-current', 'true');
    expect(field).toHaveValue('');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add new item' })).toHaveFocus());

    // An item added before the list is saved waits for it, then goes to the real list.
    await userEvent.keyboard('Apples{Enter}');
    expect(screen.getByText('Apples')).toBeInTheDocument();
    await act(async () => gate.release());
    await waitFor(() => expect(api.lists.at(-1)?.items.map((i) => i.grocery_item_name)).toEqual(['Apples']));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/grocery-list/')?.body).toEqual({
      grocery_list_name: 'Weekly shop',
    });
    expect(screen.getByRole('heading', { name: 'Weekly shop' })).toBeInTheDocument();
  });

  it('adds items with Enter or the button, trimmed, keeping focus in the field; Add is disabled while empty', async () => {
    const api = server([market()]);
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Add new item' });
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(field, '  Butter  {Enter}');
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    await userEvent.type(field, 'Jam');
    await userEvent.click(add);
    expect(field).toHaveFocus();
    const names = () =>
      within(screen.getByRole('list', { name: 'Items in Market' }))
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent);
    expect(names()).toEqual(['Milk', 'Bread', 'Butter', 'Jam', 'Eggs']);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { grocery_item_name: 'Butter', grocery_list_id: 10 },
        { grocery_item_name: 'Jam', grocery_list_id: 10 },
      ]),
    );
    await waitFor(() => expect(listButton('Market')).toHaveTextContent('5 items'));
  });

  it('ticks the box in the same event, before the list is updated, and two quick taps end unticked', async () => {
    const api = server([market()]);
    renderPage();
    const milk = await screen.findByRole('checkbox', { name: 'Milk' });
    // fireEvent runs no awaits: what shows is what the click itself drew.
    fireEvent.click(milk);
    expect(milk).toBeChecked();
    fireEvent.click(milk);
    expect(milk).not.toBeChecked();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { completed: true },
        { completed: false },
      ]),
    );
    await waitFor(() => expect(api.lists[0]?.items[0]?.completed).toBe(false));
    expect(milk).not.toBeChecked();
  });

  it('toggles an item on click and with Space, showing the change at once', async () => {
    const api = server([market()]);
    renderPage();
    const milk = await screen.findByRole('checkbox', { name: 'Milk' });
    await userEvent.click(screen.getByText('Milk'));
    expect(milk).toBeChecked();
    expect(screen.getByText('Milk')).toHaveClass('line-through');
    await waitFor(() => expect(api.lists[0]?.items[0]?.completed).toBe(true));

    milk.focus();
    await userEvent.keyboard(' ');
    expect(milk).not.toBeChecked();
    await waitFor(() => expect(api.lists[0]?.items[0]?.completed).toBe(false));
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/grocery-item/100', { completed: true }],
      ['/api/grocery-item/100', { completed: false }],
    ]);
  });

  it('removes an item and moves focus to the next one, or to the field when none is left', async () => {
    const api = server([
      { grocery_list_id: 30, grocery_list_name: 'Party', items: [item(1, 30, 'Chips'), item(2, 30, 'Dip')] },
    ]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Chips' }));
    expect(screen.queryByText('Chips')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Dip' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Dip' }));
    expect(await screen.findByText(GroceryEmpty.noItems)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add new item' })).toHaveFocus());
    await waitFor(() => expect(api.lists[0]?.items).toEqual([]));
  });

  it('deletes the selected list after asking, then selects and focuses the first remaining one', async () => {
    const api = server([
      market(),
      hardware(),
      { grocery_list_id: 30, grocery_list_name: 'Party', items: [] },
    ]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Hardware/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this list?' }));
    expect(dialog.getByText(/“Hardware” and its 0 items will be deleted/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete list' }));

    expect(await screen.findByRole('heading', { name: 'Market' })).toBeInTheDocument();
    expect(listPanel().queryByText('Hardware')).not.toBeInTheDocument();
    await waitFor(() => expect(listButton('Market')).toHaveFocus());
    await waitFor(() => expect(api.lists.map((l) => l.grocery_list_name)).toEqual(['Market', 'Party']));

    // Delete from the left panel; Cancel keeps the list.
    await userEvent.click(listPanel().getByRole('button', { name: 'Delete Party' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(listPanel().getByText('Party')).toBeInTheDocument();
    await waitFor(() => expect(listPanel().getByRole('button', { name: 'Delete Party' })).toHaveFocus());
  });

  it.each([
    ['creating a list', 'POST /api/grocery-list/', M.createList],
    ['adding an item', 'POST /api/grocery-item/', M.addItem],
    ['ticking an item', 'PATCH /api/grocery-item/:id', M.updateItem],
    ['removing an item', 'DELETE /api/grocery-item/:id', M.removeItem],
    ['deleting a list', 'DELETE /api/grocery-list/:id', M.deleteList],
  ])('rolls back and shows the amber banner when %s fails', async (_what, route, message) => {
    const api = server([market()]);
    const gate = held();
    api.gates[route] = { hold: gate.hold, failing: true };
    renderPage();
    await screen.findByRole('heading', { name: 'Market' });
    const before = () => ({
      lists: listPanel()
        .getAllByRole('button')
        .map((b) => b.textContent),
      items: screen
        .queryAllByRole('checkbox')
        .map((c) => [c.closest('label')?.textContent, (c as HTMLInputElement).checked]),
    });
    const initial = before();

    if (route === 'POST /api/grocery-list/') {
      await userEvent.type(screen.getByRole('textbox', { name: 'New list name' }), 'Doomed{Enter}');
      expect(await screen.findByRole('heading', { name: 'Doomed' })).toBeInTheDocument();
    } else if (route === 'POST /api/grocery-item/') {
      await userEvent.type(screen.getByRole('textbox', { name: 'Add new item' }), 'Caviar{Enter}');
      expect(screen.getByText('Caviar')).toBeInTheDocument();
    } else if (route.startsWith('PATCH')) {
      await userEvent.click(screen.getByText('Milk'));
      expect(screen.getByRole('checkbox', { name: 'Milk' })).toBeChecked();
    } else if (route === 'DELETE /api/grocery-item/:id') {
      await userEvent.click(screen.getByRole('button', { name: 'Remove Milk' }));
      expect(screen.queryByText('Milk')).not.toBeInTheDocument();
    } else {
      await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
      await userEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete list' }),
      );
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Market' })).not.toBeInTheDocument());
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => gate.release());
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(message);
    // Grocery problems show in the amber (warning) banner, not the red one.
    expect(banner).toHaveClass('border-warning-border', 'bg-warning-bg', 'text-warning');
    await waitFor(() => expect(before()).toEqual(initial));

    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the load banner with Try again when the lists cannot be loaded', async () => {
    server([], { loadFails: true });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(M.load);
    expect(banner).toHaveClass('border-warning-border', 'bg-warning-bg', 'text-warning');
    expect(within(banner).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks people without a house to join or create one, without calling the grocery API', async () => {
    const api = server([], { user: { ...me, house_id: null } });
    renderPage();
    expect(await screen.findByText('Join or create a house to share grocery lists.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join or create a house' })).toHaveAttribute(
      'href',
      '/houseSetup',
    );
    expect(api.calls.some((c) => c.path.startsWith('/api/grocery'))).toBe(false);
  });

  it('stacks the panels in reading order: lists first, then the selected list', async () => {
    server([market()]);
    renderPage();
    await screen.findByRole('heading', { name: 'Market' });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['grocery-lists-heading', 'grocery-list-heading']);
    expect(detail().getByRole('heading', { name: 'Market' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lists' }).closest('.grid')).toHaveClass(
      'lg:grid-cols-[320px_minmax(0,1fr)]',
    );
  });
});
