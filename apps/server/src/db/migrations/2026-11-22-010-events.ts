import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * House calendar events, and each member's revocable calendar subscription (only a hash of its secret).
 * An event goes with its house; all-day events keep their dates as YYYY-MM-DD (end_date inclusive).
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('events')
      .addColumn('event_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('location', 'text')
      .addColumn('start_datetime', 'text', (c) => c.notNull())
      .addColumn('end_datetime', 'text', (c) => c.notNull())
      .addColumn('all_day', engine === 'postgres' ? 'boolean' : 'integer', (c) => c.notNull())
      .addColumn('start_date', 'text')
      .addColumn('end_date', 'text')
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('events_house_idx')
      .on('events')
      .columns(['house_id', 'start_datetime'])
      .execute();

    await db.schema
      .createTable('calendar_subscriptions')
      .addColumn('subscription_id', idColumnType(engine), idColumn(engine))
      .addColumn('user_id', 'integer', (c) =>
        c.notNull().unique().references('users.user_id').onDelete('cascade'),
      )
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('calendar_subscriptions').execute();
    await db.schema.dropTable('events').execute();
  },
} satisfies EngineMigration;
