import type { ExportGroceries } from '@hearth/contract';
import type { HouseDataHook } from '../../core/module.js';
import { dictionaryCategory } from './dictionary.js';
import { nameKey } from './item-names.js';

/** The grocery lists' part of the house export: each list with its items, in the order they were added. */
export const groceriesHouseData: HouseDataHook<'groceries'> = {
  section: 'groceries',

  async hasData(houseId, trx) {
    const row = await trx
      .selectFrom('grocery_lists')
      .select('grocery_list_id')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async export(houseId, trx, people) {
    const lists = await trx
      .selectFrom('grocery_lists')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('grocery_list_id')
      .execute();
    const items = await trx
      .selectFrom('grocery_items as i')
      .innerJoin('grocery_lists as l', 'l.grocery_list_id', 'i.grocery_list_id')
      .selectAll('i')
      .where('l.house_id', '=', houseId)
      .orderBy('i.grocery_item_id')
      .execute();
    const ref = (id: number | null) => (id === null ? null : people.ref(id));
    return lists.map((list) => ({
      name: list.grocery_list_name,
      created_by: ref(list.created_by),
      created_at: list.created_at,
      items: items
        .filter((i) => i.grocery_list_id === list.grocery_list_id)
        .map((i) => ({
          name: i.grocery_item_name,
          quantity: i.quantity,
          category: i.category,
          completed: Boolean(i.completed),
          created_by: ref(i.created_by),
          created_at: i.created_at,
        })),
    }));
  },

  async import(houseId, lists: ExportGroceries, people, trx) {
    const id = (ref: number | null) => (ref === null ? null : people.userId(ref));
    for (const list of lists) {
      const { grocery_list_id } = await trx
        .insertInto('grocery_lists')
        .values({
          house_id: houseId,
          grocery_list_name: list.name,
          created_by: id(list.created_by),
          created_at: list.created_at,
        })
        .returning('grocery_list_id')
        .executeTakeFirstOrThrow();
      for (const item of list.items) {
        await trx
          .insertInto('grocery_items')
          .values({
            grocery_list_id,
            grocery_item_name: item.name,
            name_key: nameKey(item.name),
            quantity: item.quantity ?? null,
            // Older documents carry no category: file the item as a new one would be by the dictionary.
            category: item.category ?? dictionaryCategory(nameKey(item.name)) ?? 'other',
            completed: item.completed ? 1 : 0,
            created_by: id(item.created_by),
            created_at: item.created_at,
          })
          .execute();
      }
    }
    return lists.length;
  },
};
