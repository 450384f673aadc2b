import { GROCERY_CATEGORIES, type GroceryCategory, type GroceryItem } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, completeOrder, groupItems, moveBy, moveTo } from './categories';

let id = 0;
const item = (name: string, category: GroceryCategory, completed = false): GroceryItem => ({
  grocery_item_id: ++id,
  grocery_item_name: name,
  grocery_list_id: 1,
  completed,
  quantity: null,
  category,
});

const names = (items: GroceryItem[]) => items.map((i) => i.grocery_item_name);

describe('groupItems', () => {
  it('groups unticked items by category in shop order, leaving out empty ones, and puts ticked items in Done', () => {
    const items = [
      item('Milk', 'dairy'),
      item('Potatoes', 'produce'),
      item('Eggs', 'dairy', true),
      item('Soap', 'household'),
      item('Cheese', 'dairy'),
      item('Apples', 'produce', true),
    ];
    const order = [
      'household',
      'dairy',
      ...GROCERY_CATEGORIES.filter((c) => c !== 'household' && c !== 'dairy'),
    ];
    const { groups, done } = groupItems(items, order);
    expect(groups.map((g) => [g.category, names(g.items)])).toEqual([
      ['household', ['Soap']],
      ['dairy', ['Milk', 'Cheese']],
      ['produce', ['Potatoes']],
    ]);
    expect(names(done)).toEqual(['Eggs', 'Apples']);
  });

  it('uses the default order while the house order is unknown, and files items without a category as other', () => {
    const legacy = { ...item('Nails', 'other') } as Partial<GroceryItem>;
    delete legacy.category;
    const { groups } = groupItems([legacy as GroceryItem, item('Bread', 'bakery')], undefined);
    expect(groups.map((g) => g.category)).toEqual(['bakery', 'other']);
  });
});

describe('completeOrder', () => {
  it('keeps a full order, drops unknown or repeated entries and adds missing categories in default order', () => {
    expect(completeOrder([...GROCERY_CATEGORIES].reverse())).toEqual([...GROCERY_CATEGORIES].reverse());
    expect(completeOrder(['frozen', 'sweets', 'frozen', 'dairy'])).toEqual([
      'frozen',
      'dairy',
      ...GROCERY_CATEGORIES.filter((c) => c !== 'frozen' && c !== 'dairy'),
    ]);
  });
});

describe('moving categories', () => {
  it('moves one place up or down, and not past either end', () => {
    const order = ['a', 'b', 'c'];
    expect(moveBy(order, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(order, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(order, 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(order, 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('moves to any place, as a drag does', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveTo(['a', 'b'], 0, 9)).toEqual(['b', 'a']);
  });

  it('names every category', () => {
    for (const c of GROCERY_CATEGORIES) expect(CATEGORY_NAMES[c]).toMatch(/^[A-Z]/);
  });
});
