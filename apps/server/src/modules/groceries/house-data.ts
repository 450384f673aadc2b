import type { ExportGroceries } from '@hearth/contract';
import { GROCERY_ITEM_NAME_MAX, GROCERY_LIST_NAME_MAX, GROCERY_QUANTITY_MAX } from '@hearth/contract';
import { rowsOfHouse } from '../../core/house-rows.js';
import { ImportCheck } from '../../core/import-check.js';
import type { HouseDataHook } from '../../core/module.js';
import { parseInstant } from '../../lib/iso-instant.js';
import { pauses } from '../../lib/pauses.js';
import { optionalText, requiredText } from '../../lib/text.js';
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
    const lists = await rowsOfHouse(trx, 'grocery_lists', houseId, 'grocery_list_id');
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
    // Every value is checked first, so a refused document writes nothing at all.
    const pause = pauses();
    const checked: ReturnType<typeof checkList>[] = [];
    for (const [i, list] of lists.entries()) {
      checked.push(checkList(list, i));
      await pause();
    }
    for (const [i, list] of lists.entries()) {
      const c = checked[i] as (typeof checked)[number];
      const { grocery_list_id } = await trx
        .insertInto('grocery_lists')
        .values({
          house_id: houseId,
          grocery_list_name: c.name,
          created_by: id(list.created_by),
          created_at: c.created_at,
        })
        .returning('grocery_list_id')
        .executeTakeFirstOrThrow();
      for (const [j, item] of list.items.entries()) {
        const v = c.items[j] as (typeof c.items)[number];
        await trx
          .insertInto('grocery_items')
          .values({
            grocery_list_id,
            grocery_item_name: v.name,
            name_key: nameKey(v.name),
            quantity: v.quantity,
            category: v.category,
            completed: item.completed ? 1 : 0,
            created_by: id(item.created_by),
            created_at: v.created_at,
          })
          .execute();
      }
    }
    return lists.length;
  },
};

/** A grocery list and its items through the API's own text rules. */
function checkList(list: ExportGroceries[number], i: number) {
  const check = new ImportCheck(`data.groceries[${i}]`, [[/^grocery_list_name/, 'name']]);
  return {
    name: check.rule(() => requiredText(list.name, 'grocery_list_name', GROCERY_LIST_NAME_MAX)),
    created_at: check.rule(() => parseInstant(list.created_at, 'created_at')),
    items: list.items.map((item, j) => {
      const at = check.at(`items[${j}]`, [[/^grocery_item_name/, 'name']]);
      const name = at.rule(() => requiredText(item.name, 'grocery_item_name', GROCERY_ITEM_NAME_MAX));
      return {
        name,
        quantity: at.rule(() => optionalText(item.quantity, 'quantity', GROCERY_QUANTITY_MAX)),
        // Older documents carry no category: file the item as a new one would be by the dictionary.
        category: item.category ?? dictionaryCategory(nameKey(name)) ?? 'other',
        created_at: at.rule(() => parseInstant(item.created_at, 'created_at')),
      };
    }),
  };
}
