import type { ColumnDefinitionBuilder } from 'kysely';
import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Shared money: the house currency, expenses with each member's portion, payments between members,
 * recurring bill templates and the activity log. Deleting a house deletes all of it. Amounts are integer
 * minor units in `bigint` columns (up to 10^12, past 32 bits).
 */
export default {
  async up(db, engine) {
    const house = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('houses.house_id').onDelete('cascade');
    const member = (c: ColumnDefinitionBuilder) => c.notNull().references('users.user_id');

    await db.schema
      .createTable('bill_settings')
      .addColumn('house_id', 'integer', (c) => house(c).primaryKey())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('recurring_expenses')
      .addColumn('recurring_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', house)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('paid_by', 'integer', member)
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('split_mode', 'text', (c) => c.notNull())
      .addColumn('split_parts', 'text', (c) => c.notNull())
      .addColumn('repeat_every', 'text', (c) => c.notNull())
      .addColumn('repeat_interval', 'integer', (c) => c.notNull())
      .addColumn('repeat_month_day', 'integer')
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('ends_on', 'text')
      .addColumn('next_on', 'text')
      .addColumn('created_by', 'integer', member)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('recurring_expenses_house_idx')
      .on('recurring_expenses')
      .columns(['house_id', 'recurring_id'])
      .execute();
    // The catch-up job looks for templates that have a date due.
    await db.schema
      .createIndex('recurring_expenses_next_idx')
      .on('recurring_expenses')
      .column('next_on')
      .execute();

    await db.schema
      .createTable('expenses')
      .addColumn('expense_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', house)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('paid_by', 'integer', member)
      .addColumn('spent_on', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('receipt_img', 'text')
      .addColumn('split_mode', 'text', (c) => c.notNull())
      .addColumn('recurring_id', 'integer', (c) =>
        c.references('recurring_expenses.recurring_id').onDelete('set null'),
      )
      .addColumn('created_by', 'integer', member)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // History pages (newest first), the month filter, and the spending totals.
    await db.schema
      .createIndex('expenses_house_idx')
      .on('expenses')
      .columns(['house_id', 'spent_on', 'expense_id'])
      .execute();
    // Each recurring date becomes one expense, however many instances try at once.
    await db.schema
      .createIndex('expenses_recurring_date_uq')
      .on('expenses')
      .columns(['recurring_id', 'spent_on'])
      .unique()
      .execute();

    await db.schema
      .createTable('expense_parts')
      .addColumn('expense_id', 'integer', (c) =>
        c.notNull().references('expenses.expense_id').onDelete('cascade'),
      )
      .addColumn('house_id', 'integer', house)
      .addColumn('user_id', 'integer', member)
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('value', engine === 'postgres' ? 'double precision' : 'real', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('expense_parts_pk', ['expense_id', 'user_id'])
      .execute();
    // Shares per member are summed by house without touching the expenses.
    await db.schema
      .createIndex('expense_parts_house_idx')
      .on('expense_parts')
      .columns(['house_id', 'user_id', 'amount_minor'])
      .execute();

    await db.schema
      .createTable('payments')
      .addColumn('payment_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', house)
      .addColumn('from_user_id', 'integer', member)
      .addColumn('to_user_id', 'integer', member)
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('paid_on', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', member)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('payments_house_idx')
      .on('payments')
      .columns(['house_id', 'paid_on', 'payment_id'])
      .execute();

    await db.schema
      .createTable('bill_activity')
      .addColumn('activity_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', house)
      .addColumn('actor_id', 'integer', (c) => c.references('users.user_id'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('amount_minor', 'bigint', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bill_activity_house_idx')
      .on('bill_activity')
      .columns(['house_id', 'activity_id'])
      .execute();
  },
  async down(db) {
    for (const table of [
      'bill_activity',
      'payments',
      'expense_parts',
      'expenses',
      'recurring_expenses',
      'bill_settings',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
} satisfies EngineMigration;
