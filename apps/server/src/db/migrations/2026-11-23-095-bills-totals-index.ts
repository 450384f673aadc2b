import type { EngineMigration } from '../migrate.js';

/**
 * Balances sum what each member paid straight from an index (house, payer, amount), so a house with tens
 * of thousands of expenses never reads the expense rows themselves; payments likewise per sender and
 * receiver.
 */
export default {
  async up(db) {
    await db.schema
      .createIndex('expenses_paid_idx')
      .on('expenses')
      .columns(['house_id', 'paid_by', 'amount_minor'])
      .execute();
    await db.schema
      .createIndex('payments_from_idx')
      .on('payments')
      .columns(['house_id', 'from_user_id', 'amount_minor'])
      .execute();
    await db.schema
      .createIndex('payments_to_idx')
      .on('payments')
      .columns(['house_id', 'to_user_id', 'amount_minor'])
      .execute();
  },
  async down(db) {
    for (const index of ['payments_to_idx', 'payments_from_idx', 'expenses_paid_idx']) {
      await db.schema.dropIndex(index).execute();
    }
  },
} satisfies EngineMigration;
