import type { ExportMeals } from '@hearth/contract';
import { MEAL_NOTE_MAX, MEAL_TITLE_MAX, STAPLE_MAX } from '@hearth/contract';
import { ImportCheck } from '../../core/import-check.js';
import type { HouseDataHook } from '../../core/module.js';
import { AppError } from '../../lib/errors.js';
import { parseInstant } from '../../lib/iso-instant.js';
import { pauses } from '../../lib/pauses.js';
import { optionalText, requiredText } from '../../lib/text.js';
import { nameKey } from '../groceries/index.js';
import type { StoredIngredient } from './ingredient.js';
import { type RecipeFields, recipeSearchText } from './repository.js';
import { checkDate, recipeFields } from './service.js';

/** The meals' part of the house export: recipes (ingredients as typed), the plan and the staples. */
export const mealsHouseData: HouseDataHook<'meals'> = {
  section: 'meals',

  async hasData(houseId, trx) {
    const [recipe, meal, staple] = await Promise.all([
      trx.selectFrom('recipes').select('recipe_id').where('house_id', '=', houseId).executeTakeFirst(),
      trx.selectFrom('meals').select('meal_id').where('house_id', '=', houseId).executeTakeFirst(),
      trx.selectFrom('meal_staples').select('staple').where('house_id', '=', houseId).executeTakeFirst(),
    ]);
    return recipe !== undefined || meal !== undefined || staple !== undefined;
  },

  async export(houseId, trx, people) {
    const ref = (id: number | null) => (id === null ? null : people.ref(id));
    const recipes = await trx
      .selectFrom('recipes')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('recipe_id')
      .execute();
    const refOfRecipe = new Map(recipes.map((r, i) => [r.recipe_id, i + 1]));
    const meals = await trx
      .selectFrom('meals')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('date')
      .orderBy('meal_id')
      .execute();
    const staples = await trx
      .selectFrom('meal_staples')
      .select('staple')
      .where('house_id', '=', houseId)
      .orderBy('position')
      .execute();
    return {
      recipes: recipes.map((r, i) => ({
        ref: i + 1,
        title: r.title,
        servings: r.servings,
        ingredients: (JSON.parse(r.ingredients) as StoredIngredient[]).map((ing) => ing.text),
        steps: JSON.parse(r.steps) as string[],
        notes: r.notes,
        source_url: r.source_url,
        image: r.image,
        tags: JSON.parse(r.tags) as string[],
        prep_minutes: r.prep_minutes,
        cook_minutes: r.cook_minutes,
        created_by: ref(r.created_by),
        created_at: r.created_at,
      })),
      meals: meals.map((m) => ({
        date: m.date,
        slot: m.slot as ExportMeals['meals'][number]['slot'],
        recipe: m.recipe_id === null ? null : (refOfRecipe.get(m.recipe_id) ?? null),
        title: m.title,
        servings: m.servings,
        cook: ref(m.cook_id),
        note: m.note,
        created_by: ref(m.created_by),
        created_at: m.created_at,
      })),
      staples: staples.map((s) => s.staple),
    };
  },

  async import(houseId, data: ExportMeals, people, trx) {
    const id = (ref: number | null) => (ref === null ? null : people.userId(ref));
    const pause = pauses();
    // Every value is checked first, so a refused document writes nothing at all.
    const recipes: Array<{
      ref: number;
      fields: RecipeFields;
      created_by: number | null;
      created_at: string;
    }> = [];
    for (const [i, r] of data.recipes.entries()) {
      const check = new ImportCheck(`data.meals.recipes[${i}]`);
      let fields: RecipeFields;
      try {
        fields = await recipeFields({ ...r, ingredients: r.ingredients.map((text) => ({ text })) });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 400)
          throw check.refuse(err.field ?? '', err.message);
        throw err;
      }
      recipes.push({
        ref: r.ref,
        fields,
        created_by: r.created_by,
        created_at: check.rule(() => parseInstant(r.created_at, 'created_at')),
      });
      await pause();
    }
    const refs = new Set(recipes.map((r) => r.ref));
    const meals = data.meals.map((m, i) => {
      const check = new ImportCheck(`data.meals.meals[${i}]`);
      if (m.recipe !== null && !refs.has(m.recipe))
        throw check.refuse('recipe', 'recipe names no recipe of the document.');
      return {
        ...m,
        date: check.rule(() => checkDate(m.date, 'date')),
        title: check.rule(() => requiredText(m.title, 'title', MEAL_TITLE_MAX)),
        note: check.rule(() => optionalText(m.note, 'note', MEAL_NOTE_MAX)),
        created_at: check.rule(() => parseInstant(m.created_at, 'created_at')),
      };
    });
    const staples = new Map<string, string>();
    for (const [i, s] of data.staples.entries()) {
      const name = new ImportCheck(`data.meals.staples[${i}]`).rule(() =>
        requiredText(s, 'staple', STAPLE_MAX),
      );
      if (!staples.has(nameKey(name))) staples.set(nameKey(name), name);
    }

    const recipeIds = new Map<number, number>();
    for (const r of recipes) {
      const { ingredients, steps, tags, ...rest } = r.fields;
      const { recipe_id } = await trx
        .insertInto('recipes')
        .values({
          house_id: houseId,
          ...rest,
          ingredients: JSON.stringify(ingredients),
          steps: JSON.stringify(steps),
          tags: JSON.stringify(tags),
          search_text: recipeSearchText(r.fields),
          created_by: id(r.created_by),
          created_at: r.created_at,
          updated_at: r.created_at,
        })
        .returning('recipe_id')
        .executeTakeFirstOrThrow();
      recipeIds.set(r.ref, recipe_id);
    }
    for (const m of meals) {
      await trx
        .insertInto('meals')
        .values({
          house_id: houseId,
          date: m.date,
          slot: m.slot,
          recipe_id: m.recipe === null ? null : (recipeIds.get(m.recipe) ?? null),
          title: m.title,
          servings: m.servings,
          cook_id: id(m.cook),
          note: m.note,
          created_by: id(m.created_by),
          created_at: m.created_at,
        })
        .execute();
    }
    if (staples.size > 0) {
      await trx
        .insertInto('meal_staples')
        .values(
          [...staples].map(([key, name], position) => ({
            house_id: houseId,
            staple_key: key,
            staple: name,
            position,
          })),
        )
        .execute();
    }
    return recipes.length + meals.length;
  },
};
