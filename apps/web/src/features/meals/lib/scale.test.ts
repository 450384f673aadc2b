import { describe, expect, it } from 'vitest';
import { amountText, ingredientLine } from './scale';

describe('scaled ingredients', () => {
  it('shows amounts as cooks write them', () => {
    expect(amountText(1.5)).toBe('1 ½');
    expect(amountText(1 / 3)).toBe('⅓');
    expect(amountText(250)).toBe('250');
    expect(amountText(1.37)).toBe('1.37');
  });

  it('scales from the recipe to the servings chosen', () => {
    const flour = { text: '1 ½ cups flour', quantity: 1.5, unit: 'cups', name: 'flour', note: 'sifted' };
    expect(ingredientLine(flour, 4, 2)).toBe('¾ cups flour, sifted');
    expect(ingredientLine(flour, 4, 8)).toBe('3 cups flour, sifted');
    const salt = { text: 'salt to taste', quantity: null, unit: null, name: 'salt to taste', note: null };
    expect(ingredientLine(salt, 4, 8)).toBe('salt to taste');
  });
});
