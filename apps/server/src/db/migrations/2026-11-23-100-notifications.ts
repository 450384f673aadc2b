import { idColumn, idColumnType } from '../column-types.js';
import type { EngineMigration } from '../migrate.js';

/**
 * Notifications: each person's channels, quiet hours and digest; their push devices; the secrets the
 * server generates once (VAPID keys, the key that signs unsubscribe and action links); and the delivery
 * rows the scheduler plans, claims and marks sent. A delivery's key (person, kind, source, due instant,
 * channel, device) is unique, so planning the same thing twice, on one instance or several, adds nothing.
 */
export default {
  async up(db, engine) {
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      /** JSON: { reminders, tasks, bills, house: ('push'|'email')[] }. */
      .addColumn('channels', 'text', (c) => c.notNull())
      .addColumn('quiet_start', 'text')
      .addColumn('quiet_end', 'text')
      .addColumn('digest_time', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('push_subscriptions')
      .addColumn('push_subscription_id', idColumnType(engine), idColumn(engine))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('device_label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('push_subscriptions_user_idx')
      .on('push_subscriptions')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('notification_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // The planner's watermark: everything due up to planned_until has been planned.
    await db.schema
      .createTable('notification_planner')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('planned_until', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('notification_deliveries')
      .addColumn('delivery_id', idColumnType(engine), idColumn(engine))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      /** reminders, tasks, bills, house, digest. */
      .addColumn('kind', 'text', (c) => c.notNull())
      /** The reminder, task, recurring bill or payment; 0 for a digest. */
      .addColumn('source_id', 'integer', (c) => c.notNull())
      /** When the thing fell due (UTC ISO); with the source, what makes the delivery unique. */
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      /** The push device; 0 for email. */
      .addColumn('target_id', 'integer', (c) => c.notNull())
      /** What the message says, fixed when planned: { title, house_id?, ... } as JSON. */
      .addColumn('details', 'text', (c) => c.notNull())
      /** pending, sending, sent, folded (waits for the digest), digested, cancelled, failed. */
      .addColumn('status', 'text', (c) => c.notNull())
      /** When it may go: due_at, or the end of quiet hours, or later after a failure. */
      .addColumn('send_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('notification_deliveries_key', [
        'user_id',
        'kind',
        'source_id',
        'due_at',
        'channel',
        'target_id',
      ])
      .execute();
    await db.schema
      .createIndex('notification_deliveries_due_idx')
      .on('notification_deliveries')
      .columns(['status', 'send_at'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('notification_deliveries').execute();
    await db.schema.dropTable('notification_planner').execute();
    await db.schema.dropTable('notification_secrets').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await db.schema.dropTable('notification_settings').execute();
  },
} satisfies EngineMigration;
