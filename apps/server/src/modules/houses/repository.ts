import type { Db } from '../../db/create-db.js';
import type { HouseRow } from '../../db/tables.js';

export class HousesRepository {
  constructor(private readonly db: Db) {}

  findById(houseId: number): Promise<HouseRow | undefined> {
    return this.db.selectFrom('houses').selectAll().where('house_id', '=', houseId).executeTakeFirst();
  }

  findByCode(code: string): Promise<HouseRow | undefined> {
    return this.db.selectFrom('houses').selectAll().where('house_code', '=', code).executeTakeFirst();
  }

  /** Creates the house and moves its creator in, together or not at all. */
  createWithMember(
    house: { house_name: string; house_img: string | null; house_code: string; created_by: number },
    userId: number,
  ): Promise<HouseRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('houses')
        .values({ ...house, created_at: new Date().toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ house_id: row.house_id }).where('user_id', '=', userId).execute();
      return row;
    });
  }

  /** Moves a user into a house only if they are in none (the check and the move are one statement). */
  async addMember(houseId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ house_id: houseId })
      .where('user_id', '=', userId)
      .where('house_id', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  setCode(houseId: number, code: string): Promise<HouseRow> {
    return this.db
      .updateTable('houses')
      .set({ house_code: code })
      .where('house_id', '=', houseId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
