import type { GroceryCategory, GroceryItem, GroceryList } from '@hearth/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { likeEscaped } from './item-names.js';
import type { GroceryItemRow } from './tables.js';

type ItemFields = Pick<
  GroceryItemRow,
  'grocery_item_id' | 'grocery_item_name' | 'grocery_list_id' | 'completed' | 'quantity' | 'category'
>;

const itemColumns = [
  'grocery_item_id',
  'grocery_item_name',
  'grocery_list_id',
  'completed',
  'quantity',
  'category',
] as const;

/** SQLite answers 0/1, PostgreSQL true/false. */
function toItem(row: ItemFields): GroceryItem {
  return {
    grocery_item_id: row.grocery_item_id,
    grocery_item_name: row.grocery_item_name,
    grocery_list_id: row.grocery_list_id,
    completed: Boolean(row.completed),
    quantity: row.quantity,
    category: row.category,
  };
}

/** An item as the service changes it: with its name key, which the answer leaves out. */
export interface StoredItem extends GroceryItem {
  name_key: string;
}

export interface NewItem {
  name: string;
  key: string;
  quantity: string | null;
  category: GroceryCategory;
}

export interface ItemChanges {
  grocery_item_name?: string;
  name_key?: string;
  quantity?: string | null;
  category?: GroceryCategory;
}

/** A name the house remembers, as suggestions read it. */
export interface RememberedName {
  name_key: string;
  grocery_item_name: string;
  category: GroceryCategory | null;
  quantity: string | null;
  times_bought: number;
}

/** How a name is written to the house's memory. */
export interface NameToRemember {
  key: string;
  name: string;
  search: string;
}

/**
 * All grocery SQL. Every read and write of a list or item is scoped to a house in the statement itself, so
 * an id of another house matches nothing (the service answers 404).
 */
export class GroceriesRepository {
  constructor(readonly db: Db) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repo: GroceriesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new GroceriesRepository(trx)));
  }

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
      .select([
        'i.grocery_item_id',
        'i.grocery_item_name',
        'i.grocery_list_id',
        'i.completed',
        'i.quantity',
        'i.category',
      ])
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

  /** Removes the list's ticked items; returns how many. */
  async deleteDoneItems(listId: number): Promise<number> {
    const result = await this.db
      .deleteFrom('grocery_items')
      .where('grocery_list_id', '=', listId)
      .where('completed', '=', sql<number>`${sql.lit(true)}`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async insertItem(listId: number, item: NewItem, userId: number): Promise<GroceryItem> {
    const row = await this.db
      .insertInto('grocery_items')
      .values({
        grocery_list_id: listId,
        grocery_item_name: item.name,
        name_key: item.key,
        quantity: item.quantity,
        category: item.category,
        completed: 0,
        created_by: userId,
        created_at: new Date().toISOString(),
      })
      .returning(itemColumns)
      .executeTakeFirstOrThrow();
    return toItem(row);
  }

  /** The house's item with this id, or null. */
  async itemInHouse(itemId: number, houseId: number): Promise<StoredItem | null> {
    const row = await this.db
      .selectFrom('grocery_items')
      .select([...itemColumns, 'name_key'])
      .where('grocery_item_id', '=', itemId)
      .where('grocery_list_id', 'in', this.houseListIds(houseId))
      .executeTakeFirst();
    return row ? { ...toItem(row), name_key: row.name_key } : null;
  }

  /** Changes an item's fields; null when it is gone. */
  async updateItem(itemId: number, changes: ItemChanges): Promise<GroceryItem | null> {
    const row = await this.db
      .updateTable('grocery_items')
      .set(changes)
      .where('grocery_item_id', '=', itemId)
      .returning(itemColumns)
      .executeTakeFirst();
    return row ? toItem(row) : null;
  }

  /**
   * Sets the tick when it is not set that way yet; true when this call changed it (two people ticking at
   * once count one purchase).
   */
  async changeCompleted(itemId: number, completed: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable('grocery_items')
      .set({ completed: completed ? 1 : 0 })
      .where('grocery_item_id', '=', itemId)
      .where('completed', '=', sql<number>`${sql.lit(!completed)}`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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

  // --- many lines at once (meals' shopping): a constant number of statements however many lines ------

  /** The list's open items with any of these name keys, oldest first. */
  async openItemsWithKeys(listId: number, keys: readonly string[]): Promise<StoredItem[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('grocery_items')
      .select([...itemColumns, 'name_key'])
      .where('grocery_list_id', '=', listId)
      .where('completed', '=', sql<number>`${sql.lit(false)}`)
      .where('name_key', 'in', keys)
      .orderBy('grocery_item_id')
      .execute();
    return rows.map((row) => ({ ...toItem(row), name_key: row.name_key }));
  }

  /** The categories the house chose for these name keys (those it never chose are absent). */
  async chosenCategories(houseId: number, keys: readonly string[]): Promise<Map<string, GroceryCategory>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('grocery_names')
      .select(['name_key', 'category'])
      .where('house_id', '=', houseId)
      .where('name_key', 'in', keys)
      .where('category', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.name_key, r.category as GroceryCategory]));
  }

  /** Inserts the items in one statement; answers them in the order given. */
  async insertItems(listId: number, items: readonly NewItem[], userId: number): Promise<GroceryItem[]> {
    if (items.length === 0) return [];
    const now = new Date().toISOString();
    const rows = await this.db
      .insertInto('grocery_items')
      .values(
        items.map((item) => ({
          grocery_list_id: listId,
          grocery_item_name: item.name,
          name_key: item.key,
          quantity: item.quantity,
          category: item.category,
          completed: 0,
          created_by: userId,
          created_at: now,
        })),
      )
      .returning(itemColumns)
      .execute();
    // Both engines answer a multi-row insert in the order of its values; the ids say so too.
    return rows.map(toItem).sort((a, b) => a.grocery_item_id - b.grocery_item_id);
  }

  /** Sets the quantities of several items of the house in one statement. */
  async setQuantities(houseId: number, changes: ReadonlyArray<{ id: number; quantity: string | null }>) {
    if (changes.length === 0) return;
    const cases = sql.join(
      changes.map((c) => sql`when ${c.id} then ${c.quantity}`),
      sql` `,
    );
    await this.db
      .updateTable('grocery_items')
      .set({ quantity: sql<string | null>`case grocery_item_id ${cases} end` })
      .where(
        'grocery_item_id',
        'in',
        changes.map((c) => c.id),
      )
      .where('grocery_list_id', 'in', this.houseListIds(houseId))
      .execute();
  }

  /** Deletes these items of the house in one statement; answers the ones it deleted. */
  async deleteItemsInHouse(itemIds: readonly number[], houseId: number): Promise<GroceryItem[]> {
    if (itemIds.length === 0) return [];
    const rows = await this.db
      .deleteFrom('grocery_items')
      .where('grocery_item_id', 'in', itemIds)
      .where('grocery_list_id', 'in', this.houseListIds(houseId))
      .returning(itemColumns)
      .execute();
    return rows.map(toItem);
  }

  /** rememberAdded for many names (distinct keys) in one statement. */
  async rememberAddedMany(
    houseId: number,
    names: ReadonlyArray<{ name: NameToRemember; quantity: string | null }>,
  ): Promise<void> {
    if (names.length === 0) return;
    const now = new Date().toISOString();
    await this.db
      .insertInto('grocery_names')
      .values(
        names.map(({ name, quantity }) => ({
          house_id: houseId,
          name_key: name.key,
          grocery_item_name: name.name,
          search_text: name.search,
          category: null,
          quantity,
          times_bought: 0,
          last_bought_at: null,
          last_added_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['house_id', 'name_key']).doUpdateSet((eb) => ({
          grocery_item_name: eb.ref('excluded.grocery_item_name'),
          search_text: eb.ref('excluded.search_text'),
          last_added_at: eb.ref('excluded.last_added_at'),
          quantity: sql<
            string | null
          >`case when grocery_names.times_bought = 0 then excluded.quantity else grocery_names.quantity end`,
        })),
      )
      .execute();
  }

  // --- the house's memory of names ----------------------------------------------------------------------

  /** The category the house chose for a name key, or null when it never chose one. */
  async chosenCategory(houseId: number, key: string): Promise<GroceryCategory | null> {
    const row = await this.db
      .selectFrom('grocery_names')
      .select('category')
      .where('house_id', '=', houseId)
      .where('name_key', '=', key)
      .executeTakeFirst();
    return row?.category ?? null;
  }

  /**
   * Remembers a name just added: its spelling, and its quantity as the usual one until the house has bought
   * it (from then on purchases decide).
   */
  async rememberAdded(houseId: number, name: NameToRemember, quantity: string | null): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('grocery_names')
      .values({
        house_id: houseId,
        name_key: name.key,
        grocery_item_name: name.name,
        search_text: name.search,
        category: null,
        quantity,
        times_bought: 0,
        last_bought_at: null,
        last_added_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['house_id', 'name_key']).doUpdateSet((eb) => ({
          grocery_item_name: eb.ref('excluded.grocery_item_name'),
          search_text: eb.ref('excluded.search_text'),
          last_added_at: eb.ref('excluded.last_added_at'),
          quantity: sql<
            string | null
          >`case when grocery_names.times_bought = 0 then excluded.quantity else grocery_names.quantity end`,
        })),
      )
      .execute();
  }

  /** Remembers the category the house chose for a name. */
  async teachCategory(houseId: number, name: NameToRemember, category: GroceryCategory): Promise<void> {
    await this.db
      .insertInto('grocery_names')
      .values({
        house_id: houseId,
        name_key: name.key,
        grocery_item_name: name.name,
        search_text: name.search,
        category,
        quantity: null,
        times_bought: 0,
        last_bought_at: null,
        last_added_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['house_id', 'name_key']).doUpdateSet({ category }))
      .execute();
  }

  async insertPurchase(
    houseId: number,
    item: { grocery_item_id: number; name_key: string; quantity: string | null },
  ): Promise<void> {
    await this.db
      .insertInto('grocery_purchases')
      .values({
        house_id: houseId,
        name_key: item.name_key,
        grocery_item_id: item.grocery_item_id,
        quantity: item.quantity,
        bought_at: new Date().toISOString(),
      })
      .execute();
  }

  /** Takes back the purchases an item's tick made; returns the name keys they were for. */
  async deletePurchasesOf(houseId: number, itemId: number): Promise<string[]> {
    const rows = await this.db
      .deleteFrom('grocery_purchases')
      .where('house_id', '=', houseId)
      .where('grocery_item_id', '=', itemId)
      .returning('name_key')
      .execute();
    return [...new Set(rows.map((r) => r.name_key))];
  }

  /**
   * Recounts a name's purchases into the house's memory: how often, how recently, and the quantity bought
   * most often (the most recent among equals; unchanged when it was never bought).
   */
  async refreshPurchases(houseId: number, key: string): Promise<void> {
    const totals = await this.db
      .selectFrom('grocery_purchases')
      .select((eb) => [eb.fn.countAll<number | string>().as('times'), eb.fn.max('bought_at').as('last')])
      .where('house_id', '=', houseId)
      .where('name_key', '=', key)
      .executeTakeFirst();
    const times = Number(totals?.times ?? 0);
    const usual =
      times === 0
        ? undefined
        : await this.db
            .selectFrom('grocery_purchases')
            .select((eb) => [
              'quantity',
              eb.fn.countAll<number | string>().as('n'),
              eb.fn.max('bought_at').as('latest'),
            ])
            .where('house_id', '=', houseId)
            .where('name_key', '=', key)
            .groupBy('quantity')
            .orderBy('n', 'desc')
            .orderBy('latest', 'desc')
            .limit(1)
            .executeTakeFirst();
    await this.db
      .updateTable('grocery_names')
      .set({
        times_bought: times,
        last_bought_at: totals?.last ?? null,
        ...(usual ? { quantity: usual.quantity } : {}),
      })
      .where('house_id', '=', houseId)
      .where('name_key', '=', key)
      .execute();
  }

  /**
   * The house's names with a word starting with `term` (all of them without one): most often bought first,
   * then most recently bought, then most recently added.
   */
  async rememberedNames(houseId: number, term: string | null, limit: number): Promise<RememberedName[]> {
    let query = this.rankedNames(houseId);
    if (term !== null) {
      const escaped = likeEscaped(term);
      query = query.where((eb) =>
        eb.or([like(eb.ref('search_text'), `${escaped}%`), like(eb.ref('search_text'), `% ${escaped}%`)]),
      );
    }
    return query.limit(limit).execute();
  }

  /**
   * The names the house has bought that no list holds unticked now: most often, then most recently bought.
   * Two small reads: the open names, then the best-ranked bought names, enough of them to fill `limit`
   * after leaving those out.
   */
  async boughtNamesNotListed(houseId: number, limit: number): Promise<RememberedName[]> {
    const open = await this.db
      .selectFrom('grocery_items as i')
      .innerJoin('grocery_lists as l', 'l.grocery_list_id', 'i.grocery_list_id')
      .select('i.name_key')
      .distinct()
      .where('l.house_id', '=', houseId)
      .where('i.completed', '=', sql<number>`${sql.lit(false)}`)
      .execute();
    const listed = new Set(open.map((r) => r.name_key));
    const ranked = await this.rankedNames(houseId)
      .where('times_bought', '>', 0)
      .limit(limit + listed.size)
      .execute();
    return ranked.filter((r) => !listed.has(r.name_key)).slice(0, limit);
  }

  /**
   * The house's names in rank order: most often bought, then most recently bought, then most recently added.
   * The order is the one of grocery_names_rank_idx, so a read stops at its limit instead of sorting them all
   * (last_bought_at is null exactly when times_bought is 0, so both engines' null ordering agree).
   */
  private rankedNames(houseId: number) {
    return this.db
      .selectFrom('grocery_names')
      .select(['name_key', 'grocery_item_name', 'category', 'quantity', 'times_bought'])
      .where('house_id', '=', houseId)
      .orderBy('times_bought', 'desc')
      .orderBy('last_bought_at', 'desc')
      .orderBy('last_added_at', 'desc')
      .orderBy('name_key', 'desc');
  }

  // --- the house's shop order ---------------------------------------------------------------------------

  async categoryOrderText(houseId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('grocery_category_orders')
      .select('category_order')
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return row?.category_order ?? null;
  }

  async saveCategoryOrderText(houseId: number, order: string): Promise<void> {
    const now = new Date().toISOString();
    await this.db
      .insertInto('grocery_category_orders')
      .values({ house_id: houseId, category_order: order, updated_at: now })
      .onConflict((oc) => oc.column('house_id').doUpdateSet({ category_order: order, updated_at: now }))
      .execute();
  }
}

/** LIKE with an explicit escape character, read the same way by both engines. */
function like(column: Expression<string>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
