import type {
  IngredientInput,
  LiveChange,
  Meal,
  MealInput,
  MealSlot,
  MealsToGroceries,
  MealsToGroceriesInput,
  Recipe,
  RecipeInput,
  Staples,
} from '@hearth/contract';
import {
  GROCERY_QUANTITY_MAX,
  MEAL_NOTE_MAX,
  MEAL_RANGE_DAYS_MAX,
  MEAL_SLOTS,
  MEAL_TITLE_MAX,
  RECIPE_INGREDIENT_TEXT_MAX,
  RECIPE_NOTES_MAX,
  RECIPE_SOURCE_URL_MAX,
  RECIPE_STEP_MAX,
  RECIPE_TAG_MAX,
  RECIPE_TITLE_MAX,
  STAPLE_MAX,
} from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { LivePublisher } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { houseRequired, notFound, validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { optionalText, requiredText } from '../../lib/text.js';
import { GroceriesRepository, type GroceriesService, nameKey } from '../groceries/index.js';
import { Fraction } from './fraction.js';
import { readIngredient, type StoredIngredient, toIngredient } from './ingredient.js';
import type { MealFields, MealsRepository, RecipeFields } from './repository.js';
import { amountsText, mergedQuantity, type ShoppingLine, shoppingLines } from './shopping.js';
import type { RecipeRow } from './tables.js';
import { displayAmount } from './units.js';

const mealsNeedHouse = () => houseRequired('You need to join a house before planning meals.');
const recipeNotFound = () => notFound('Recipe');
const mealNotFound = () => notFound('Meal');

/** A real calendar day written YYYY-MM-DD, else a 400 naming the field. */
export function checkDate(value: string, field: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw validationError(field, `${field} must be a date written YYYY-MM-DD.`);
  }
  return value;
}

function checkRange(from: string, to: string): void {
  checkDate(from, 'from');
  checkDate(to, 'to');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days < 0) throw validationError('to', 'to must not be before from.');
  if (days >= MEAL_RANGE_DAYS_MAX) {
    throw validationError('to', `from and to may be at most ${MEAL_RANGE_DAYS_MAX} days apart.`);
  }
}

function checkSlot(value: string): MealSlot {
  if (!(MEAL_SLOTS as readonly string[]).includes(value)) {
    throw validationError('slot', `slot must be one of ${MEAL_SLOTS.join(', ')}.`);
  }
  return value as MealSlot;
}

/** An ingredient as sent: read from its text, with whatever the sender gave explicitly taking precedence. */
function ingredientOf(input: IngredientInput): StoredIngredient {
  const text = requiredText(input.text, 'ingredients', RECIPE_INGREDIENT_TEXT_MAX);
  const read = readIngredient(text);
  const quantity =
    input.quantity === undefined
      ? read.quantity
      : input.quantity === null
        ? null
        : (Fraction.parse(String(input.quantity))?.toString() ?? null);
  return {
    text,
    quantity,
    unit: input.unit === undefined ? read.unit : optionalText(input.unit, 'ingredients', 20),
    name:
      input.name === undefined || input.name.trim() === ''
        ? read.name
        : requiredText(input.name, 'ingredients', RECIPE_INGREDIENT_TEXT_MAX),
    note:
      input.note === undefined
        ? read.note
        : optionalText(input.note, 'ingredients', RECIPE_INGREDIENT_TEXT_MAX),
  };
}

function sourceUrl(value: string | null | undefined): string | null {
  const url = optionalText(value, 'source_url', RECIPE_SOURCE_URL_MAX);
  if (url === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw validationError('source_url', 'source_url must be a web address (http or https).');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw validationError('source_url', 'source_url must be a web address (http or https).');
  }
  return parsed.toString();
}

/** Checks a recipe as sent and reads its ingredients; the image is re-encoded (lib/images.ts). */
export async function recipeFields(input: RecipeInput): Promise<RecipeFields> {
  const title = requiredText(input.title, 'title', RECIPE_TITLE_MAX);
  const ingredients = (input.ingredients ?? []).map(ingredientOf);
  const steps = (input.steps ?? []).map((s) => s.trim()).filter((s) => s !== '');
  for (const step of steps) if (step.length > RECIPE_STEP_MAX) requiredText(step, 'steps', RECIPE_STEP_MAX);
  const tags = [
    ...new Set(
      (input.tags ?? []).map((t) => optionalText(t, 'tags', RECIPE_TAG_MAX)).filter((t) => t !== null),
    ),
  ];
  return {
    title,
    servings: input.servings,
    ingredients,
    steps,
    tags,
    notes: optionalText(input.notes, 'notes', RECIPE_NOTES_MAX),
    source_url: sourceUrl(input.source_url),
    image: await checkImage(input.image, 'image'),
    prep_minutes: input.prep_minutes ?? null,
    cook_minutes: input.cook_minutes ?? null,
  };
}

export function toRecipe(row: RecipeRow): Recipe {
  return {
    recipe_id: row.recipe_id,
    title: row.title,
    servings: row.servings,
    ingredients: (JSON.parse(row.ingredients) as StoredIngredient[]).map(toIngredient),
    steps: JSON.parse(row.steps) as string[],
    notes: row.notes,
    source_url: row.source_url,
    image: row.image,
    tags: JSON.parse(row.tags) as string[],
    prep_minutes: row.prep_minutes,
    cook_minutes: row.cook_minutes,
    created_by: row.created_by,
    created_at: row.created_at,
  };
}

/** A shopping line as the answer shows it: the amount added in the unit people would write. */
function answerLine(line: ShoppingLine, itemId: number, itemName: string) {
  const only = line.amounts.length === 1 ? line.amounts[0] : undefined;
  const shown = only ? displayAmount(only) : null;
  return {
    grocery_item_id: itemId,
    grocery_item_name: itemName,
    quantity: shown ? shown.quantity.toNumber() : null,
    unit: shown ? shown.unit : null,
    meals: [...new Set(line.meals.map((m) => m.title))],
  };
}

/**
 * Meals belong to a house: every member reads and changes its recipes, plan and staples; anyone else gets
 * 404 for every id. Every change is published on the house's live stream after it is committed.
 */
export class MealsService {
  constructor(
    private readonly meals: MealsRepository,
    private readonly groceries: GroceriesService,
    private readonly membership: Membership,
    private readonly live: LivePublisher,
  ) {}

  private member(identity: Identity) {
    return this.membership.house(identity, mealsNeedHouse);
  }

  private publish(houseId: number, user: UserRow, change: Omit<LiveChange, 'kind' | 'actor_id'>) {
    return this.live.publish(houseId, { kind: 'meals', ...change, actor_id: user.user_id });
  }

  // --- recipes ---

  async recipes(identity: Identity, q: string | undefined): Promise<Recipe[]> {
    const { houseId } = await this.member(identity);
    const term = (q ?? '').trim().toLowerCase().replace(/\s+/gu, ' ');
    return (await this.meals.recipes(houseId, term === '' ? null : term)).map(toRecipe);
  }

  async recipe(identity: Identity, recipeId: number): Promise<Recipe> {
    const { houseId } = await this.member(identity);
    const row = await this.meals.recipe(houseId, recipeId);
    if (!row) throw recipeNotFound();
    return toRecipe(row);
  }

  async createRecipe(identity: Identity, input: RecipeInput): Promise<Recipe> {
    const { user, houseId } = await this.member(identity);
    return this.saveNewRecipe(houseId, user, await recipeFields(input));
  }

  /** Stores checked fields as a new recipe of the house (imports end here too). */
  async saveNewRecipe(houseId: number, user: UserRow, fields: RecipeFields): Promise<Recipe> {
    const row = await this.meals.insertRecipe(houseId, fields, user.user_id);
    await this.publish(houseId, user, { entity: 'recipe', action: 'created', id: row.recipe_id });
    return toRecipe(row);
  }

  async updateRecipe(identity: Identity, recipeId: number, input: RecipeInput): Promise<Recipe> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.meals.recipe(houseId, recipeId))) throw recipeNotFound();
    const row = await this.meals.updateRecipe(houseId, recipeId, await recipeFields(input));
    if (!row) throw recipeNotFound();
    await this.publish(houseId, user, { entity: 'recipe', action: 'updated', id: recipeId });
    return toRecipe(row);
  }

  async deleteRecipe(identity: Identity, recipeId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.meals.deleteRecipe(houseId, recipeId))) throw recipeNotFound();
    await this.publish(houseId, user, { entity: 'recipe', action: 'deleted', id: recipeId });
  }

  // --- the plan ---

  async plan(identity: Identity, from: string, to: string): Promise<Meal[]> {
    const { houseId } = await this.member(identity);
    checkRange(from, to);
    return this.meals.meals(houseId, from, to);
  }

  private async mealFields(houseId: number, input: MealInput): Promise<MealFields> {
    const date = checkDate(input.date, 'date');
    const slot = checkSlot(input.slot);
    const title = optionalText(input.title, 'title', MEAL_TITLE_MAX);
    const note = optionalText(input.note, 'note', MEAL_NOTE_MAX);
    const recipeId = input.recipe_id ?? null;
    const cookId = input.cook_id ?? null;
    let recipeTitle: string | null = null;
    if (recipeId !== null) {
      const recipe = await this.meals.recipe(houseId, recipeId);
      if (!recipe) throw recipeNotFound();
      recipeTitle = recipe.title;
    }
    if (recipeTitle === null && title === null) {
      throw validationError('title', 'Give the meal a title or a recipe.');
    }
    if (cookId !== null) await this.membership.requireMembers(houseId, [cookId], 'cook_id');
    return {
      date,
      slot,
      recipe_id: recipeId,
      title: recipeTitle ?? (title as string),
      servings: input.servings,
      cook_id: cookId,
      note,
    };
  }

  async createMeal(identity: Identity, input: MealInput): Promise<Meal> {
    const { user, houseId } = await this.member(identity);
    const fields = await this.mealFields(houseId, input);
    const mealId = await this.meals.insertMeal(houseId, fields, user.user_id);
    await this.publish(houseId, user, { entity: 'meal', action: 'created', id: mealId });
    return (await this.meals.meal(houseId, mealId)) ?? { meal_id: mealId, ...fields };
  }

  async updateMeal(identity: Identity, mealId: number, input: MealInput): Promise<Meal> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.meals.meal(houseId, mealId))) throw mealNotFound();
    const fields = await this.mealFields(houseId, input);
    if (!(await this.meals.updateMeal(houseId, mealId, fields))) throw mealNotFound();
    await this.publish(houseId, user, { entity: 'meal', action: 'updated', id: mealId });
    return (await this.meals.meal(houseId, mealId)) ?? { meal_id: mealId, ...fields };
  }

  async deleteMeal(identity: Identity, mealId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    if (!(await this.meals.deleteMeal(houseId, mealId))) throw mealNotFound();
    await this.publish(houseId, user, { entity: 'meal', action: 'deleted', id: mealId });
  }

  // --- staples ---

  async staples(identity: Identity, houseId: number): Promise<Staples> {
    await this.membership.ofHouse(identity, houseId);
    return { staples: await this.meals.staples(houseId) };
  }

  async setStaples(identity: Identity, houseId: number, input: Staples): Promise<Staples> {
    const { user } = await this.membership.ofHouse(identity, houseId);
    const byKey = new Map<string, string>();
    for (const raw of input.staples) {
      const name = optionalText(raw, 'staples', STAPLE_MAX);
      if (name === null) continue;
      const key = nameKey(name);
      if (!byKey.has(key)) byKey.set(key, name);
    }
    const staples = [...byKey].map(([key, name]) => ({ key, name }));
    await this.meals.transaction((repo) => repo.replaceStaples(houseId, staples));
    await this.publish(houseId, user, { entity: 'staples', action: 'updated', id: houseId });
    return { staples: staples.map((s) => s.name) };
  }

  // --- the shopping ---

  /**
   * The ingredients of the meals from `from` to `to` onto a list of the house, in one transaction of a
   * constant number of statements however many meals: scaled, summed exactly per name and unit family,
   * merged into open items of the same name, staples left out. Kept so that undo() takes it all back.
   */
  async toGroceries(identity: Identity, input: MealsToGroceriesInput): Promise<MealsToGroceries> {
    const { user, houseId } = await this.member(identity);
    checkRange(input.from, input.to);
    const listId = input.grocery_list_id;
    const answer = await this.meals.transaction(async (repo, trx) => {
      const planned = await repo.plannedMeals(houseId, input.from, input.to);
      const { lines, skipped } = shoppingLines(planned, await repo.stapleKeys(houseId), nameKey);
      const added = await this.groceries.addLinesIn(
        new GroceriesRepository(trx),
        houseId,
        user.user_id,
        listId,
        lines.map((line) => ({ ...line, quantity: amountsText(line.amounts) })),
        (existing, line) => mergedQuantity(existing, line.amounts, GROCERY_QUANTITY_MAX),
      );
      const links = [...added.added, ...added.merged].flatMap(({ line, item }) =>
        line.meals.map((m) => ({ grocery_item_id: item.grocery_item_id, meal_id: m.meal_id })),
      );
      const additionId = await repo.insertAddition(
        houseId,
        listId,
        {
          added: added.added.map((a) => a.item.grocery_item_id),
          merged: added.merged.map((m) => ({ id: m.item.grocery_item_id, quantity: m.before })),
        },
        user.user_id,
        links,
      );
      return {
        addition_id: additionId,
        added: added.added.map(({ line, item }) =>
          answerLine(line, item.grocery_item_id, item.grocery_item_name),
        ),
        merged: added.merged.map(({ line, item }) =>
          answerLine(line, item.grocery_item_id, item.grocery_item_name),
        ),
        skipped,
      };
    });
    if (answer.added.length + answer.merged.length > 0)
      await this.groceries.listChanged(houseId, user, listId);
    return answer;
  }

  /** Takes a whole addition back: its new items go, merged items get their quantities back. */
  async undoAddition(identity: Identity, additionId: number): Promise<void> {
    const { user, houseId } = await this.member(identity);
    const listId = await this.meals.transaction(async (repo, trx) => {
      const addition = await repo.takeAddition(houseId, additionId);
      if (!addition) return null;
      await this.groceries.takeBackIn(
        new GroceriesRepository(trx),
        houseId,
        addition.undo.added,
        addition.undo.merged,
      );
      return addition.grocery_list_id;
    });
    if (listId === null) throw notFound('Addition');
    await this.groceries.listChanged(houseId, user, listId);
  }
}
