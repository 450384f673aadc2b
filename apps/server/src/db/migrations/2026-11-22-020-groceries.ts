import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/** A house's grocery lists and their items; deleting a house deletes its lists, a list its items. */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('grocery_lists')
      .addColumn('grocery_list_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('grocery_list_name', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grocery_lists_house_idx')
      .on('grocery_lists')
      .columns(['house_id', 'grocery_list_id'])
      .execute();

    await db.schema
      .createTable('grocery_items')
      .addColumn('grocery_item_id', idColumnType(engine), idColumn(engine))
      .addColumn('grocery_list_id', 'integer', (c) =>
        c.notNull().references('grocery_lists.grocery_list_id').onDelete('cascade'),
      )
      .addColumn('grocery_item_name', 'text', (c) => c.notNull())
      // A real boolean on PostgreSQL; 0/1 on SQLite, which has none.
      .addColumn('completed', engine === 'postgres' ? 'boolean' : 'integer', (c) =>
        c.notNull().defaultTo(engine === 'postgres' ? false : 0),
      )
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grocery_items_list_idx')
      .on('grocery_items')
      .columns(['grocery_list_id', 'grocery_item_id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('grocery_items').execute();
    await db.schema.dropTable('grocery_lists').execute();
  },
} satisfies EngineMigration;
