import type { Db } from '../../db/create-db.js';
import type { CalendarSubscriptionRow } from './tables.js';

export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  findByUser(userId: number): Promise<CalendarSubscriptionRow | undefined> {
    return this.db
      .selectFrom('calendar_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Makes the member's only subscription, replacing (revoking) any other in the same transaction.
   * `onlyIfNone`: keep an existing one instead and answer undefined (two first requests racing).
   */
  replace(
    row: { user_id: number; house_id: number; token_hash: string; hint: string; created_at: string },
    onlyIfNone: boolean,
  ): Promise<CalendarSubscriptionRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      if (onlyIfNone) {
        const existing = await trx
          .selectFrom('calendar_subscriptions')
          .select('subscription_id')
          .where('user_id', '=', row.user_id)
          .executeTakeFirst();
        if (existing) return undefined;
      } else {
        await trx.deleteFrom('calendar_subscriptions').where('user_id', '=', row.user_id).execute();
      }
      return trx.insertInto('calendar_subscriptions').values(row).returningAll().executeTakeFirstOrThrow();
    });
  }

  async deleteByUser(userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('calendar_subscriptions')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
