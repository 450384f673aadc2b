import { sql } from 'kysely';
import type { EngineMigration } from '../migrate.js';

/**
 * The household: a house's time zone, when each member joined, deleted accounts kept as anonymous
 * "Former member" rows (so the house's records keep a valid author), and removal requests waiting for a
 * second member's confirmation.
 */
export default {
  async up(db) {
    await db.schema
      .alterTable('houses')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .execute();
    await db.schema.alterTable('users').addColumn('joined_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
    // Members who joined before this column existed count from when their profile was made.
    await sql`update users set joined_at = created_at where house_id is not null`.execute(db);

    await db.schema
      .createTable('member_removals')
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('requested_by', 'integer', (c) =>
        c.notNull().references('users.user_id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('member_removals_pk', ['house_id', 'user_id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('member_removals').execute();
    await db.schema.alterTable('users').dropColumn('deleted_at').execute();
    await db.schema.alterTable('users').dropColumn('joined_at').execute();
    await db.schema.alterTable('houses').dropColumn('time_zone').execute();
  },
} satisfies EngineMigration;
