import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRecipe, isoMinutes, recipeFromText } from './recipe-page.js';

const page = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const base = new URL('https://blog.example/recipes/x');

describe('findRecipe', () => {
  it('reads JSON-LD in @graph with a list of types, HowToSections, an image object and ISO times', () => {
    expect(findRecipe(page('graph.html'), base)).toEqual({
      title: 'Shakshuka & feta',
      servings: 4,
      ingredients: ['2 tbsp olive oil', '1 onion, chopped', '800 g chopped tomatoes', '6 eggs', '100 g feta'],
      steps: [
        'Soften the onion in the oil.',
        'Add the tomatoes and simmer for 20 minutes.',
        'Make six wells and crack in the eggs.',
        'Crumble the feta over and serve.',
      ],
      image: 'https://blog.example/images/shakshuka.png',
      prep_minutes: 10,
      cook_minutes: 65,
      tags: ['eggs', 'vegetarian', 'brunch'],
      notes: 'Eggs poached in a spiced tomato sauce.',
    });
  });

  it('reads a top-level array past a broken script, instructions as one string, an image list', () => {
    expect(findRecipe(page('list-of-types.html'), base)).toMatchObject({
      title: 'Pancakes',
      servings: 8,
      steps: ['Whisk the dry ingredients.', 'Whisk in the milk and egg.', 'Fry in a hot pan.'],
      image: 'https://cdn.invalid/a.jpg',
      prep_minutes: 15,
      cook_minutes: 20,
      tags: ['breakfast', 'sweet'],
    });
  });

  it('reads instructions written as HTML, an image as a string, a yield in words', () => {
    expect(findRecipe(page('html-instructions.html'), base)).toMatchObject({
      title: 'Kartoffelsalat',
      servings: 6,
      ingredients: ['1 kg Kartoffeln', '2 EL Olivenöl', '1 TL Senf', '1 Zwiebel'],
      steps: ['Kartoffeln kochen.', 'Schälen & schneiden.', 'Mit Öl und Senf mischen.'],
      image: 'https://cdn.invalid/salat.jpg',
      prep_minutes: null,
      cook_minutes: 25,
    });
  });

  it('falls back to microdata, leaving nested items (the author) out', () => {
    expect(findRecipe(page('microdata.html'), base)).toEqual({
      title: 'Lentil soup',
      servings: 4,
      ingredients: ['200 g red lentils', '1 l vegetable stock', '2 carrots, diced'],
      steps: ['Rinse the lentils.', 'Simmer everything for 40 minutes.'],
      image: 'https://blog.example/images/soup.png',
      prep_minutes: 10,
      cook_minutes: 40,
      tags: ['soup', 'vegan'],
      notes: 'A weeknight soup.',
    });
  });

  it('finds nothing on a page without a recipe', () => {
    expect(findRecipe(page('no-recipe.html'), base)).toBeNull();
    expect(findRecipe('<p>hello</p>', base)).toBeNull();
  });
});

describe('isoMinutes', () => {
  it.each([
    ['PT1H30M', 90],
    ['PT90M', 90],
    ['P0DT0H20M', 20],
    ['P1D', 1440],
    ['PT45S', 1],
    ['PT', null],
    ['P', null],
    ['20 minutes', null],
  ])('%s is %s', (text, minutes) => expect(isoMinutes(text)).toBe(minutes));
});

describe('recipeFromText', () => {
  it('reads title, servings, ingredients and steps under their headings', () => {
    expect(
      recipeFromText(
        'Tomato soup\nServes 2\nA quick one.\n\nIngredients\n- 400 g tomatoes\n- 1 onion\n\nMethod\n1. Chop.\n2. Simmer.',
      ),
    ).toEqual({
      title: 'Tomato soup',
      servings: 2,
      ingredients: ['400 g tomatoes', '1 onion'],
      steps: ['Chop.', 'Simmer.'],
      image: null,
      prep_minutes: null,
      cook_minutes: null,
      tags: [],
      notes: 'A quick one.',
    });
    expect(recipeFromText('Zwiebelkuchen\nZutaten:\n500 g Mehl\nZubereitung:\nBacken.')).toMatchObject({
      ingredients: ['500 g Mehl'],
      steps: ['Backen.'],
    });
  });

  it('finds nothing in text without ingredients', () => {
    expect(recipeFromText('Just a note\nabout nothing')).toBeNull();
  });
});
