import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

/*
 * Meals: the house's recipes, its week's meal plan, the staples it always has, and the shopping that
 * follows (the ingredients of chosen meals added to a grocery list).
 */

export const RECIPE_TITLE_MAX = 120;
export const RECIPE_SERVINGS_MIN = 1;
export const RECIPE_SERVINGS_MAX = 100;
export const RECIPE_INGREDIENT_TEXT_MAX = 200;
export const RECIPE_INGREDIENTS_MAX = 100;
export const RECIPE_STEP_MAX = 2000;
export const RECIPE_STEPS_MAX = 100;
export const RECIPE_NOTES_MAX = 4000;
export const RECIPE_SOURCE_URL_MAX = 2000;
export const RECIPE_TAG_MAX = 40;
export const RECIPE_TAGS_MAX = 20;
export const RECIPE_MINUTES_MAX = 10_000;
export const RECIPE_QUERY_MAX = 120;
/** Longest pasted recipe text for an import. */
export const RECIPE_IMPORT_TEXT_MAX = 50_000;
export const MEAL_TITLE_MAX = 120;
export const MEAL_NOTE_MAX = 500;
/** The longest span one plan read or one shopping addition covers, in days. */
export const MEAL_RANGE_DAYS_MAX = 62;
export const STAPLE_MAX = 80;
export const STAPLES_MAX = 200;

export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export const MealSlot = Type.Union([
  Type.Literal('breakfast'),
  Type.Literal('lunch'),
  Type.Literal('dinner'),
  Type.Literal('snack'),
]);
export type MealSlot = (typeof MEAL_SLOTS)[number];

// Null first: the server's validator coerces types, and would read a null as the first type's zero.

/** A day, YYYY-MM-DD. */
export const MealDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** One line of a recipe: as typed, and as read (quantity, unit and name). */
export const Ingredient = Type.Object({
  /** As people wrote it: "1 ½ cups flour". */
  text: Type.String(),
  /** The amount, or null when the line has none ("salt to taste"). */
  quantity: Type.Union([Type.Null(), Type.Number()]),
  /** The unit as a short word ("g", "tbsp", "can"); null for pieces or no amount. */
  unit: Type.Union([Type.Null(), Type.String()]),
  /** What to buy: "flour". */
  name: Type.String(),
  /** What follows a comma ("finely chopped"), or null. */
  note: Type.Union([Type.Null(), Type.String()]),
});
export type Ingredient = Static<typeof Ingredient>;

/** An ingredient as sent: its text alone is enough; the server reads the rest from it when absent. */
export const IngredientInput = Type.Object({
  text: Type.String({ maxLength: RECIPE_INGREDIENT_TEXT_MAX }),
  quantity: Type.Optional(Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 1_000_000 })])),
  unit: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 20 })])),
  name: Type.Optional(Type.String({ maxLength: RECIPE_INGREDIENT_TEXT_MAX })),
  note: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: RECIPE_INGREDIENT_TEXT_MAX })])),
});
export type IngredientInput = Static<typeof IngredientInput>;

export const Recipe = Type.Object({
  recipe_id: Type.Integer(),
  title: Type.String(),
  servings: Type.Integer(),
  ingredients: Type.Array(Ingredient),
  steps: Type.Array(Type.String()),
  notes: Type.Union([Type.Null(), Type.String()]),
  source_url: Type.Union([Type.Null(), Type.String()]),
  /** A data: URL (re-encoded on the way in), or null. */
  image: Type.Union([Type.Null(), Type.String()]),
  tags: Type.Array(Type.String()),
  prep_minutes: Type.Union([Type.Null(), Type.Integer()]),
  cook_minutes: Type.Union([Type.Null(), Type.Integer()]),
  created_by: Type.Union([Type.Null(), Type.Integer()]),
  created_at: Type.String(),
});
export type Recipe = Static<typeof Recipe>;
export const Recipes = Type.Array(Recipe);
export type Recipes = Static<typeof Recipes>;

/** POST /api/recipe/ and PUT /api/recipe/{recipe_id}. */
export const RecipeInput = Type.Object({
  title: Type.String({ maxLength: RECIPE_TITLE_MAX }),
  servings: Type.Integer({ minimum: RECIPE_SERVINGS_MIN, maximum: RECIPE_SERVINGS_MAX }),
  ingredients: Type.Optional(Type.Array(IngredientInput, { maxItems: RECIPE_INGREDIENTS_MAX })),
  steps: Type.Optional(
    Type.Array(Type.String({ maxLength: RECIPE_STEP_MAX }), { maxItems: RECIPE_STEPS_MAX }),
  ),
  notes: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: RECIPE_NOTES_MAX })])),
  source_url: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: RECIPE_SOURCE_URL_MAX })])),
  image: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 3_000_000 })])),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: RECIPE_TAG_MAX }), { maxItems: RECIPE_TAGS_MAX })),
  prep_minutes: Type.Optional(
    Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: RECIPE_MINUTES_MAX })]),
  ),
  cook_minutes: Type.Optional(
    Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: RECIPE_MINUTES_MAX })]),
  ),
});
export type RecipeInput = Static<typeof RecipeInput>;

/** GET /api/recipe/?q=: by title, tag or ingredient; all of the house's recipes without q. */
export const RecipeQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: RECIPE_QUERY_MAX })) });
export type RecipeQuery = Static<typeof RecipeQuery>;

export const RecipeIdParams = Type.Object({ recipe_id: IdParam });
export type RecipeIdParams = Static<typeof RecipeIdParams>;

/** POST /api/recipe/import: a recipe page's address, or a recipe's text. */
export const RecipeImportInput = Type.Union([
  Type.Object({ url: Type.String({ minLength: 1, maxLength: RECIPE_SOURCE_URL_MAX }) }),
  Type.Object({ text: Type.String({ minLength: 1, maxLength: RECIPE_IMPORT_TEXT_MAX }) }),
]);
export type RecipeImportInput = Static<typeof RecipeImportInput>;

export const Meal = Type.Object({
  meal_id: Type.Integer(),
  date: Type.String(),
  slot: MealSlot,
  recipe_id: Type.Union([Type.Null(), Type.Integer()]),
  /** The recipe's title when the meal has one, else its own ("Leftovers"). */
  title: Type.String(),
  servings: Type.Integer(),
  cook_id: Type.Union([Type.Null(), Type.Integer()]),
  note: Type.Union([Type.Null(), Type.String()]),
});
export type Meal = Static<typeof Meal>;
export const Meals = Type.Array(Meal);
export type Meals = Static<typeof Meals>;

/** POST /api/meal/ and PUT /api/meal/{meal_id}: a recipe, or a title, or both. */
export const MealInput = Type.Object({
  date: Type.String(),
  slot: Type.String(),
  recipe_id: Type.Optional(Type.Union([Type.Null(), IdParam])),
  title: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: MEAL_TITLE_MAX })])),
  servings: Type.Integer({ minimum: RECIPE_SERVINGS_MIN, maximum: RECIPE_SERVINGS_MAX }),
  cook_id: Type.Optional(Type.Union([Type.Null(), IdParam])),
  note: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: MEAL_NOTE_MAX })])),
});
export type MealInput = Static<typeof MealInput>;

export const MealIdParams = Type.Object({ meal_id: IdParam });
export type MealIdParams = Static<typeof MealIdParams>;

/** GET /api/meal/?from=&to=: the plan of those days, both included. */
export const MealRangeQuery = Type.Object({ from: Type.String(), to: Type.String() });
export type MealRangeQuery = Static<typeof MealRangeQuery>;

/** GET and PUT /api/house/{house_id}/staples: what the house always has, never added to a list. */
export const Staples = Type.Object({
  staples: Type.Array(Type.String({ maxLength: STAPLE_MAX }), { maxItems: STAPLES_MAX }),
});
export type Staples = Static<typeof Staples>;

/** POST /api/meal/to-groceries: the ingredients of the meals from `from` to `to` onto a list. */
export const MealsToGroceriesInput = Type.Object({
  from: Type.String(),
  to: Type.String(),
  grocery_list_id: IdParam,
});
export type MealsToGroceriesInput = Static<typeof MealsToGroceriesInput>;

export const MealGroceryLine = Type.Object({
  grocery_item_id: Type.Integer(),
  grocery_item_name: Type.String(),
  /** The amount added (not the item's total when merged); null when the ingredients had none. */
  quantity: Type.Union([Type.Null(), Type.Number()]),
  unit: Type.Union([Type.Null(), Type.String()]),
  /** The titles of the meals it is for. */
  meals: Type.Array(Type.String()),
});
export type MealGroceryLine = Static<typeof MealGroceryLine>;

export const MealsToGroceries = Type.Object({
  /** Undoes the whole addition: POST /api/meal/to-groceries/{addition_id}/undo. */
  addition_id: Type.Integer(),
  /** New items on the list. */
  added: Type.Array(MealGroceryLine),
  /** Open items already on the list that took the amount into theirs. */
  merged: Type.Array(MealGroceryLine),
  /** Ingredient names left out as the house's staples. */
  skipped: Type.Array(Type.String()),
});
export type MealsToGroceries = Static<typeof MealsToGroceries>;

export const MealAdditionIdParams = Type.Object({ addition_id: IdParam });
export type MealAdditionIdParams = Static<typeof MealAdditionIdParams>;
