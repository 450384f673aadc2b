import type { EngineMigration } from '../migrate.js';

/**
 * One counter per house (`h:<house_id>`) and per person (`u:<user_id>`), raised by every change to what
 * they see. Kept answers of polled reads are valid while the counters they were made under are current, so
 * every instance on the database sees a change the moment it is committed.
 */
export default {
  async up(db) {
    await db.schema
      .createTable('cache_versions')
      .addColumn('scope_key', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('cache_versions').execute();
  },
} satisfies EngineMigration;
