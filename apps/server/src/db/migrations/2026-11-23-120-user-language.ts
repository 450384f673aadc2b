import type { EngineMigration } from '../migrate.js';

/**
 * A person's language for the app, its sign-in pages and the emails and notifications sent to them:
 * 'en' or 'de', or null to follow the browser (emails then use English).
 */
export default {
  async up(db) {
    await db.schema.alterTable('users').addColumn('language', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('users').dropColumn('language').execute();
  },
} satisfies EngineMigration;
