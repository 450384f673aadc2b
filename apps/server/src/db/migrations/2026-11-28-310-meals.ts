import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Meals: a house's recipes, its meal plan, the staples it always has, and each addition of meals to a
 * grocery list (kept so one undo takes it back, and so an item can say which meals it is for).
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('recipes')
      .addColumn('recipe_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('servings', 'integer', (c) => c.notNull())
      // JSON arrays: ingredients (text, exact quantity, unit, name, note), steps and tags.
      .addColumn('ingredients', 'text', (c) => c.notNull())
      .addColumn('steps', 'text', (c) => c.notNull())
      .addColumn('tags', 'text', (c) => c.notNull())
      // Lower-case title, tags and ingredient names: what a search matches.
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('source_url', 'text')
      .addColumn('image', 'text')
      .addColumn('prep_minutes', 'integer')
      .addColumn('cook_minutes', 'integer')
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recipes_house_idx').on('recipes').columns(['house_id', 'title']).execute();

    await db.schema
      .createTable('meals')
      .addColumn('meal_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('recipe_id', 'integer', (c) => c.references('recipes.recipe_id').onDelete('set null'))
      // The meal's own title; a meal of a recipe keeps the recipe's title here for when the recipe goes.
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('servings', 'integer', (c) => c.notNull())
      .addColumn('cook_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('note', 'text')
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('meals_house_date_idx').on('meals').columns(['house_id', 'date']).execute();
    await db.schema.createIndex('meals_recipe_idx').on('meals').column('recipe_id').execute();

    await db.schema
      .createTable('meal_staples')
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('staple_key', 'text', (c) => c.notNull())
      .addColumn('staple', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('meal_staples_pk', ['house_id', 'staple_key'])
      .execute();

    await db.schema
      .createTable('meal_grocery_additions')
      .addColumn('addition_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('grocery_list_id', 'integer', (c) =>
        c.notNull().references('grocery_lists.grocery_list_id').onDelete('cascade'),
      )
      // JSON: the items it created and the quantities of the items it merged into, as they were before.
      .addColumn('undo', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('meal_grocery_additions_house_idx')
      .on('meal_grocery_additions')
      .columns(['house_id', 'addition_id'])
      .execute();

    await db.schema
      .createTable('meal_grocery_items')
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('addition_id', 'integer', (c) =>
        c.notNull().references('meal_grocery_additions.addition_id').onDelete('cascade'),
      )
      .addColumn('grocery_item_id', 'integer', (c) =>
        c.notNull().references('grocery_items.grocery_item_id').onDelete('cascade'),
      )
      .addColumn('meal_id', 'integer', (c) => c.notNull().references('meals.meal_id').onDelete('cascade'))
      .execute();
    await db.schema
      .createIndex('meal_grocery_items_house_idx')
      .on('meal_grocery_items')
      .columns(['house_id', 'grocery_item_id'])
      .execute();
    await db.schema
      .createIndex('meal_grocery_items_addition_idx')
      .on('meal_grocery_items')
      .column('addition_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('meal_grocery_items').execute();
    await db.schema.dropTable('meal_grocery_additions').execute();
    await db.schema.dropTable('meal_staples').execute();
    await db.schema.dropTable('meals').execute();
    await db.schema.dropTable('recipes').execute();
  },
} satisfies EngineMigration;
