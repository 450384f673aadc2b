import { describe, expect, it } from 'vitest';
import { readIngredient } from './ingredient.js';

describe('readIngredient', () => {
  it.each([
    ['200 g spaghetti', '200', 'g', 'spaghetti', null],
    ['2 onions', '2', null, 'onions', null],
    ['1/2 tsp salt', '1/2', 'tsp', 'salt', null],
    ['1 ½ cups flour', '3/2', 'cups', 'flour', null],
    ['1½ cups flour', '3/2', 'cups', 'flour', null],
    ['2 EL Olivenöl', '2', 'el', 'Olivenöl', null],
    ['1 TL Salz', '1', 'tl', 'Salz', null],
    ['1,5 kg Kartoffeln', '3/2', 'kg', 'Kartoffeln', null],
    ['2 onions, finely chopped', '2', null, 'onions', 'finely chopped'],
    ['salt to taste', null, null, 'salt to taste', null],
    ['2-3 carrots', null, null, 'carrots', '2-3'],
    ['3 cans of chopped tomatoes', '3', 'cans', 'chopped tomatoes', null],
  ])('reads %s', (text, quantity, unit, name, note) => {
    expect(readIngredient(text)).toEqual({ text, quantity, unit, name, note });
  });
});
