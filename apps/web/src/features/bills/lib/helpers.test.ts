import type { BillPerson, Expense, Payment } from '@hearth/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activitySentence } from './activity-sentence';
import { myBalanceSentences, transferSentence } from './balance-sentences';
import { byMonth, mergeHistory } from './history';
import { formatMoney } from './money';
import { shortNames } from './people';
import { spendingByMonth } from './spending';
import { draftToSplit, splitToDraft } from './split-form';
import { guessMember, splitwisePeople } from './splitwise-header';

const person = (
  user_id: number,
  first_name: string,
  last_name: string,
  username = `u${user_id}`,
): BillPerson => ({
  user_id,
  username,
  first_name,
  last_name,
  in_house: true,
});
const eur = (minor: number) => formatMoney(minor, 'EUR', 'en-IE');

describe('shortNames', () => {
  it('uses first names, adding an initial or the username only where needed', () => {
    const nameOf = shortNames([
      person(1, 'Alice', 'Smith'),
      person(2, 'Bob', 'Jones'),
      person(3, 'Bob', 'Brown'),
      person(4, 'Cy', 'Lee', 'cy1'),
      person(5, 'Cy', 'Long', 'cy2'),
    ]);
    expect([1, 2, 3, 4, 5, 9].map(nameOf)).toEqual([
      'Alice',
      'Bob J.',
      'Bob B.',
      'Cy (cy1)',
      'Cy (cy2)',
      'Someone',
    ]);
  });
});

describe('balance sentences', () => {
  const nameOf = (id: number) => ['', 'Alice', 'Bob', 'Carol'][id] ?? '?';
  it("tells the reader what they owe and are owed, or that they're settled", () => {
    const settle = [
      { from: 1, to: 2, amount_minor: 1240 },
      { from: 3, to: 1, amount_minor: 300 },
      { from: 3, to: 2, amount_minor: 100 },
    ];
    expect(myBalanceSentences(settle, 1, nameOf, eur)).toEqual([
      'You owe Bob €12.40',
      'Carol owes you €3.00',
    ]);
    expect(myBalanceSentences([], 1, nameOf, eur)).toEqual(['All settled']);
    expect(myBalanceSentences(settle.slice(2), 1, nameOf, eur)).toEqual(['All settled']);
    expect(transferSentence(settle[2]!, 1, nameOf, eur)).toBe('Carol pays Bob €1.00');
    expect(transferSentence(settle[0]!, 1, nameOf, eur)).toBe('You pay Bob €12.40');
  });
});

describe('draftToSplit', () => {
  it('builds each mode and says what to fix', () => {
    const members = [2, 1];
    expect(draftToSplit({ mode: 'equal', members, values: {} }, 1000, 'EUR', eur)).toEqual({
      split: {
        mode: 'equal',
        parts: [
          { user_id: 2, value: 0 },
          { user_id: 1, value: 0 },
        ],
      },
    });
    expect(draftToSplit({ mode: 'shares', members, values: { 2: '1,5', 1: '1' } }, 1000, 'EUR', eur)).toEqual(
      {
        split: {
          mode: 'shares',
          parts: [
            { user_id: 2, value: 1.5 },
            { user_id: 1, value: 1 },
          ],
        },
      },
    );
    expect(
      draftToSplit({ mode: 'shares', members, values: { 2: '0', 1: '1' } }, 1000, 'EUR', eur),
    ).toHaveProperty('error');
    expect(
      draftToSplit({ mode: 'percent', members, values: { 2: '33.33', 1: '66.67' } }, 1000, 'EUR', eur),
    ).toEqual({
      split: {
        mode: 'percent',
        parts: [
          { user_id: 2, value: 33.33 },
          { user_id: 1, value: 66.67 },
        ],
      },
    });
    expect(
      draftToSplit({ mode: 'percent', members, values: { 2: '50', 1: '40' } }, 1000, 'EUR', eur),
    ).toEqual({
      error: 'Percentages must add up to 100 (now 90).',
    });
    expect(draftToSplit({ mode: 'exact', members, values: { 2: '4', 1: '6.00' } }, 1000, 'EUR', eur)).toEqual(
      {
        split: {
          mode: 'exact',
          parts: [
            { user_id: 2, value: 400 },
            { user_id: 1, value: 600 },
          ],
        },
      },
    );
    expect(draftToSplit({ mode: 'exact', members, values: { 2: '4' } }, 1000, 'EUR', eur)).toEqual({
      error: 'Exact amounts must add up to €10.00 (now €4.00).',
    });
    expect(draftToSplit({ mode: 'equal', members: [], values: {} }, 1000, 'EUR', eur)).toEqual({
      error: 'Choose at least one person to split with.',
    });
  });

  it('turns a saved split back into the same draft values', () => {
    const draft = splitToDraft({ mode: 'exact', parts: [{ user_id: 3, value: 1234 }] }, (minor) =>
      (minor / 100).toFixed(2),
    );
    expect(draft).toEqual({ mode: 'exact', members: [3], values: { 3: '12.34' } });
    expect(draftToSplit(draft, 1234, 'EUR', eur)).toEqual({
      split: { mode: 'exact', parts: [{ user_id: 3, value: 1234 }] },
    });
  });
});

describe('mergeHistory', () => {
  const expense = (expense_id: number, spent_on: string) => ({ expense_id, spent_on }) as Expense;
  const payment = (payment_id: number, paid_on: string) => ({ payment_id, paid_on }) as Payment;
  const keys = (items: ReturnType<typeof mergeHistory>) =>
    items.map((i) => (i.kind === 'expense' ? `e${i.expense.expense_id}` : `p${i.payment.payment_id}`));

  it('interleaves newest first, holding back rows an unloaded page could precede', () => {
    const expenses = { rows: [expense(9, '2025-03-10'), expense(8, '2025-03-05')], hasMore: true };
    const payments = {
      rows: [payment(4, '2025-03-07'), payment(3, '2025-03-05'), payment(2, '2025-03-01')],
      hasMore: false,
    };
    // Payment 3 shares the last loaded expense date, payment 2 is older: both wait for the next expense page.
    expect(keys(mergeHistory(expenses, payments))).toEqual(['e9', 'p4', 'e8']);
    expect(keys(mergeHistory({ ...expenses, hasMore: false }, payments))).toEqual([
      'e9',
      'p4',
      'e8',
      'p3',
      'p2',
    ]);
  });

  it('once everything is loaded, shows every row exactly once in order (any paging)', () => {
    const dates = fc.constantFrom('2025-01-01', '2025-01-02', '2025-02-01');
    fc.assert(
      fc.property(fc.array(dates, { maxLength: 20 }), fc.array(dates, { maxLength: 20 }), (ed, pd) => {
        const sortDesc = <T extends { d: string; id: number }>(rows: T[]) =>
          rows.sort((a, b) => (a.d < b.d ? 1 : a.d > b.d ? -1 : b.id - a.id));
        const es = sortDesc(ed.map((d, i) => ({ d, id: i + 1 }))).map((r) => expense(r.id, r.d));
        const ps = sortDesc(pd.map((d, i) => ({ d, id: i + 1 }))).map((r) => payment(r.id, r.d));
        const all = keys(mergeHistory({ rows: es, hasMore: false }, { rows: ps, hasMore: false }));
        expect(all).toHaveLength(es.length + ps.length);
        // Any partial load shows a prefix of the full list.
        for (let e = 0; e <= es.length; e++) {
          for (let p = 0; p <= ps.length; p++) {
            const partial = keys(
              mergeHistory(
                { rows: es.slice(0, e), hasMore: e < es.length },
                { rows: ps.slice(0, p), hasMore: p < ps.length },
              ),
            );
            expect(all.slice(0, partial.length)).toEqual(partial);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('groups rows by month', () => {
    const items = mergeHistory(
      { rows: [expense(2, '2025-03-02'), expense(1, '2025-02-27')], hasMore: false },
      { rows: [], hasMore: false },
    );
    expect(byMonth(items).map((g) => [g.month, g.items.length])).toEqual([
      ['2025-03', 1],
      ['2025-02', 1],
    ]);
  });
});

describe('spendingByMonth', () => {
  it('stacks every category per month, oldest first, with the largest total for scale', () => {
    const { months, max } = spendingByMonth([
      { month: '2025-02', category: 'rent', amount_minor: 900 },
      { month: '2025-01', category: 'groceries', amount_minor: 100 },
      { month: '2025-01', category: 'rent', amount_minor: 900 },
    ]);
    expect(months.map((m) => [m.month, m.total])).toEqual([
      ['2025-01', 1000],
      ['2025-02', 900],
    ]);
    expect(months[0]?.byCategory.map((c) => c.amount_minor)).toEqual([100, 900, 0, 0, 0]);
    expect(max).toBe(1000);
  });
});

describe('activitySentence', () => {
  it('says who did what to which expense or payment', () => {
    const nameOf = (id: number) => (id === 2 ? 'Bob' : 'Someone');
    const base = {
      activity_id: 1,
      subject_id: 5,
      title: 'Rent',
      amount_minor: 90000,
      at: '2025-01-01T00:00:00Z',
    };
    expect(
      activitySentence({ ...base, actor: 2, action: 'deleted', subject: 'expense' }, 1, nameOf, eur),
    ).toBe('Bob deleted the expense “Rent” (€900.00)');
    expect(
      activitySentence({ ...base, actor: 1, action: 'created', subject: 'payment' }, 1, nameOf, eur),
    ).toBe('You added a payment (€900.00)');
    expect(
      activitySentence({ ...base, actor: null, action: 'created', subject: 'expense' }, 1, nameOf, eur),
    ).toBe('Recurring bill added the expense “Rent” (€900.00)');
  });
});

describe('splitwisePeople and guessMember', () => {
  it("reads the export's people columns and matches them to members", () => {
    const csv =
      '\ufeffDate,Description,Category,Cost,Currency,Alice Smith,"Jones, Bob"\n2025-01-01,Tea,General,1.00,EUR,1.00,-1.00';
    expect(splitwisePeople(csv)).toEqual(['Alice Smith', 'Jones, Bob']);
    expect(splitwisePeople('a,b,c\n1,2,3')).toBeNull();
    const people = [person(1, 'Alice', 'Smith'), person(2, 'Bob', 'Jones', 'bobby')];
    expect(guessMember('alice smith', people)).toBe(1);
    expect(guessMember('BOBBY', people)).toBe(2);
    expect(guessMember('Jones, Bob', people)).toBeNull();
  });
});
