import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

/** Longest names, after trimming; the web app's fields use the same limits. */
export const GROCERY_LIST_NAME_MAX = 80;
export const GROCERY_ITEM_NAME_MAX = 120;

export const GroceryItem = Type.Object({
  grocery_item_id: Type.Integer(),
  grocery_item_name: Type.String(),
  grocery_list_id: Type.Integer(),
  completed: Type.Boolean(),
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

/** POST /api/grocery-item/ (the name is trimmed and must not be blank). */
export const GroceryItemInput = Type.Object({
  grocery_item_name: Type.String({ minLength: 1, maxLength: GROCERY_ITEM_NAME_MAX }),
  grocery_list_id: IdParam,
});
export type GroceryItemInput = Static<typeof GroceryItemInput>;

/** PATCH /api/grocery-item/{id}. */
export const GroceryItemPatch = Type.Object({ completed: Type.Boolean() });
export type GroceryItemPatch = Static<typeof GroceryItemPatch>;

export const GroceryListIdParams = Type.Object({ id: IdParam });
export const GroceryItemIdParams = Type.Object({ id: IdParam });
