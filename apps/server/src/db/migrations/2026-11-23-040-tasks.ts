import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Household tasks, their history of dones and skips, and members' away periods. Deleting a house
 * deletes all three; deleting a task deletes its history.
 */
export default {
  async up(db, engine) {
    const flag = engine === 'postgres' ? 'boolean' : 'integer';
    const no = engine === 'postgres' ? false : 0;

    await db.schema
      .createTable('tasks')
      .addColumn('task_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('effort', 'integer', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('anchor_at', 'text', (c) => c.notNull())
      .addColumn('repeat_every', 'text', (c) => c.notNull())
      .addColumn('repeat_interval', 'integer')
      .addColumn('repeat_weekdays', 'text')
      .addColumn('repeat_month_day', 'integer')
      .addColumn('rotation', 'text', (c) => c.notNull())
      .addColumn('pool', 'text', (c) => c.notNull())
      .addColumn('assignee_id', 'integer', (c) => c.notNull())
      .addColumn('completed', flag, (c) => c.notNull().defaultTo(no))
      .addColumn('created_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('tasks_house_idx').on('tasks').columns(['house_id', 'due_at']).execute();

    await db.schema
      .createTable('task_history')
      .addColumn('history_id', idColumnType(engine), idColumn(engine))
      .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.task_id').onDelete('cascade'))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('done_at', 'text', (c) => c.notNull())
      .addColumn('done_by', 'integer', (c) => c.notNull())
      .addColumn('skipped', flag, (c) => c.notNull())
      .addColumn('effort', 'integer', (c) => c.notNull())
      .addColumn('prev_due_at', 'text', (c) => c.notNull())
      .addColumn('prev_assignee_id', 'integer', (c) => c.notNull())
      .addColumn('prev_completed', flag, (c) => c.notNull())
      .execute();
    // A task's newest entries (history pages, undo) and the house's recent effort (fairness).
    await db.schema
      .createIndex('task_history_task_idx')
      .on('task_history')
      .columns(['task_id', 'history_id'])
      .execute();
    // Each task's newest done (skips passed over) is one look-up, however long its history grows.
    await db.schema
      .createIndex('task_history_done_idx')
      .on('task_history')
      .columns(['task_id', 'skipped', 'history_id'])
      .execute();
    await db.schema
      .createIndex('task_history_house_idx')
      .on('task_history')
      .columns(['house_id', 'done_at'])
      .execute();

    await db.schema
      .createTable('away_periods')
      .addColumn('away_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('ends_on', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('away_periods_house_idx')
      .on('away_periods')
      .columns(['house_id', 'starts_on'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('away_periods').execute();
    await db.schema.dropTable('task_history').execute();
    await db.schema.dropTable('tasks').execute();
  },
} satisfies EngineMigration;
