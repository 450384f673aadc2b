import type { Generated, Selectable } from 'kysely';

/** A house's recipe; deleting the house deletes it. Lists are JSON text (the same on both engines). */
export interface RecipesTable {
  recipe_id: Generated<number>;
  house_id: number;
  title: string;
  servings: number;
  /** JSON: StoredIngredient[] (ingredient.ts). */
  ingredients: string;
  /** JSON: string[]. */
  steps: string;
  /** JSON: string[]. */
  tags: string;
  search_text: string;
  notes: string | null;
  source_url: string | null;
  image: string | null;
  prep_minutes: number | null;
  cook_minutes: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A meal of the plan: a recipe or just a title, on a day and in a slot. */
export interface MealsTable {
  meal_id: Generated<number>;
  house_id: number;
  date: string;
  slot: string;
  recipe_id: number | null;
  title: string;
  servings: number;
  cook_id: number | null;
  note: string | null;
  created_by: number | null;
  created_at: string;
}

/** What the house always has: never added to a list from meals. */
export interface MealStaplesTable {
  house_id: number;
  staple_key: string;
  staple: string;
  position: number;
}

/** One "add to the shopping list": what undoing it takes back. */
export interface MealGroceryAdditionsTable {
  addition_id: Generated<number>;
  house_id: number;
  grocery_list_id: number;
  /** JSON: AdditionUndo (service.ts). */
  undo: string;
  created_by: number | null;
  created_at: string;
}

/** Which meals a grocery item was added for. */
export interface MealGroceryItemsTable {
  house_id: number;
  addition_id: number;
  grocery_item_id: number;
  meal_id: number;
}

export type RecipeRow = Selectable<RecipesTable>;
export type MealRow = Selectable<MealsTable>;

/** The tables this module adds to the shared Database type. */
export interface MealsTables {
  recipes: RecipesTable;
  meals: MealsTable;
  meal_staples: MealStaplesTable;
  meal_grocery_additions: MealGroceryAdditionsTable;
  meal_grocery_items: MealGroceryItemsTable;
}

declare module '../../db/tables.js' {
  interface Database extends MealsTables {}
}
