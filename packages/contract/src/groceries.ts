import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

/** Longest names, after trimming; the web app's fields use the same limits. */
export const GROCERY_LIST_NAME_MAX = 80;
export const GROCERY_ITEM_NAME_MAX = 120;
/** Longest quantity ("2 kg", "x6", "3 cans"), after trimming. */
export const GROCERY_QUANTITY_MAX = 40;
/** Most suggestions one request answers with, and how many when the caller does not say. */
export const GROCERY_SUGGESTION_LIMIT_MAX = 50;
export const GROCERY_SUGGESTION_LIMIT_DEFAULT = 8;
/** Longest text the suggestions are asked for. */
export const GROCERY_SUGGESTION_QUERY_MAX = GROCERY_ITEM_NAME_MAX;

/** Where an item is found in a shop; every house has its own order of them. In the default shop order. */
export const GROCERY_CATEGORIES: readonly GroceryCategory[] = [
  'produce',
  'bakery',
  'dairy',
  'meat_fish',
  'frozen',
  'pantry',
  'drinks',
  'household',
  'personal_care',
  'other',
];

export const GroceryCategory = Type.Union([
  Type.Literal('produce'),
  Type.Literal('bakery'),
  Type.Literal('dairy'),
  Type.Literal('meat_fish'),
  Type.Literal('frozen'),
  Type.Literal('pantry'),
  Type.Literal('drinks'),
  Type.Literal('household'),
  Type.Literal('personal_care'),
  Type.Literal('other'),
]);
export type GroceryCategory = Static<typeof GroceryCategory>;

/** A quantity as people write it; blank means none. */
export const GroceryQuantity = Type.String({ maxLength: GROCERY_QUANTITY_MAX });

export const GroceryItem = Type.Object({
  grocery_item_id: Type.Integer(),
  grocery_item_name: Type.String(),
  grocery_list_id: Type.Integer(),
  completed: Type.Boolean(),
  /** e.g. "2 kg" or "x6"; null when none was given. */
  quantity: Type.Union([Type.String(), Type.Null()]),
  category: GroceryCategory,
});
export type GroceryItem = Static<typeof GroceryItem>;

export const GroceryList = Type.Object({
  grocery_list_id: Type.Integer(),
  grocery_list_name: Type.String(),
  /** In the order they were added. */
  items: Type.Array(GroceryItem),
});
export type GroceryList = Static<typeof GroceryList>;

/** GET /api/grocery-list/: the caller's house's lists, oldest first, each with its items. */
export const GroceryLists = Type.Array(GroceryList);
export type GroceryLists = Static<typeof GroceryLists>;

/** POST /api/grocery-list/ (the name is trimmed and must not be blank). */
export const GroceryListInput = Type.Object({
  grocery_list_name: Type.String({ minLength: 1, maxLength: GROCERY_LIST_NAME_MAX }),
});
export type GroceryListInput = Static<typeof GroceryListInput>;

/**
 * POST /api/grocery-item/ (the name is trimmed and must not be blank). Without `quantity`, a quantity
 * written into the name ("2 kg potatoes", "eggs x6") is split out of it; without `category`, the house's
 * earlier choice for that name, else the built-in dictionary, else "other".
 */
export const GroceryItemInput = Type.Object({
  grocery_item_name: Type.String({ minLength: 1, maxLength: GROCERY_ITEM_NAME_MAX }),
  grocery_list_id: IdParam,
  quantity: Type.Optional(Type.Union([GroceryQuantity, Type.Null()])),
  category: Type.Optional(GroceryCategory),
});
export type GroceryItemInput = Static<typeof GroceryItemInput>;

/**
 * PATCH /api/grocery-item/{id}: any of these, at least one. A new category teaches the house where that
 * name belongs; ticking an item counts it as bought.
 */
export const GroceryItemPatch = Type.Object({
  completed: Type.Optional(Type.Boolean()),
  grocery_item_name: Type.Optional(Type.String({ minLength: 1, maxLength: GROCERY_ITEM_NAME_MAX })),
  quantity: Type.Optional(Type.Union([GroceryQuantity, Type.Null()])),
  category: Type.Optional(GroceryCategory),
});
export type GroceryItemPatch = Static<typeof GroceryItemPatch>;

/** DELETE /api/grocery-list/{id}/done: how many ticked items went. */
export const GroceryClearDone = Type.Object({ removed: Type.Integer() });
export type GroceryClearDone = Static<typeof GroceryClearDone>;

export const GroceryListIdParams = Type.Object({ id: IdParam });
export const GroceryItemIdParams = Type.Object({ id: IdParam });

/** One suggestion: what the house buys (with its usual quantity), or a common item from the dictionary. */
export const GrocerySuggestion = Type.Object({
  name: Type.String(),
  category: GroceryCategory,
  quantity: Type.Union([Type.String(), Type.Null()]),
  /** How often the house has ticked it; 0 for a dictionary item it never bought. */
  times_bought: Type.Integer(),
});
export type GrocerySuggestion = Static<typeof GrocerySuggestion>;

export const GrocerySuggestions = Type.Array(GrocerySuggestion);
export type GrocerySuggestions = Static<typeof GrocerySuggestions>;

/**
 * GET /api/grocery-suggestion/?q=&limit=: names with a word starting with `q`, the house's own first (most
 * often bought, then most recently), then the dictionary's.
 */
export const GrocerySuggestionQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: GROCERY_SUGGESTION_QUERY_MAX })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: GROCERY_SUGGESTION_LIMIT_MAX })),
});
export type GrocerySuggestionQuery = Static<typeof GrocerySuggestionQuery>;

/** GET /api/grocery-suggestion/again?limit=: the most often bought names that are not on a list now. */
export const GroceryBuyAgainQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: GROCERY_SUGGESTION_LIMIT_MAX })),
});
export type GroceryBuyAgainQuery = Static<typeof GroceryBuyAgainQuery>;

/** GET /api/house/{house_id}/grocery-category-order: every category once, in the house's shop order. */
export const GroceryCategoryOrder = Type.Object({ order: Type.Array(GroceryCategory) });
export type GroceryCategoryOrder = Static<typeof GroceryCategoryOrder>;

/** PUT /api/house/{house_id}/grocery-category-order: must name every category exactly once. */
export const GroceryCategoryOrderInput = Type.Object({
  order: Type.Array(Type.String({ maxLength: 40 }), { maxItems: 40 }),
});
export type GroceryCategoryOrderInput = Static<typeof GroceryCategoryOrderInput>;
