import type { EngineMigration } from '../migrate.js';

/**
 * The first answer to each write that carried an Idempotency-Key, per person (issuer + subject), kept until
 * it expires so a repeated request is answered the same way without running again.
 */
export default {
  async up(db) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('idempotency_key', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      // A hash of method, URL and body: a repeat must match it.
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      // Null while the first request is still being answered.
      .addColumn('status_code', 'integer')
      .addColumn('content_type', 'text')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['issuer', 'subject', 'idempotency_key'])
      .execute();
    await db.schema
      .createIndex('idempotency_keys_expires_idx')
      .on('idempotency_keys')
      .column('expires_at')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
} satisfies EngineMigration;
