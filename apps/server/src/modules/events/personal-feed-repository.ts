import type { Db } from '../../db/create-db.js';

/** Who a personal feed link belongs to, with what proves their membership of a house now. */
export interface LinkOwner {
  user_id: number;
  issuer: string;
  subject: string;
  house_id: number | null;
}

/** Each member's one personal feed link, kept as a hash of its secret. */
export class PersonalFeedRepository {
  constructor(private readonly db: Db) {}

  /** Makes the member's link, replacing (revoking) any earlier one in the same transaction. */
  replace(row: { user_id: number; token_hash: string; hint: string; created_at: string }): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('personal_feed_links').where('user_id', '=', row.user_id).execute();
      await trx.insertInto('personal_feed_links').values(row).execute();
    });
  }

  async deleteByUser(userId: number): Promise<void> {
    await this.db.deleteFrom('personal_feed_links').where('user_id', '=', userId).execute();
  }

  ownerOf(tokenHash: string): Promise<LinkOwner | undefined> {
    return this.db
      .selectFrom('personal_feed_links as l')
      .innerJoin('users as u', 'u.user_id', 'l.user_id')
      .select(['u.user_id', 'u.issuer', 'u.subject', 'u.house_id'])
      .where('l.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }
}
