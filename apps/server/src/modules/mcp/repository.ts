import type { Db } from '../../db/create-db.js';

export interface HouseFacts {
  houseId: number;
  timeZone: string;
  /** Everyone in the house, by user id. */
  names: Map<number, { first_name: string; last_name: string; username: string }>;
}

/** What answers need beside the services' own: the house's zone and its members' names. */
export class McpRepository {
  constructor(private readonly db: Db) {}

  async house(houseId: number): Promise<HouseFacts> {
    const [house, members] = await Promise.all([
      this.db.selectFrom('houses').select('time_zone').where('house_id', '=', houseId).executeTakeFirst(),
      this.db
        .selectFrom('users')
        .select(['user_id', 'first_name', 'last_name', 'username'])
        .where('house_id', '=', houseId)
        .execute(),
    ]);
    return {
      houseId,
      timeZone: house?.time_zone ?? 'UTC',
      names: new Map(members.map((m) => [m.user_id, m])),
    };
  }
}
