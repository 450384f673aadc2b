import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * App passwords: what calendar apps sign in with (HTTP Basic on the DAV paths only). Only a hash of each
 * is kept; the password itself is shown once when it is made.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('app_passwords')
      .addColumn('app_password_id', idColumnType(engine), idColumn(engine))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('app_passwords_user_idx').on('app_passwords').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('app_passwords').execute();
  },
} satisfies EngineMigration;
