import type { GroceryCategory } from '@hearth/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A house's grocery list; deleting the house deletes it. */
export interface GroceryListsTable {
  grocery_list_id: Generated<number>;
  house_id: number;
  grocery_list_name: string;
  created_by: number | null;
  created_at: string;
}

/** An item of a grocery list; deleting the list deletes it. */
export interface GroceryItemsTable {
  grocery_item_id: Generated<number>;
  grocery_list_id: number;
  grocery_item_name: string;
  /** boolean on PostgreSQL, 0/1 on SQLite: write 0/1 (both accept it), read with Boolean(). */
  completed: ColumnType<boolean | number, number | undefined, number>;
  quantity: ColumnType<string | null, string | null | undefined, string | null>;
  category: ColumnType<GroceryCategory, GroceryCategory | undefined, GroceryCategory>;
  /** The name's key (item-names.ts), to find it in the house's memory. */
  name_key: ColumnType<string, string | undefined, string>;
  created_by: number | null;
  created_at: string;
}

/** What a house remembers about an item name: where it belongs, how much and how often it buys it. */
export interface GroceryNamesTable {
  house_id: number;
  name_key: string;
  /** The name as last written. */
  grocery_item_name: string;
  search_text: string;
  /** The category someone in the house chose for this name; null when nobody did. */
  category: GroceryCategory | null;
  /** The quantity bought most often (the latest among equals), else the last one added. */
  quantity: string | null;
  times_bought: ColumnType<number, number | undefined, number>;
  last_bought_at: string | null;
  last_added_at: string;
}

/** One tick of an item: the house's history, kept when the item goes. */
export interface GroceryPurchasesTable {
  grocery_purchase_id: Generated<number>;
  house_id: number;
  name_key: string;
  grocery_item_id: number;
  quantity: string | null;
  bought_at: string;
}

/** A house's shop order: category keys joined by commas (category-order.ts reads it). */
export interface GroceryCategoryOrdersTable {
  house_id: number;
  category_order: string;
  updated_at: string;
}

export type GroceryItemRow = Selectable<GroceryItemsTable>;

/** The tables this module adds to the shared Database type. */
export interface GroceriesTables {
  grocery_lists: GroceryListsTable;
  grocery_items: GroceryItemsTable;
  grocery_names: GroceryNamesTable;
  grocery_purchases: GroceryPurchasesTable;
  grocery_category_orders: GroceryCategoryOrdersTable;
}

declare module '../../db/tables.js' {
  interface Database extends GroceriesTables {}
}
