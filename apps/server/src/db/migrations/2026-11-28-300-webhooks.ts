import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Webhooks: a house's subscriptions to its own changes, and their deliveries. A delivery row is written
 * when the change is announced and sent by the scheduler (claimed with a lease, retried with backoff),
 * so a change is announced at least once even when the receiver or this server is down for a while.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('webhooks')
      .addColumn('webhook_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('url', 'text', (c) => c.notNull())
      // A JSON array of event types.
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // The signing secret as handed out (whsec_ + base64): needed in full to sign.
      .addColumn('secret', 'text', (c) => c.notNull())
      // 0/1 on both engines.
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('disabled_at', 'text')
      // Since when every try has failed (null while deliveries succeed).
      .addColumn('failing_since', 'text')
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_house_idx').on('webhooks').column('house_id').execute();
    await db.schema.createIndex('webhooks_disabled_idx').on('webhooks').column('disabled_at').execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('delivery_id', idColumnType(engine), idColumn(engine))
      .addColumn('house_id', 'integer', (c) => c.notNull().references('houses.house_id').onDelete('cascade'))
      .addColumn('webhook_id', 'integer', (c) =>
        c.notNull().references('webhooks.webhook_id').onDelete('cascade'),
      )
      // The webhook-id header, the same on every try.
      .addColumn('message_id', 'text', (c) => c.notNull().unique())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      // pending, sending, delivered, failed
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('send_at', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .columns(['status', 'send_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_webhook_idx')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'delivery_id'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_house_idx')
      .on('webhook_deliveries')
      .column('house_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhooks').execute();
  },
} satisfies EngineMigration;
