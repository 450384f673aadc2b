import { GROCERY_CATEGORIES, type GroceryCategory } from '@hearth/contract';
import { validationError } from '../../lib/errors.js';

const KNOWN = new Set<string>(GROCERY_CATEGORIES);
const isCategory = (value: string): value is GroceryCategory => KNOWN.has(value);

/** The order a house starts with. */
export const DEFAULT_CATEGORY_ORDER: readonly GroceryCategory[] = GROCERY_CATEGORIES;

/**
 * A stored order as the house sees it: categories no longer known are dropped and any it does not name yet
 * go last in their default place, so adding a category never breaks a saved order.
 */
export function storedOrder(stored: string | null | undefined): GroceryCategory[] {
  const saved = (stored ?? '').split(',').filter(isCategory);
  const seen = new Set(saved);
  return [...new Set(saved), ...DEFAULT_CATEGORY_ORDER.filter((c) => !seen.has(c))];
}

/** A new order from a request: every category exactly once, nothing else (otherwise a 400 naming `order`). */
export function requestedOrder(order: readonly string[]): GroceryCategory[] {
  const unknown = order.find((c) => !isCategory(c));
  if (unknown !== undefined) {
    throw validationError('order', `order has an unknown category: ${JSON.stringify(unknown)}.`);
  }
  if (new Set(order).size !== order.length) {
    throw validationError('order', 'order must name each category only once.');
  }
  if (order.length !== GROCERY_CATEGORIES.length) {
    throw validationError('order', `order must name all ${GROCERY_CATEGORIES.length} categories.`);
  }
  return order as GroceryCategory[];
}

/** How an order is kept in its text column. */
export const orderText = (order: readonly GroceryCategory[]) => order.join(',');
