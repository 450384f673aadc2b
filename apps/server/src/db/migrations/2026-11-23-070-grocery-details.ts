import { type Kysely, sql } from 'kysely';
import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';
import { dictionaryCategory, nameKey } from './frozen/grocery-names-2026-11-23.js';

/**
 * Grocery items gain a quantity, a category and the key their name is remembered under; a house gains its
 * memory of names (what it chose, how often it bought them), its purchases and its shop order of categories.
 * Deleting a house deletes all of these; removing an item keeps its purchases, which are the house's history.
 */
export default {
  async up(db, engine) {
    // SQLite adds one column per statement.
    await db.schema.alterTable('grocery_items').addColumn('quantity', 'text').execute();
    await db.schema
      .alterTable('grocery_items')
      .addColumn('category', 'text', (c) => c.notNull().defaultTo('other'))
      .execute();
    await db.schema
      .alterTable('grocery_items')
      .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await backfillItems(db);

    await db.schema
      .createTable('grocery_names')
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('grocery_item_name', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      // Set only when someone in the house chose it; otherwise the dictionary decides.
      .addColumn('category', 'text')
      .addColumn('quantity', 'text')
      .addColumn('times_bought', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_bought_at', 'text')
      .addColumn('last_added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('grocery_names_pk', ['house_id', 'name_key'])
      .execute();
    // The rank suggestions read in: most often bought, then most recently bought, then most recently added.
    await db.schema
      .createIndex('grocery_names_rank_idx')
      .on('grocery_names')
      .columns([
        'house_id',
        'times_bought desc',
        'last_bought_at desc',
        'last_added_at desc',
        'name_key desc',
      ])
      .execute();

    await db.schema
      .createTable('grocery_purchases')
      .addColumn('grocery_purchase_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('name_key', 'text', (c) => c.notNull())
      // No foreign key: the purchase outlives the item it was ticked on.
      .addColumn('grocery_item_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'text')
      .addColumn('bought_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grocery_purchases_name_idx')
      .on('grocery_purchases')
      .columns(['house_id', 'name_key', 'bought_at'])
      .execute();
    await db.schema
      .createIndex('grocery_purchases_item_idx')
      .on('grocery_purchases')
      .columns(['house_id', 'grocery_item_id'])
      .execute();

    await db.schema
      .createTable('grocery_category_orders')
      .addColumn('house_id', 'integer', (c) =>
        c.primaryKey().references('houses.house_id').onDelete('cascade'),
      )
      .addColumn('category_order', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('grocery_category_orders').execute();
    await db.schema.dropTable('grocery_purchases').execute();
    await db.schema.dropTable('grocery_names').execute();
    await db.schema.alterTable('grocery_items').dropColumn('name_key').execute();
    await db.schema.alterTable('grocery_items').dropColumn('category').execute();
    await db.schema.alterTable('grocery_items').dropColumn('quantity').execute();
  },
} satisfies EngineMigration;

/** Items made before: their name key, and the dictionary's category where it knows the name. */
async function backfillItems(db: Kysely<unknown>) {
  const { rows } = await sql<{
    grocery_item_id: number;
    grocery_item_name: string;
  }>`select grocery_item_id, grocery_item_name from grocery_items`.execute(db);
  for (const row of rows) {
    const key = nameKey(row.grocery_item_name);
    const category = dictionaryCategory(key) ?? 'other';
    await sql`update grocery_items set name_key = ${key}, category = ${category} where grocery_item_id = ${row.grocery_item_id}`.execute(
      db,
    );
  }
}
