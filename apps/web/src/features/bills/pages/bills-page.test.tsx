import type { Balance, BillPerson, Expense } from '@hearth/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuth } from 'react-oidc-context';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../test/auth';
import { renderAt } from '../../../test/render';
import { testUser } from '../../../test/users';
import { BillsPage } from './bills-page';

vi.mock('react-oidc-context', () => ({ useAuth: vi.fn() }));

beforeEach(() => {
  vi.mocked(useAuth).mockReturnValue(authState('signedIn'));
});
afterEach(() => vi.unstubAllGlobals());

const me = testUser({ house_id: 3 });
const person = (user_id: number, first_name: string, last_name: string): BillPerson => ({
  user_id,
  username: first_name.toLowerCase(),
  first_name,
  last_name,
  in_house: true,
});
const people = [person(1, 'Ada', 'Lovelace'), person(2, 'Bob', 'Featherstonehaugh-Cholmondeley')];

const owing: Balance = {
  currency: 'EUR',
  members: [
    { user_id: 1, paid_minor: 0, share_minor: 1240, net_minor: -1240 },
    { user_id: 2, paid_minor: 2480, share_minor: 1240, net_minor: 1240 },
  ],
  people,
  settle: [{ from: 1, to: 2, amount_minor: 1240 }],
};

const dinner: Expense = {
  expense_id: 5,
  title: 'Dinner at the corner place',
  amount_minor: 2480,
  currency: 'EUR',
  paid_by: 2,
  spent_on: '2025-03-10',
  category: 'groceries',
  note: null,
  receipt_img: null,
  split: {
    mode: 'equal',
    parts: [
      { user_id: 1, value: 0 },
      { user_id: 2, value: 0 },
    ],
  },
  portions: [
    { user_id: 1, amount_minor: 1240 },
    { user_id: 2, amount_minor: 1240 },
  ],
  recurring_id: null,
  created_by: 2,
  created_at: '2025-03-10T10:00:00.000Z',
};

type Call = { method: string; path: string; body: unknown };

/** A stand-in for the bills API of house 3. */
function server(
  options: {
    currency?: string | null;
    balance?: Balance;
    expenses?: Expense[];
    /** New expenses are refused (500) once this settles. */
    refuseExpense?: Promise<void>;
  } = {},
) {
  let currency = options.currency === undefined ? 'EUR' : options.currency;
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const handle = (method: string, path: string, body: unknown): Response | Promise<Response> => {
    if (method === 'GET' && path === '/api/users/me') return json(200, me);
    if (method === 'GET' && path === '/api/balance/') {
      const base = options.balance ?? owing;
      return json(200, { ...base, currency });
    }
    if (method === 'PUT' && path === '/api/house/3/currency') {
      currency = (body as { currency: string }).currency;
      return json(200, { currency });
    }
    if (method === 'GET' && path.startsWith('/api/expense/?')) {
      return json(200, { expenses: options.expenses ?? [dinner], next_before: null });
    }
    if (method === 'GET' && path.startsWith('/api/payment/?'))
      return json(200, { payments: [], next_before: null });
    if (method === 'GET' && path === '/api/recurring-expense/') return json(200, []);
    if (method === 'GET' && path === '/api/expense/spending') {
      return json(200, { currency, rows: [{ month: '2025-03', category: 'groceries', amount_minor: 2480 }] });
    }
    if (method === 'GET' && path.startsWith('/api/expense/activity?')) {
      return json(200, {
        activity: [
          {
            activity_id: 2,
            actor: 2,
            action: 'updated',
            subject: 'expense',
            subject_id: 5,
            title: 'Dinner at the corner place',
            amount_minor: 2480,
            at: '2025-03-10T11:00:00.000Z',
          },
        ],
        next_before: null,
      });
    }
    if (method === 'POST' && path === '/api/expense/import') {
      return json(200, {
        expenses: 1,
        payments: 0,
        skipped: [{ line: 3, reason: 'It was paid by more than one person.' }],
      });
    }
    if (method === 'POST' && path === '/api/expense/' && options.refuseExpense)
      return options.refuseExpense.then(() =>
        json(500, { error: { code: 'internal_error', message: 'Something went wrong.' } }),
      );
    if (method === 'POST' && path === '/api/expense/') return json(201, { ...dinner, expense_id: 6 });
    if (method === 'POST' && path === '/api/payment/')
      return json(201, { payment_id: 1, ...(body as object) });
    throw new Error(`Unexpected fetch: ${method} ${path}`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname + url.search;
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      return handle(method, path, body);
    }),
  );
  return { calls };
}

const renderPage = () => renderAt(<BillsPage />, '/bills');

describe('BillsPage', () => {
  it('asks for the house currency on first use, suggesting one, and saves the choice', async () => {
    const { calls } = server({ currency: null });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose your house currency' })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'House currency' });
    await userEvent.selectOptions(picker, 'JPY');
    await userEvent.click(screen.getByRole('button', { name: 'Start using bills' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: '/api/house/3/currency',
        body: { currency: 'JPY' },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Add expense' })).toBeInTheDocument();
  });

  it('says what you owe, lists balances and the history, and records the suggested payment', async () => {
    const { calls } = server();
    renderPage();
    const mine = await screen.findByRole('region', { name: 'Your balance' });
    expect(within(mine).getByText('You owe Bob €12.40')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Bills']);
    expect(await screen.findByText('Dinner at the corner place')).toBeInTheDocument();
    expect(screen.getByText('Your share €12.40')).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /March 2025: €24\.80; Groceries €24\.80/ }),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Record payment: You pay Bob €12.40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount (EUR)' })).toHaveValue('12.40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/payment/')).toBe(true),
    );
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/payment/')!;
    expect(posted.body).toMatchObject({ from: 1, to: 2, amount_minor: 1240 });
  });

  it('adds an expense split by percentages, refusing ones that do not add up to 100', async () => {
    const { calls } = server();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Electricity');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (EUR)' }), '90.50');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Split' }), 'percent');
    await userEvent.type(within(dialog).getByRole('textbox', { name: "Ada's percent" }), '60');
    await userEvent.type(within(dialog).getByRole('textbox', { name: "Bob's percent" }), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add expense' }));
    // Shown at the split and announced for screen readers.
    expect(
      (await within(dialog).findAllByText('Percentages must add up to 100 (now 90).')).length,
    ).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const bob = within(dialog).getByRole('textbox', { name: "Bob's percent" });
    await userEvent.clear(bob);
    await userEvent.type(bob, '40');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add expense' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add expense' })).not.toBeInTheDocument(),
    );
    const posted = calls.find((c) => c.method === 'POST' && c.path === '/api/expense/')!;
    expect(posted.body).toMatchObject({
      title: 'Electricity',
      amount_minor: 9050,
      paid_by: 1,
      category: 'groceries',
      split: {
        mode: 'percent',
        parts: [
          { user_id: 1, value: 60 },
          { user_id: 2, value: 40 },
        ],
      },
    });
  });

  it('keeps what was typed when adding an expense fails, and sends one request for a double-click', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = () => {};
    const { calls } = server({ refuseExpense: new Promise<void>((resolve) => (answer = resolve)) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add expense' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add expense' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Electricity');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Amount (EUR)' }), '90.50');
    // Both clicks land while the first request is under way.
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Add expense' }));
    answer();

    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/expense/')).toHaveLength(1);
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Electricity');
    expect(within(dialog).getByRole('textbox', { name: 'Amount (EUR)' })).toHaveValue('90.50');
    expect(within(dialog).getByRole('button', { name: 'Add expense' })).toBeEnabled();
  });

  it('shows All settled when nobody owes anything', async () => {
    server({
      balance: {
        ...owing,
        members: owing.members.map((m) => ({ ...m, paid_minor: 0, share_minor: 0, net_minor: 0 })),
        settle: [],
      },
      expenses: [],
    });
    renderPage();
    const mine = await screen.findByRole('region', { name: 'Your balance' });
    expect(within(mine).getByText('All settled')).toBeInTheDocument();
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    // With nothing recorded the currency can still change.
    expect(screen.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('imports a Splitwise export after matching its people to housemates', async () => {
    const { calls } = server();
    renderPage();
    const csv =
      'Date,Description,Category,Cost,Currency,Ada Lovelace,Robert Tables\n2025-01-02,Tea,General,4.00,EUR,2.00,-2.00\n';
    await userEvent.upload(
      await screen.findByLabelText('Import Splitwise CSV'),
      new File([csv], 'splitwise.csv', { type: 'text/csv' }),
    );
    const who = await screen.findByRole('group', { name: 'Who is who' });
    expect(within(who).getByRole('combobox', { name: 'Ada Lovelace' })).toHaveValue('1');
    await userEvent.click(within(who).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose who “Robert Tables” is.')).toBeInTheDocument();
    await userEvent.selectOptions(within(who).getByRole('combobox', { name: 'Robert Tables' }), '2');
    await userEvent.click(within(who).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Imported 1 expense and 0 payments; skipped 1 row:',
    );
    expect(screen.getByText('Line 3: It was paid by more than one person.')).toBeInTheDocument();
    const posted = calls.find((c) => c.path === '/api/expense/import')!;
    expect(posted.body).toEqual({
      csv,
      people: [
        { name: 'Ada Lovelace', user_id: 1 },
        { name: 'Robert Tables', user_id: 2 },
      ],
    });
  });
});
