import type { Meal, MealSlot } from '@hearth/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { StoredIngredient } from './ingredient.js';
import type { PlannedMeal } from './shopping.js';
import type { RecipeRow } from './tables.js';

/** A recipe as the service writes it (lists as arrays; the repository stores them as JSON). */
export interface RecipeFields {
  title: string;
  servings: number;
  ingredients: StoredIngredient[];
  steps: string[];
  tags: string[];
  notes: string | null;
  source_url: string | null;
  image: string | null;
  prep_minutes: number | null;
  cook_minutes: number | null;
}

export interface MealFields {
  date: string;
  slot: MealSlot;
  recipe_id: number | null;
  title: string;
  servings: number;
  cook_id: number | null;
  note: string | null;
}

/** What one addition of meals to a list undoes. */
export interface AdditionUndo {
  added: number[];
  merged: Array<{ id: number; quantity: string | null }>;
}

/** Lower-case title, tags and ingredient names, one space apart: what a search looks in. */
export function recipeSearchText(r: Pick<RecipeFields, 'title' | 'tags' | 'ingredients'>): string {
  return [r.title, ...r.tags, ...r.ingredients.map((i) => i.name)]
    .join(' ')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

function recipeValues(r: RecipeFields) {
  return {
    title: r.title,
    servings: r.servings,
    ingredients: JSON.stringify(r.ingredients),
    steps: JSON.stringify(r.steps),
    tags: JSON.stringify(r.tags),
    search_text: recipeSearchText(r),
    notes: r.notes,
    source_url: r.source_url,
    image: r.image,
    prep_minutes: r.prep_minutes,
    cook_minutes: r.cook_minutes,
  };
}

const mealColumns = [
  'm.meal_id',
  'm.date',
  'm.slot',
  'm.recipe_id',
  'm.servings',
  'm.cook_id',
  'm.note',
] as const;

/**
 * All meals SQL. Every statement is scoped to the house, so another house's id matches nothing (the
 * service answers 404).
 */
export class MealsRepository {
  constructor(readonly db: Db) {}

  transaction<T>(work: (repo: MealsRepository, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new MealsRepository(trx), trx));
  }

  // --- recipes ---

  async recipes(houseId: number, term: string | null): Promise<RecipeRow[]> {
    let query = this.db.selectFrom('recipes').selectAll().where('house_id', '=', houseId);
    if (term !== null) {
      query = query.where((eb) => like(eb.ref('search_text'), `%${likeEscaped(term)}%`));
    }
    return query.orderBy('title').orderBy('recipe_id').execute();
  }

  async recipe(houseId: number, recipeId: number): Promise<RecipeRow | undefined> {
    return this.db
      .selectFrom('recipes')
      .selectAll()
      .where('house_id', '=', houseId)
      .where('recipe_id', '=', recipeId)
      .executeTakeFirst();
  }

  async insertRecipe(houseId: number, fields: RecipeFields, userId: number | null): Promise<RecipeRow> {
    const now = new Date().toISOString();
    return this.db
      .insertInto('recipes')
      .values({
        house_id: houseId,
        ...recipeValues(fields),
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateRecipe(
    houseId: number,
    recipeId: number,
    fields: RecipeFields,
  ): Promise<RecipeRow | undefined> {
    return this.db
      .updateTable('recipes')
      .set({ ...recipeValues(fields), updated_at: new Date().toISOString() })
      .where('house_id', '=', houseId)
      .where('recipe_id', '=', recipeId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the recipe; its meals keep their title (the foreign key clears their recipe_id). */
  async deleteRecipe(houseId: number, recipeId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('recipes')
      .where('house_id', '=', houseId)
      .where('recipe_id', '=', recipeId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  // --- the plan ---

  private mealsQuery(houseId: number) {
    return this.db
      .selectFrom('meals as m')
      .leftJoin('recipes as r', 'r.recipe_id', 'm.recipe_id')
      .select([...mealColumns, sql<string>`coalesce(r.title, m.title)`.as('title')])
      .where('m.house_id', '=', houseId);
  }

  async meals(houseId: number, from: string, to: string): Promise<Meal[]> {
    const rows = await this.mealsQuery(houseId)
      .where('m.date', '>=', from)
      .where('m.date', '<=', to)
      .orderBy('m.date')
      .orderBy(sql`case m.slot when 'breakfast' then 1 when 'lunch' then 2 when 'dinner' then 3 else 4 end`)
      .orderBy('m.meal_id')
      .execute();
    return rows.map(toMeal);
  }

  async meal(houseId: number, mealId: number): Promise<Meal | undefined> {
    const row = await this.mealsQuery(houseId).where('m.meal_id', '=', mealId).executeTakeFirst();
    return row ? toMeal(row) : undefined;
  }

  async insertMeal(houseId: number, fields: MealFields, userId: number): Promise<number> {
    const row = await this.db
      .insertInto('meals')
      .values({ house_id: houseId, ...fields, created_by: userId, created_at: new Date().toISOString() })
      .returning('meal_id')
      .executeTakeFirstOrThrow();
    return row.meal_id;
  }

  async updateMeal(houseId: number, mealId: number, fields: MealFields): Promise<boolean> {
    const result = await this.db
      .updateTable('meals')
      .set(fields)
      .where('house_id', '=', houseId)
      .where('meal_id', '=', mealId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteMeal(houseId: number, mealId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('meals')
      .where('house_id', '=', houseId)
      .where('meal_id', '=', mealId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** The meals of these days with their recipes' servings and ingredients: one query however many. */
  async plannedMeals(houseId: number, from: string, to: string): Promise<PlannedMeal[]> {
    const rows = await this.db
      .selectFrom('meals as m')
      .leftJoin('recipes as r', 'r.recipe_id', 'm.recipe_id')
      .select([
        'm.meal_id',
        'm.servings',
        sql<string>`coalesce(r.title, m.title)`.as('title'),
        'r.servings as recipe_servings',
        'r.ingredients',
      ])
      .where('m.house_id', '=', houseId)
      .where('m.date', '>=', from)
      .where('m.date', '<=', to)
      .orderBy('m.date')
      .orderBy('m.meal_id')
      .execute();
    return rows.map((r) => ({
      meal_id: r.meal_id,
      title: r.title,
      servings: r.servings,
      recipe:
        r.ingredients !== null && r.recipe_servings !== null
          ? { servings: r.recipe_servings, ingredients: JSON.parse(r.ingredients) as StoredIngredient[] }
          : null,
    }));
  }

  // --- staples ---

  async staples(houseId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('meal_staples')
      .select('staple')
      .where('house_id', '=', houseId)
      .orderBy('position')
      .execute();
    return rows.map((r) => r.staple);
  }

  async stapleKeys(houseId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('meal_staples')
      .select('staple_key')
      .where('house_id', '=', houseId)
      .execute();
    return new Set(rows.map((r) => r.staple_key));
  }

  async replaceStaples(
    houseId: number,
    staples: ReadonlyArray<{ key: string; name: string }>,
  ): Promise<void> {
    await this.db.deleteFrom('meal_staples').where('house_id', '=', houseId).execute();
    if (staples.length === 0) return;
    await this.db
      .insertInto('meal_staples')
      .values(
        staples.map((s, position) => ({ house_id: houseId, staple_key: s.key, staple: s.name, position })),
      )
      .execute();
  }

  // --- additions to grocery lists ---

  async insertAddition(
    houseId: number,
    listId: number,
    undo: AdditionUndo,
    userId: number,
    links: ReadonlyArray<{ grocery_item_id: number; meal_id: number }>,
  ): Promise<number> {
    const { addition_id } = await this.db
      .insertInto('meal_grocery_additions')
      .values({
        house_id: houseId,
        grocery_list_id: listId,
        undo: JSON.stringify(undo),
        created_by: userId,
        created_at: new Date().toISOString(),
      })
      .returning('addition_id')
      .executeTakeFirstOrThrow();
    if (links.length > 0) {
      await this.db
        .insertInto('meal_grocery_items')
        .values(links.map((l) => ({ house_id: houseId, addition_id, ...l })))
        .execute();
    }
    return addition_id;
  }

  /** Deletes the addition and answers what it undoes; undefined when the house has no such addition. */
  async takeAddition(
    houseId: number,
    additionId: number,
  ): Promise<{ grocery_list_id: number; undo: AdditionUndo } | undefined> {
    const row = await this.db
      .deleteFrom('meal_grocery_additions')
      .where('house_id', '=', houseId)
      .where('addition_id', '=', additionId)
      .returning(['grocery_list_id', 'undo'])
      .executeTakeFirst();
    return row
      ? { grocery_list_id: row.grocery_list_id, undo: JSON.parse(row.undo) as AdditionUndo }
      : undefined;
  }
}

function toMeal(row: {
  meal_id: number;
  date: string;
  slot: string;
  recipe_id: number | null;
  title: string;
  servings: number;
  cook_id: number | null;
  note: string | null;
}): Meal {
  return { ...row, slot: row.slot as MealSlot };
}

function likeEscaped(term: string): string {
  return term.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

/** LIKE with an explicit escape character, read the same way by both engines. */
function like(column: Expression<string>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
