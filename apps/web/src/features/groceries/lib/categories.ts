import { GROCERY_CATEGORIES, type GroceryCategory, type GroceryItem } from '@hearth/contract';
import { labels } from '../../../lib/i18n';

/** What the screen calls each category. */
export const CATEGORY_NAMES: Record<GroceryCategory, string> = labels({
  produce: 'groceries:categories.produce',
  bakery: 'groceries:categories.bakery',
  dairy: 'groceries:categories.dairy',
  meat_fish: 'groceries:categories.meat_fish',
  frozen: 'groceries:categories.frozen',
  pantry: 'groceries:categories.pantry',
  drinks: 'groceries:categories.drinks',
  household: 'groceries:categories.household',
  personal_care: 'groceries:categories.personal_care',
  other: 'groceries:categories.other',
});

export interface ItemGroup {
  category: GroceryCategory;
  items: GroceryItem[];
}

export interface GroupedItems {
  /** Unticked items by category, in shop order; categories without items are left out. */
  groups: ItemGroup[];
  /** Ticked items, in the order they were added. */
  done: GroceryItem[];
}

/**
 * A complete shop order: `order` as given, with any category it leaves out (or an unknown one it has)
 * mended, so grouping never loses an item.
 */
export function completeOrder(order: readonly string[] | undefined): GroceryCategory[] {
  const known = new Set<string>(GROCERY_CATEGORIES);
  const kept = [...new Set((order ?? []).filter((c): c is GroceryCategory => known.has(c)))];
  return [...kept, ...GROCERY_CATEGORIES.filter((c) => !kept.includes(c))];
}

/** The list as a shopper walks the shop: unticked items by category in the house's order, then Done. */
export function groupItems(
  items: readonly GroceryItem[],
  order: readonly string[] | undefined,
): GroupedItems {
  const byCategory = new Map<GroceryCategory, GroceryItem[]>();
  const done: GroceryItem[] = [];
  for (const item of items) {
    if (item.completed) {
      done.push(item);
      continue;
    }
    // An answer from an older server has no category: it goes with "other".
    const category = item.category ?? 'other';
    const group = byCategory.get(category) ?? [];
    group.push(item);
    byCategory.set(category, group);
  }
  const groups = completeOrder(order).flatMap((category) => {
    const found = byCategory.get(category);
    return found ? [{ category, items: found }] : [];
  });
  return { groups, done };
}

/** `order` with the category at `from` moved to `to` (both clamped to the list). */
export function moveTo<T>(order: readonly T[], from: number, to: number): T[] {
  const copy = [...order];
  if (from < 0 || from >= copy.length) return copy;
  const [moved] = copy.splice(from, 1);
  copy.splice(Math.max(0, Math.min(to, copy.length)), 0, moved as T);
  return copy;
}

/** `order` with `category` one place earlier (-1) or later (+1); unchanged at either end. */
export function moveBy<T>(order: readonly T[], entry: T, step: -1 | 1): T[] {
  const from = order.indexOf(entry);
  return moveTo(order, from, from + step);
}
