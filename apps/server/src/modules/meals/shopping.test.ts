import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey } from '../groceries/index.js';
import { Fraction } from './fraction.js';
import type { StoredIngredient } from './ingredient.js';
import { amountsText, mergedQuantity, type PlannedMeal, scaled, shoppingLines } from './shopping.js';
import { unitInfo } from './units.js';

const UNITS = [
  null,
  'g',
  'kg',
  'mg',
  'ml',
  'l',
  'cl',
  'tsp',
  'tbsp',
  'cup',
  'EL',
  'TL',
  'can',
  'cloves',
  'pieces',
];
const NAMES = ['flour', 'milk', 'eggs', 'sugar', 'tomatoes', 'garlic'];

const fraction = fc
  .tuple(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 12 }))
  .map(([n, d]) => new Fraction(BigInt(n), BigInt(d)));

const ingredient = fc.record({
  quantity: fc.option(fraction, { nil: null }),
  unit: fc.constantFrom(...UNITS),
  name: fc.constantFrom(...NAMES),
});

const meal = (id: number) =>
  fc
    .record({
      servings: fc.integer({ min: 1, max: 100 }),
      recipeServings: fc.integer({ min: 1, max: 100 }),
      ingredients: fc.array(ingredient, { maxLength: 8 }),
    })
    .map(
      (m): PlannedMeal => ({
        meal_id: id,
        title: `Meal ${id}`,
        servings: m.servings,
        recipe: {
          servings: m.recipeServings,
          ingredients: m.ingredients.map(
            (i): StoredIngredient => ({
              text: '',
              quantity: i.quantity?.toString() ?? null,
              unit: i.unit,
              name: i.name,
              note: null,
            }),
          ),
        },
      }),
    );

const plan = fc
  .integer({ min: 0, max: 8 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => meal(i + 1))));

/** A line's amounts by family, as exact base amounts: what must not depend on anything but the meals. */
const totals = (meals: PlannedMeal[]) =>
  Object.fromEntries(
    shoppingLines(meals, new Set(), nameKey).lines.map((l) => [
      l.key,
      Object.fromEntries(l.amounts.map((a) => [a.family, a.base.toString()])),
    ]),
  );

describe('shopping (properties)', () => {
  it('scaling by n and then by 1/n gives the original quantity', () => {
    fc.assert(
      fc.property(
        fraction,
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (q, from, to) => {
          expect(scaled(scaled(q, from, to), to, from).equals(q)).toBe(true);
        },
      ),
    );
  });

  it('sums the same whatever the order of the meals', () => {
    fc.assert(
      fc.property(plan, fc.integer(), (meals, seed) => {
        const shuffled = [...meals].sort(
          (a, b) => ((a.meal_id * 7919 + seed) % 13) - ((b.meal_id * 7919 + seed) % 13),
        );
        expect(totals(shuffled)).toEqual(totals(meals));
        const text = (ms: PlannedMeal[]) =>
          Object.fromEntries(
            shoppingLines(ms, new Set(), nameKey).lines.map((l) => [l.key, amountsText(l.amounts)]),
          );
        expect(text(shuffled)).toEqual(text(meals));
      }),
    );
  });

  it('never mixes mass, volume, kitchen measures and pieces in one amount', () => {
    fc.assert(
      fc.property(plan, (meals) => {
        const { lines } = shoppingLines(meals, new Set(), nameKey);
        for (const line of lines) {
          const families = line.amounts.map((a) => a.family);
          expect(new Set(families).size).toBe(families.length);
          // Each family's total is exactly the sum of its own lines, in its base unit.
          for (const amount of line.amounts) {
            let expected = new Fraction(0n);
            for (const m of meals) {
              for (const i of m.recipe?.ingredients ?? []) {
                const info = unitInfo(i.unit);
                if (nameKey(i.name) !== line.key || info.family !== amount.family || i.quantity === null)
                  continue;
                expected = expected.add(
                  scaled(Fraction.parse(i.quantity) as Fraction, m.recipe!.servings, m.servings).mul(
                    info.factor,
                  ),
                );
              }
            }
            expect(amount.base.equals(expected)).toBe(true);
          }
        }
      }),
    );
  });

  it('leaves staples out and names each once', () => {
    const meals: PlannedMeal[] = [1, 2].map((id) => ({
      meal_id: id,
      title: `M${id}`,
      servings: 2,
      recipe: {
        servings: 2,
        ingredients: [
          { text: '', quantity: '1', unit: 'tsp', name: 'Salt', note: null },
          { text: '', quantity: '1', unit: 'tsp', name: 'sea salt', note: null },
          { text: '', quantity: '2', unit: null, name: 'onions', note: null },
        ],
      },
    }));
    const { lines, skipped } = shoppingLines(meals, new Set(['salt']), nameKey);
    expect(skipped).toEqual(['Salt', 'sea salt']);
    expect(lines.map((l) => [l.name, amountsText(l.amounts)])).toEqual([['onions', '4']]);
  });

  it('merges into an item of the same family, else keeps both', () => {
    const amounts = shoppingLines(
      [
        {
          meal_id: 1,
          title: 'x',
          servings: 1,
          recipe: {
            servings: 1,
            ingredients: [{ text: '', quantity: '250', unit: 'g', name: 'rice', note: null }],
          },
        },
      ],
      new Set(),
      nameKey,
    ).lines[0]!.amounts;
    expect(mergedQuantity('1 kg', amounts, 40)).toBe('1.25 kg');
    expect(mergedQuantity('500g', amounts, 40)).toBe('750 g');
    expect(mergedQuantity(null, amounts, 40)).toBe('250 g');
    expect(mergedQuantity('2 bags', amounts, 40)).toBe('2 bags + 250 g');
    expect(mergedQuantity('x'.repeat(38), amounts, 40)).toBe('250 g');
  });
});
