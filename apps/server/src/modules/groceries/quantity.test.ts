import { describe, expect, it } from 'vitest';
import { splitQuantity } from './quantity.js';

// Lines as people type them into a shopping list, and what they mean.
const phrasings: Array<[string, string, string | null]> = [
  ['2 kg potatoes', 'potatoes', '2 kg'],
  ['potatoes 2kg', 'potatoes', '2 kg'],
  ['2kg potatoes', 'potatoes', '2 kg'],
  ['Potatoes 2 KG', 'Potatoes', '2 kg'],
  ['eggs x6', 'eggs', 'x6'],
  ['x6 eggs', 'eggs', 'x6'],
  ['6x eggs', 'eggs', 'x6'],
  ['Eggs x 12', 'Eggs', 'x12'],
  ['eggs 6x', 'eggs', 'x6'],
  ['6 eggs', 'eggs', '6'],
  ['12 free range eggs', 'free range eggs', '12'],
  ['a dozen eggs', 'eggs', '12'],
  ['half a dozen eggs', 'eggs', '6'],
  ['eggs (6)', 'eggs', '6'],
  ['Beef mince (500 g)', 'Beef mince', '500 g'],
  ['500g flour', 'flour', '500 g'],
  ['flour 1.5 kg', 'flour', '1.5 kg'],
  ['1,5 kg apples', 'apples', '1,5 kg'],
  ['1 l milk', 'milk', '1 l'],
  ['milk 2 l', 'milk', '2 l'],
  ['2 litres of milk', 'milk', '2 litres'],
  ['Semi-skimmed milk 4 pints', 'Semi-skimmed milk', '4 pints'],
  ['3 cans of chopped tomatoes', 'chopped tomatoes', '3 cans'],
  ['2 tins tuna', 'tuna', '2 tins'],
  ['a bag of rice', 'rice', '1 bag'],
  ['two bottles of red wine', 'red wine', '2 bottles'],
  ['1 loaf sourdough', 'sourdough', '1 loaf'],
  ['2 loaves of bread', 'bread', '2 loaves'],
  ['1 bunch coriander', 'coriander', '1 bunch'],
  ['Bananas, 6', 'Bananas', '6'],
  ['bananas - 6', 'bananas', '6'],
  ['ham 1/2 lb', 'ham', '1/2 lb'],
  ['1 1/2 lb ground beef', 'ground beef', '1 1/2 lb'],
  ['½ kg cherries', 'cherries', '½ kg'],
  ['2-3 avocados', 'avocados', '2-3'],
  ['Coke zero 330ml', 'Coke zero', '330 ml'],
  ['Yogurt 4-pack', 'Yogurt', '4 pack'],
  ['4 pack yogurt', 'yogurt', '4 pack'],
  ['16 oz sour cream', 'sour cream', '16 oz'],
  ['three lemons', 'lemons', '3'],
  ['2 lemons', 'lemons', '2'],
  ['5 lbs sugar', 'sugar', '5 lbs'],
  ['Toilet roll x9', 'Toilet roll', 'x9'],
  // Numbers that belong to the name, and lines without a quantity.
  ['7up', '7up', null],
  ['2% milk', '2% milk', null],
  ['Nappies size 4', 'Nappies size 4', null],
  ['Sun cream SPF 50', 'Sun cream SPF 50', null],
  ['Vitamin B12', 'Vitamin B12', null],
  ['Bread (wholemeal)', 'Bread (wholemeal)', null],
  ['2 kg', '2 kg', null],
  ['Milk', 'Milk', null],
  ['  Oat   milk  ', 'Oat milk', null],
  ['100% orange juice', '100% orange juice', null],
];

describe('splitQuantity', () => {
  it('covers at least 50 phrasings', () => {
    expect(phrasings.length).toBeGreaterThanOrEqual(50);
  });

  it.each(phrasings)('reads %j as %j with quantity %j', (line, name, quantity) => {
    expect(splitQuantity(line)).toEqual({ name, quantity });
  });

  it('never leaves a blank name or a quantity over 40 characters', () => {
    for (const line of ['x6', '500 g', `${'9'.repeat(45)} apples`, 'of', '3 of']) {
      const { name, quantity } = splitQuantity(line);
      expect(name.trim()).not.toBe('');
      expect((quantity ?? '').length).toBeLessThanOrEqual(40);
    }
  });
});

describe('German kitchen units', () => {
  it.each([
    ['2 EL Olivenöl', 'Olivenöl', '2 el'],
    ['1 TL Salz', 'Salz', '1 tl'],
    ['3 Stück Eier', 'Eier', '3 stück'],
    ['2 Teelöffel Zucker', 'Zucker', '2 teelöffel'],
  ])('reads %s', (line, name, quantity) => {
    expect(splitQuantity(line)).toEqual({ name, quantity });
  });

  it('keeps a name that starts like a unit whole', () => {
    expect(splitQuantity('2 elderflower cordials')).toEqual({ name: 'elderflower cordials', quantity: '2' });
  });
});
