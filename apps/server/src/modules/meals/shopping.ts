import { Fraction } from './fraction.js';
import { readNumber, type StoredIngredient } from './ingredient.js';
import { type Amount, addAmounts, displayAmount, quantityText, toAmount, type UnitFamily } from './units.js';

/** A meal of the plan with its recipe's servings and ingredients (none for a meal without a recipe). */
export interface PlannedMeal {
  meal_id: number;
  title: string;
  servings: number;
  recipe: { servings: number; ingredients: StoredIngredient[] } | null;
}

/** One name to buy: its amounts (one per unit family, never mixed) and the meals it is for. */
export interface ShoppingLine {
  key: string;
  name: string;
  amounts: Amount[];
  meals: Array<{ meal_id: number; title: string }>;
}

/** An ingredient's amount for a meal: the recipe's, scaled from its servings to the meal's. */
export function scaled(quantity: Fraction, recipeServings: number, mealServings: number): Fraction {
  return quantity.mul(new Fraction(BigInt(mealServings), BigInt(recipeServings)));
}

/** Adds an amount to a list of amounts of distinct families: into the one of its family, else beside. */
export function addInto(amounts: Amount[], amount: Amount): Amount[] {
  const i = amounts.findIndex((a) => a.family === amount.family);
  if (i < 0) return [...amounts, amount];
  return amounts.map((a, j) => (j === i ? addAmounts(a, amount) : a));
}

/** Whether an ingredient is one of the staples: the same name, or a name ending in it ("sea salt"). */
export function isStaple(key: string, staples: ReadonlySet<string>): boolean {
  if (staples.has(key)) return true;
  for (const staple of staples) if (key.endsWith(` ${staple}`)) return true;
  return false;
}

/**
 * The shopping of these meals: each ingredient scaled to its meal's servings, summed per name (by `keyOf`)
 * and unit family exactly, staples left out (named in `skipped`, once each).
 */
export function shoppingLines(
  meals: readonly PlannedMeal[],
  staples: ReadonlySet<string>,
  keyOf: (name: string) => string,
): { lines: ShoppingLine[]; skipped: string[] } {
  const lines = new Map<string, ShoppingLine>();
  const skipped = new Map<string, string>();
  for (const meal of meals) {
    if (!meal.recipe) continue;
    for (const ingredient of meal.recipe.ingredients) {
      const key = keyOf(ingredient.name);
      if (key === '') continue;
      if (isStaple(key, staples)) {
        if (!skipped.has(key)) skipped.set(key, ingredient.name);
        continue;
      }
      const line = lines.get(key) ?? { key, name: ingredient.name, amounts: [], meals: [] };
      const quantity = ingredient.quantity === null ? null : Fraction.parse(ingredient.quantity);
      if (quantity) {
        line.amounts = addInto(
          line.amounts,
          toAmount(scaled(quantity, meal.recipe.servings, meal.servings), ingredient.unit),
        );
      }
      if (!line.meals.some((m) => m.meal_id === meal.meal_id)) {
        line.meals.push({ meal_id: meal.meal_id, title: meal.title });
      }
      lines.set(key, line);
    }
  }
  return { lines: [...lines.values()], skipped: [...skipped.values()] };
}

/**
 * A line's amounts as a grocery quantity ("1.2 kg", "2 + 100 g"), in a fixed order of families so the
 * text does not depend on the order of the meals; null when it has none.
 */
export function amountsText(amounts: readonly Amount[]): string | null {
  if (amounts.length === 0) return null;
  return [...amounts]
    .sort((a, b) => familyOrder(a.family) - familyOrder(b.family) || a.family.localeCompare(b.family))
    .map((a) => {
      const shown = displayAmount(a);
      return quantityText(shown.quantity, shown.unit);
    })
    .join(' + ');
}

/** A grocery quantity read back as an amount ("500 g", "2", "1 1/2 cups"); null when it is anything else. */
export function readAmount(text: string | null): Amount | null {
  if (text === null) return null;
  const m = text
    .trim()
    .match(/^x?(?<n>\d+\s+\d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?)(?:\s*(?<unit>\p{L}[\p{L} ]*))?$/u);
  if (!m?.groups?.n) return null;
  const n = readNumber(m.groups.n);
  return n ? toAmount(n, m.groups.unit?.trim() ?? null) : null;
}

/**
 * The quantity an open item gets when a line goes into it: the sum when the item's quantity is of the
 * line's one unit family, else both side by side (nothing is lost; too long for the field keeps the line's).
 */
export function mergedQuantity(
  existing: string | null,
  amounts: readonly Amount[],
  max: number,
): string | null {
  const added = amountsText(amounts);
  if (existing === null || existing.trim() === '') return added;
  if (added === null) return existing;
  const before = readAmount(existing);
  if (before) {
    const same = amounts.find((a) => a.family === before.family);
    if (same) return amountsText(addInto([...amounts], before));
  }
  const both = `${existing} + ${added}`;
  return both.length <= max ? both : added;
}

function familyOrder(family: UnitFamily): number {
  return ['piece', 'mass', 'volume', 'spoon'].indexOf(family) + 1 || 9;
}
