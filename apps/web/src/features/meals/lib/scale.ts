import type { Ingredient } from '@hearth/contract';

/** An ingredient's amount for `servings`, from a recipe written for `recipeServings`; null when none. */
export function scaledAmount(
  ingredient: Ingredient,
  recipeServings: number,
  servings: number,
): number | null {
  if (ingredient.quantity === null) return null;
  return (ingredient.quantity * servings) / recipeServings;
}

const FRACTIONS: Array<[number, string]> = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

/** An amount as a cook reads it: "1 ½", "⅓", "250", "1.35" (a common fraction when one is that close). */
export function amountText(value: number): string {
  const whole = Math.floor(value + 1e-9);
  const rest = value - whole;
  if (rest < 1e-6) return String(whole);
  const near = FRACTIONS.find(([f]) => Math.abs(rest - f) < 0.005);
  if (near) return whole === 0 ? near[1] : `${whole} ${near[1]}`;
  return String(Math.round(value * 100) / 100);
}

/** The ingredient's line for `servings`: the amount scaled, then unit, name and note. */
export function ingredientLine(ingredient: Ingredient, recipeServings: number, servings: number): string {
  const amount = scaledAmount(ingredient, recipeServings, servings);
  if (amount === null) return ingredient.text;
  const parts = [amountText(amount), ingredient.unit, ingredient.name].filter((p) => p !== null && p !== '');
  return `${parts.join(' ')}${ingredient.note ? `, ${ingredient.note}` : ''}`;
}
