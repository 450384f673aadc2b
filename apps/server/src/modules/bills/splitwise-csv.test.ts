import type { Split } from '@hearth/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { memberBalances, totalsOf } from './balances.js';
import { computePortions } from './split.js';
import { categoryFromSplitwise, readSplitwiseCsv, toSplitwiseCsv } from './splitwise-csv.js';

const people = [
  { user_id: 1, name: 'Alice Smith' },
  { user_id: 2, name: 'Bob, "the builder"' },
  { user_id: 3, name: 'Chloé' },
];
const byName = (name: string) => people.find((p) => p.name.toLowerCase() === name.toLowerCase())?.user_id;

const splitwiseExport = [
  'Date,Description,Category,Cost,Currency,Alice Smith,Bob Jones,Chloé',
  '2024-01-05,Weekly shop,Groceries,45.00,EUR,30.00,-15.00,-15.00',
  '2024-01-06,Electricity,Electricity,90.00,EUR,-30.00,60.00,-30.00',
  '2024-01-07,Bob Jones paid Alice Smith,Payment,15.00,EUR,-15.00,15.00,0.00',
  '2024-01-08,Ski trip,Entertainment,100.00,USD,100.00,-100.00,0.00',
  '2024-01-09,Two payers,General,10.00,EUR,5.00,5.00,-10.00',
  '',
  '2024-01-10,Taxi,Transportation,10.01,EUR,6.67,-3.34,-3.33',
  ',Total balance, , ,EUR,10.00,5.00,-15.00',
].join('\n');

async function fieldOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return [error.field, error.message];
    throw error;
  }
  return undefined;
}

describe('readSplitwiseCsv', () => {
  const resolve = (name: string) => ({ 'alice smith': 1, 'bob jones': 2, chloé: 3 })[name.toLowerCase()];

  it('reads expenses as exact splits and payments, skipping what it cannot express', async () => {
    const plan = await readSplitwiseCsv(splitwiseExport, 'EUR', resolve);
    expect(plan.expenses).toEqual([
      {
        line: 2,
        title: 'Weekly shop',
        amount_minor: 4500,
        paid_by: 1,
        spent_on: '2024-01-05',
        category: 'groceries',
        split: {
          mode: 'exact',
          parts: [
            { user_id: 1, value: 1500 },
            { user_id: 2, value: 1500 },
            { user_id: 3, value: 1500 },
          ],
        },
      },
      expect.objectContaining({ line: 3, paid_by: 2, category: 'utilities', amount_minor: 9000 }),
      expect.objectContaining({
        line: 8,
        amount_minor: 1001,
        category: 'other',
        split: {
          mode: 'exact',
          parts: [
            { user_id: 1, value: 334 },
            { user_id: 2, value: 334 },
            { user_id: 3, value: 333 },
          ],
        },
      }),
    ]);
    expect(plan.payments).toEqual([{ line: 4, from: 2, to: 1, amount_minor: 1500, paid_on: '2024-01-07' }]);
    expect(plan.skipped).toEqual([
      { line: 5, reason: 'It is in USD, not the house currency EUR.' },
      { line: 6, reason: 'It was paid by more than one person.' },
    ]);
  });

  it('refuses a file that is not an export, or names nobody in the house', async () => {
    expect((await fieldOf(() => readSplitwiseCsv('a,b,c\n1,2,3', 'EUR', resolve)))?.[0]).toBe('csv');
    expect((await fieldOf(() => readSplitwiseCsv('"unclosed', 'EUR', resolve)))?.[0]).toBe('csv');
    expect(
      await fieldOf(() => readSplitwiseCsv('Date,Description,Category,Cost,Currency,Zed\n', 'EUR', resolve)),
    ).toEqual(['people', 'No member matches “Zed”; choose one in people.']);
  });

  it('maps Splitwise categories onto the house categories', () => {
    expect(categoryFromSplitwise('Groceries')).toBe('groceries');
    expect(categoryFromSplitwise('Heat/gas')).toBe('utilities');
    expect(categoryFromSplitwise('Rent')).toBe('rent');
    expect(categoryFromSplitwise('Cleaning')).toBe('household');
    expect(categoryFromSplitwise('Entertainment')).toBe('other');
  });
});

describe('toSplitwiseCsv', () => {
  it('writes one row per expense and payment, oldest first, with a total balance line', () => {
    const csv = toSplitwiseCsv({
      currency: 'EUR',
      people,
      expenses: [
        {
          spent_on: '2024-02-01',
          title: 'Rent, February',
          category: 'rent',
          amount_minor: 90000,
          paid_by: 1,
          portions: people.map((p) => ({ user_id: p.user_id, amount_minor: 30000 })),
        },
      ],
      payments: [{ paid_on: '2024-01-31', from: 2, to: 1, amount_minor: 1250 }],
    });
    expect(csv.split('\n')).toEqual([
      'Date,Description,Category,Cost,Currency,Alice Smith,"Bob, ""the builder""",Chloé',
      '2024-01-31,"Bob, ""the builder"" paid Alice Smith",Payment,12.50,EUR,-12.50,12.50,0.00',
      '2024-02-01,"Rent, February",Rent,900.00,EUR,600.00,-300.00,-300.00',
      '',
      ',Total balance,,,EUR,587.50,-287.50,-300.00',
      '',
    ]);
  });

  it('reads back to the same balances (round trip over random expenses and payments)', async () => {
    const ids = people.map((p) => p.user_id);
    const expenseArb = fc.record({
      spent_on: fc.constantFrom('2024-01-01', '2024-03-15', '2025-12-31'),
      title: fc
        .string({ minLength: 1, maxLength: 40 })
        .filter((t) => t.trim() !== '' && t.trim() !== 'Total balance'),
      category: fc.constantFrom('groceries' as const, 'rent' as const, 'other' as const),
      amount_minor: fc.integer({ min: 1, max: 10_000_000 }),
      paid_by: fc.constantFrom(...ids),
      people: fc.shuffledSubarray(ids, { minLength: 1 }),
    });
    const paymentArb = fc
      .record({
        paid_on: fc.constant('2024-02-02'),
        from: fc.constantFrom(...ids),
        to: fc.constantFrom(...ids),
        amount_minor: fc.integer({ min: 1, max: 100_000 }),
      })
      .filter((p) => p.from !== p.to);
    await fc.assert(
      fc.asyncProperty(
        fc.array(expenseArb, { maxLength: 10 }),
        fc.array(paymentArb, { maxLength: 5 }),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        async (raw, payments, currency) => {
          const expenses = raw.map((e) => {
            const split: Split = { mode: 'equal', parts: e.people.map((user_id) => ({ user_id, value: 0 })) };
            return { ...e, portions: computePortions(e.amount_minor, split) };
          });
          const csv = toSplitwiseCsv({ currency, people, expenses, payments });
          const plan = await readSplitwiseCsv(csv, currency, byName);
          const readBack = plan.expenses.map((e) => ({
            ...e,
            portions: computePortions(e.amount_minor, e.split),
          }));
          const before = memberBalances(ids, totalsOf(expenses, payments)).map((l) => l.net_minor);
          const after = memberBalances(ids, totalsOf(readBack, plan.payments)).map((l) => l.net_minor);
          expect(after).toEqual(before);
          // A payer whose own share is everything leaves nobody owed: the only row that cannot come back.
          const selfOnly = expenses.filter((e) =>
            e.portions.every((p) => p.user_id === e.paid_by || p.amount_minor === 0),
          );
          expect(plan.expenses.length + plan.skipped.length).toBe(expenses.length);
          expect(plan.skipped.length).toBe(selfOnly.length);
          expect(plan.payments.length).toBe(payments.length);
        },
      ),
    );
  });
});
