import type { Split } from '@hearth/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { memberBalances, totalsOf } from './balances.js';
import { settleGreedy, settleUp } from './settle-up.js';
import { computePortions } from './split.js';

/** Nets that add up to zero: random amounts, the last person takes the opposite of the rest. */
function netsArb(maxPeople: number, maxAmount = 10_000) {
  return fc
    .array(fc.integer({ min: -maxAmount, max: maxAmount }), { minLength: 1, maxLength: maxPeople - 1 })
    .map((values) => {
      const all = [...values, -values.reduce((a, b) => a + b, 0)];
      return all.map((net_minor, i) => ({ user_id: i + 1, net_minor }));
    });
}

function applyTransfers(
  nets: { user_id: number; net_minor: number }[],
  transfers: ReturnType<typeof settleUp>,
) {
  const left = new Map(nets.map((n) => [n.user_id, n.net_minor]));
  for (const t of transfers) {
    // Paying moves the sender's net up and the receiver's down.
    left.set(t.from, (left.get(t.from) ?? 0) + t.amount_minor);
    left.set(t.to, (left.get(t.to) ?? 0) - t.amount_minor);
  }
  return [...left.values()];
}

/** The fewest transfers by exhaustive search (settle one person with each later opposite, recurse). */
function bruteForceMinimum(values: number[]): number {
  const debts = values.filter((v) => v !== 0);
  const search = (start: number): number => {
    while (start < debts.length && debts[start] === 0) start++;
    if (start === debts.length) return 0;
    let best = Number.POSITIVE_INFINITY;
    const own = debts[start] as number;
    for (let i = start + 1; i < debts.length; i++) {
      const other = debts[i] as number;
      if (own * other < 0) {
        debts[i] = other + own;
        best = Math.min(best, 1 + search(start + 1));
        debts[i] = other;
      }
    }
    return best;
  };
  return search(0);
}

describe('settleUp', () => {
  it('the suggested payments zero every balance, each a positive amount from a debtor to a creditor', () => {
    fc.assert(
      fc.property(netsArb(16, 1_000_000), (nets) => {
        const transfers = settleUp(nets);
        expect(applyTransfers(nets, transfers).every((v) => v === 0)).toBe(true);
        for (const t of transfers) {
          expect(t.amount_minor).toBeGreaterThan(0);
          expect(nets.find((n) => n.user_id === t.from)?.net_minor).toBeLessThan(0);
          expect(nets.find((n) => n.user_id === t.to)?.net_minor).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('uses exactly as many payments as a brute-force search finds for up to 8 members', () => {
    // Small amounts make zero-sum subgroups common, which is where greedy matching falls short.
    fc.assert(
      fc.property(netsArb(8, 6), (nets) => {
        expect(settleUp(nets)).toHaveLength(bruteForceMinimum(nets.map((n) => n.net_minor)));
      }),
      { numRuns: 500 },
    );
  });

  it('finds the grouping that largest-first matching misses', () => {
    // Largest-first pays 21 in three pieces and needs five payments; pairing 10 with -10 and settling
    // 3, 9, 9 against -21 needs four.
    const nets = [3, -10, 9, 10, 9, -21].map((net_minor, i) => ({ user_id: i + 1, net_minor }));
    expect(settleGreedy(nets)).toHaveLength(5);
    expect(settleUp(nets)).toHaveLength(4);
    expect(settleUp(nets)).toContainEqual({ from: 2, to: 4, amount_minor: 10 });
  });

  it('suggests nothing when everyone is settled, and stays within n - 1 payments above 12 members', () => {
    expect(settleUp([{ user_id: 1, net_minor: 0 }])).toEqual([]);
    fc.assert(
      fc.property(netsArb(40, 1_000_000), (nets) => {
        const open = nets.filter((n) => n.net_minor !== 0).length;
        expect(settleUp(nets).length).toBeLessThanOrEqual(Math.max(0, open - 1));
      }),
    );
  });

  it('takes well under a second for 12 members', () => {
    const nets = Array.from({ length: 12 }, (_, i) => ({
      user_id: i + 1,
      net_minor: i < 11 ? i * 37 - 150 : 0,
    }));
    (nets[11] as { net_minor: number }).net_minor = -nets.reduce((a, n) => a + n.net_minor, 0);
    const started = performance.now();
    settleUp(nets);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('balances over random expenses and payments', () => {
  const members = [1, 2, 3, 4, 5, 6];
  const expenseArb = fc.record({
    paid_by: fc.constantFrom(...members),
    amount_minor: fc.integer({ min: 1, max: 1_000_000_000 }),
    mode: fc.constantFrom('equal' as const, 'shares' as const),
    people: fc.shuffledSubarray(members, { minLength: 1 }),
    shares: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 6, maxLength: 6 }),
  });
  const paymentArb = fc
    .record({
      from: fc.constantFrom(...members),
      to: fc.constantFrom(...members),
      amount_minor: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .filter((p) => p.from !== p.to);

  it('nets add up to exactly zero, and settling them clears every balance', () => {
    fc.assert(
      fc.property(
        fc.array(expenseArb, { maxLength: 30 }),
        fc.array(paymentArb, { maxLength: 10 }),
        (raw, payments) => {
          const expenses = raw.map((e) => {
            const split: Split = {
              mode: e.mode,
              parts: e.people.map((user_id, i) => ({ user_id, value: e.shares[i] as number })),
            };
            return { ...e, portions: computePortions(e.amount_minor, split) };
          });
          const lines = memberBalances(members, totalsOf(expenses, payments));
          expect(lines.reduce((a, l) => a + l.net_minor, 0)).toBe(0);
          for (const l of lines) expect(l.net_minor).toBe(l.paid_minor - l.share_minor);
          const transfers = settleUp(lines);
          expect(applyTransfers(lines, transfers).every((v) => v === 0)).toBe(true);
        },
      ),
    );
  });

  it('a payment counts as paid by the sender and owed by the receiver', () => {
    const lines = memberBalances([1, 2], totalsOf([], [{ from: 2, to: 1, amount_minor: 500 }]));
    expect(lines).toEqual([
      { user_id: 1, paid_minor: 0, share_minor: 500, net_minor: -500 },
      { user_id: 2, paid_minor: 500, share_minor: 0, net_minor: 500 },
    ]);
  });
});
