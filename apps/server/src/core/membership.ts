import type { Db } from '../db/create-db.js';
import type { UserRow } from '../db/tables.js';
import { type AppError, houseRequired, notFound, profileRequired, validationError } from '../lib/errors.js';
import type { Identity } from './identity.js';

export interface HouseMember {
  user: UserRow;
  houseId: number;
}

/**
 * Who the caller is in Hearth and which house they belong to: the check every service makes first.
 * A house's data is reachable by its members only; anyone else is told it does not exist.
 */
export class Membership {
  constructor(private readonly db: Db) {}

  /** The caller's profile, or 403 profile_required: every house feature needs one. */
  async profile(identity: Identity): Promise<UserRow> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('issuer', '=', identity.issuer)
      .where('subject', '=', identity.subject)
      .executeTakeFirst();
    if (!row) throw profileRequired();
    return row;
  }

  /** The caller's profile and house; `noHouse` makes the error for a caller without one. */
  async house(identity: Identity, noHouse: () => AppError = () => houseRequired()): Promise<HouseMember> {
    const user = await this.profile(identity);
    if (user.house_id === null) throw noHouse();
    return { user, houseId: user.house_id };
  }

  /** The caller, who must live in `houseId`: otherwise a 404 that does not say whether the house exists. */
  async ofHouse(identity: Identity, houseId: number): Promise<HouseMember> {
    const user = await this.profile(identity);
    if (user.house_id !== houseId) throw notFound('House');
    return { user, houseId };
  }

  /**
   * Checks that every id names a member of the house (a pool, a payer, a split): a 400 naming `field`
   * otherwise, so nobody can assign work or money to a stranger.
   */
  async requireMembers(houseId: number, userIds: readonly number[], field: string): Promise<void> {
    const wanted = [...new Set(userIds)];
    if (wanted.length === 0) return;
    const found = await this.db
      .selectFrom('users')
      .select('user_id')
      .where('house_id', '=', houseId)
      .where('user_id', 'in', wanted)
      .execute();
    if (found.length !== wanted.length) {
      throw validationError(field, `${field} must name members of your house.`);
    }
  }

  /** The house's members' ids, oldest member first. */
  async memberIds(houseId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('user_id')
      .where('house_id', '=', houseId)
      .orderBy('user_id')
      .execute();
    return rows.map((r) => r.user_id);
  }
}
