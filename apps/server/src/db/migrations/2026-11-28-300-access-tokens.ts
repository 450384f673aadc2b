import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Personal API tokens: what scripts, home automations and assistants call the API with (Bearer). Only a
 * hash of each is kept; the token itself is shown once when it is made.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('access_tokens')
      .addColumn('access_token_id', idColumnType(engine), idColumn(engine))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('access_tokens_user_idx').on('access_tokens').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('access_tokens').execute();
  },
} satisfies EngineMigration;
