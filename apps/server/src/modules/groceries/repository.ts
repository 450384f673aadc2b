import type { GroceryItem, GroceryList } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import type { GroceryItemRow } from './tables.js';

type ItemFields = Pick<
  GroceryItemRow,
  'grocery_item_id' | 'grocery_item_name' | 'grocery_list_id' | 'completed'
>;

const itemColumns = ['grocery_item_id', 'grocery_item_name', 'grocery_list_id', 'completed'] as const;

/** SQLite answers 0/1, PostgreSQL true/false. */
function toItem(row: ItemFields): GroceryItem {
  return {
    grocery_item_id: row.grocery_item_id,
    grocery_item_name: row.grocery_item_name,
    grocery_list_id: row.grocery_list_id,
    completed: Boolean(row.completed),
  };
}

/**
 * All grocery SQL. Every read and write of a list or item is scoped to a house in the statement itself, so
 * an id of another house matches nothing (the service answers 404).
 */
export class GroceriesRepository {
  constructor(private readonly db: Db) {}

  /** The house's lists with their items: two queries however many lists there are. */
  async listsWithItems(houseId: number): Promise<GroceryList[]> {
    const lists = await this.db
      .selectFrom('grocery_lists')
      .select(['grocery_list_id', 'grocery_list_name'])
      .where('house_id', '=', houseId)
      .orderBy('grocery_list_id')
      .execute();
    if (lists.length === 0) return [];
    const items = await this.db
      .selectFrom('grocery_items as i')
      .innerJoin('grocery_lists as l', 'l.grocery_list_id', 'i.grocery_list_id')
      .select(['i.grocery_item_id', 'i.grocery_item_name', 'i.grocery_list_id', 'i.completed'])
      .where('l.house_id', '=', houseId)
      .orderBy('i.grocery_item_id')
      .execute();
    const byList = new Map<number, GroceryList>();
    const result = lists.map((l) => {
      const list: GroceryList = {
        grocery_list_id: l.grocery_list_id,
        grocery_list_name: l.grocery_list_name,
        items: [],
      };
      byList.set(l.grocery_list_id, list);
      return list;
    });
    // An item of a list created between the two reads has no list here; it shows on the next read.
    for (const item of items) byList.get(item.grocery_list_id)?.items.push(toItem(item));
    return result;
  }

  async insertList(houseId: number, name: string, userId: number): Promise<GroceryList> {
    const row = await this.db
      .insertInto('grocery_lists')
      .values({
        house_id: houseId,
        grocery_list_name: name,
        created_by: userId,
        created_at: new Date().toISOString(),
      })
      .returning(['grocery_list_id', 'grocery_list_name'])
      .executeTakeFirstOrThrow();
    return { ...row, items: [] };
  }

  async listExistsInHouse(listId: number, houseId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('grocery_lists')
      .select('grocery_list_id')
      .where('grocery_list_id', '=', listId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes the list and, by the foreign key's cascade, its items; false when the house has no such list. */
  async deleteListInHouse(listId: number, houseId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('grocery_lists')
      .where('grocery_list_id', '=', listId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async insertItem(listId: number, name: string, userId: number): Promise<GroceryItem> {
    const row = await this.db
      .insertInto('grocery_items')
      .values({
        grocery_list_id: listId,
        grocery_item_name: name,
        completed: 0,
        created_by: userId,
        created_at: new Date().toISOString(),
      })
      .returning(itemColumns)
      .executeTakeFirstOrThrow();
    return toItem(row);
  }

  async setItemCompletedInHouse(
    itemId: number,
    houseId: number,
    completed: boolean,
  ): Promise<GroceryItem | null> {
    const row = await this.db
      .updateTable('grocery_items')
      .set({ completed: completed ? 1 : 0 })
      .where('grocery_item_id', '=', itemId)
      .where('grocery_list_id', 'in', this.houseListIds(houseId))
      .returning(itemColumns)
      .executeTakeFirst();
    return row ? toItem(row) : null;
  }

  /** The deleted item, or null when the house has no such item. */
  async deleteItemInHouse(itemId: number, houseId: number): Promise<GroceryItem | null> {
    const row = await this.db
      .deleteFrom('grocery_items')
      .where('grocery_item_id', '=', itemId)
      .where('grocery_list_id', 'in', this.houseListIds(houseId))
      .returning(itemColumns)
      .executeTakeFirst();
    return row ? toItem(row) : null;
  }

  private houseListIds(houseId: number) {
    return this.db.selectFrom('grocery_lists').select('grocery_list_id').where('house_id', '=', houseId);
  }
}
