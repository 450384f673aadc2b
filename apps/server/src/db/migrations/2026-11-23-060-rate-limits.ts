import type { EngineMigration } from '../migrate.js';

/** Attempt counters shared by every instance on one database (sign-in limits, API write limits). */
export default {
  async up(db) {
    await db.schema
      .createTable('rate_limits')
      // A fixed-length digest of what is counted (never the raw address or email).
      .addColumn('limit_key', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      // Milliseconds since the epoch at which the window ends.
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
  },
  async down(db) {
    await db.schema.dropTable('rate_limits').execute();
  },
} satisfies EngineMigration;
