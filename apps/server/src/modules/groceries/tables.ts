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
  created_by: number | null;
  created_at: string;
}

export type GroceryItemRow = Selectable<GroceryItemsTable>;

/** The tables this module adds to the shared Database type. */
export interface GroceriesTables {
  grocery_lists: GroceryListsTable;
  grocery_items: GroceryItemsTable;
}

declare module '../../db/tables.js' {
  interface Database extends GroceriesTables {}
}
