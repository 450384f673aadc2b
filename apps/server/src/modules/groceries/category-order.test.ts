import { GROCERY_CATEGORIES, GroceryCategory } from '@hearth/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_ORDER, orderText, requestedOrder, storedOrder } from './category-order.js';

describe('categories', () => {
  it('are the same list in the schema and in the constant', () => {
    for (const c of GROCERY_CATEGORIES) expect(Value.Check(GroceryCategory, c)).toBe(true);
    expect(GroceryCategory.anyOf.map((s) => s.const)).toEqual([...GROCERY_CATEGORIES]);
    expect(Value.Check(GroceryCategory, 'sweets')).toBe(false);
  });
});

describe('shop order', () => {
  it('reads back what was saved', () => {
    const order = [...GROCERY_CATEGORIES].reverse();
    expect(storedOrder(orderText(order))).toEqual(order);
  });

  it('starts in the default order, drops categories it no longer knows and adds new ones last', () => {
    expect(storedOrder(null)).toEqual([...DEFAULT_CATEGORY_ORDER]);
    expect(storedOrder('frozen,sweets,dairy,frozen')).toEqual([
      'frozen',
      'dairy',
      ...GROCERY_CATEGORIES.filter((c) => c !== 'frozen' && c !== 'dairy'),
    ]);
  });

  it('takes a new order only when it names every category once', () => {
    expect(requestedOrder([...GROCERY_CATEGORIES])).toEqual([...GROCERY_CATEGORIES]);
    for (const bad of [
      GROCERY_CATEGORIES.slice(1),
      [...GROCERY_CATEGORIES, 'produce'],
      [...GROCERY_CATEGORIES.slice(1), 'sweets'],
      [],
    ]) {
      expect(() => requestedOrder(bad)).toThrow(expect.objectContaining({ statusCode: 400, field: 'order' }));
    }
  });
});
