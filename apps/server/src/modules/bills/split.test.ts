import { AMOUNT_MINOR_MAX, type Split } from '@hearth/contract';
import { dinero, allocate as dineroAllocate, toSnapshot } from 'dinero.js';
import { EUR } from 'dinero.js/currencies';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { allocateMinor } from './allocate.js';
import { computePortions } from './split.js';

const amountArb = fc.integer({ min: 1, max: AMOUNT_MINOR_MAX });
const idsArb = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 });

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.field;
    throw error;
  }
  return undefined;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('allocateMinor', () => {
  it('always adds up to the amount, each part within one unit of its exact proportion', () => {
    fc.assert(
      fc.property(
        amountArb,
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 20 }),
        (amount, weights) => {
          fc.pre(weights.some((w) => w > 0n));
          const parts = allocateMinor(amount, weights);
          expect(sum(parts)).toBe(amount);
          const total = weights.reduce((a, b) => a + b, 0n);
          parts.forEach((part, i) => {
            const floor = (BigInt(amount) * (weights[i] as bigint)) / total;
            expect(BigInt(part) - floor === 0n || BigInt(part) - floor === 1n).toBe(true);
            if (weights[i] === 0n) expect(part).toBe(0);
          });
        },
      ),
    );
  });

  it('gives leftover units to the parts in the order they are listed', () => {
    expect(allocateMinor(100, [1n, 1n, 1n])).toEqual([34, 33, 33]);
    expect(allocateMinor(101, [1n, 1n, 1n])).toEqual([34, 34, 33]);
    // The smaller share comes first, so it takes the leftover unit.
    expect(allocateMinor(10, [1n, 2n])).toEqual([4, 6]);
    expect(allocateMinor(5, [0n, 1n, 1n])).toEqual([0, 3, 2]);
  });

  it('matches dinero.js allocate when the weights are equal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        (amount, n) => {
          const ours = allocateMinor(
            amount,
            Array.from({ length: n }, () => 1n),
          );
          const theirs = dineroAllocate(dinero({ amount, currency: EUR }), Array(n).fill(1)).map(
            (d) => toSnapshot(d).amount,
          );
          expect(ours).toEqual(theirs);
        },
      ),
    );
  });
});

describe('computePortions', () => {
  it('portions sum exactly to the amount in every mode', () => {
    const equal = fc.record({ mode: fc.constant('equal' as const), ids: idsArb });
    const shares = fc.record({
      mode: fc.constant('shares' as const),
      ids: idsArb,
      values: fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 12, maxLength: 12 }),
    });
    const percent = fc.record({
      mode: fc.constant('percent' as const),
      ids: idsArb,
      cuts: fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 11, maxLength: 11 }),
    });
    fc.assert(
      fc.property(amountArb, fc.oneof(equal, shares, percent), (amount, choice) => {
        let split: Split;
        if (choice.mode === 'equal') {
          split = { mode: 'equal', parts: choice.ids.map((user_id) => ({ user_id, value: 0 })) };
        } else if (choice.mode === 'shares') {
          split = {
            mode: 'shares',
            parts: choice.ids.map((user_id, i) => ({ user_id, value: (choice.values[i] as number) / 100 })),
          };
        } else {
          // Cut 100.00% at sorted points so the percentages add up to exactly 100.
          const points = [0, ...choice.cuts.slice(0, choice.ids.length - 1).sort((a, b) => a - b), 10_000];
          split = {
            mode: 'percent',
            parts: choice.ids.map((user_id, i) => ({
              user_id,
              value: ((points[i + 1] as number) - (points[i] as number)) / 100,
            })),
          };
        }
        const portions = computePortions(amount, split);
        expect(sum(portions.map((p) => p.amount_minor))).toBe(amount);
        expect(portions.map((p) => p.user_id)).toEqual(choice.ids);
        expect(portions.every((p) => p.amount_minor >= 0)).toBe(true);
      }),
    );
  });

  it('splits €10.00 three ways as 3.34, 3.33, 3.33 in the listed order', () => {
    const split: Split = {
      mode: 'equal',
      parts: [3, 1, 2].map((user_id) => ({ user_id, value: 0 })),
    };
    expect(computePortions(1000, split)).toEqual([
      { user_id: 3, amount_minor: 334 },
      { user_id: 1, amount_minor: 333 },
      { user_id: 2, amount_minor: 333 },
    ]);
  });

  it('splits by shares and by percentages with two decimals', () => {
    expect(
      computePortions(1000, {
        mode: 'shares',
        parts: [
          { user_id: 1, value: 1 },
          { user_id: 2, value: 1.5 },
        ],
      }).map((p) => p.amount_minor),
    ).toEqual([400, 600]);
    expect(
      computePortions(1000, {
        mode: 'percent',
        parts: [
          { user_id: 1, value: 33.33 },
          { user_id: 2, value: 33.33 },
          { user_id: 3, value: 33.34 },
        ],
      }).map((p) => p.amount_minor),
    ).toEqual([334, 333, 333]);
  });

  it('keeps exact amounts as given when they add up', () => {
    expect(
      computePortions(500, {
        mode: 'exact',
        parts: [
          { user_id: 1, value: 123 },
          { user_id: 2, value: 377 },
        ],
      }),
    ).toEqual([
      { user_id: 1, amount_minor: 123 },
      { user_id: 2, amount_minor: 377 },
    ]);
  });

  it('names the field of each broken rule', () => {
    const p = (...values: number[]) => values.map((value, i) => ({ user_id: i + 1, value }));
    expect(fieldOf(() => computePortions(100, { mode: 'percent', parts: p(50, 49.99) }))).toBe('split.parts');
    expect(fieldOf(() => computePortions(100, { mode: 'percent', parts: p(50, 50.001) }))).toBe(
      'split.parts[1].value',
    );
    expect(fieldOf(() => computePortions(100, { mode: 'percent', parts: p(150, -50) }))).toBe(
      'split.parts[0].value',
    );
    expect(fieldOf(() => computePortions(100, { mode: 'exact', parts: p(50, 49) }))).toBe('split.parts');
    expect(fieldOf(() => computePortions(100, { mode: 'exact', parts: p(50.5, 49.5) }))).toBe(
      'split.parts[0].value',
    );
    expect(fieldOf(() => computePortions(100, { mode: 'shares', parts: p(1, 0) }))).toBe(
      'split.parts[1].value',
    );
    expect(
      fieldOf(() =>
        computePortions(100, {
          mode: 'equal',
          parts: [
            { user_id: 4, value: 0 },
            { user_id: 4, value: 0 },
          ],
        }),
      ),
    ).toBe('split.parts[1].user_id');
  });
});
