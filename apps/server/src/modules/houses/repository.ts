import { randomUUID } from 'node:crypto';
import { FORMER_MEMBER } from '@hearth/contract';
import type { DatabaseEngine } from '../../config.js';
import type { Db } from '../../db/create-db.js';
import type { HouseRow, UserRow } from '../../db/tables.js';

/** A member as the members list reads them, with any removal waiting for confirmation. */
export interface MemberRow {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  profile_img: string | null;
  joined_at: string | null;
  created_at: string;
  removal_requested_by: number | null;
}

/** What changing a house may set. */
export interface HouseChanges {
  house_name?: string;
  house_img?: string | null;
  time_zone?: string;
}

/** A person of an imported document who is not a member here: kept so their records keep a name. */
export interface PlaceholderPerson {
  username: string;
  first_name: string;
  last_name: string;
  profile_img: string | null;
  former: boolean;
}

/** Identities no token can carry: rows made for deleted accounts and imported people. */
const DELETED_ISSUER = 'hearth:deleted';
const IMPORTED_ISSUER = 'hearth:imported';

export class HousesRepository {
  constructor(
    private readonly db: Db,
    private readonly engine: DatabaseEngine,
  ) {}

  findById(houseId: number, db: Db = this.db): Promise<HouseRow | undefined> {
    return db.selectFrom('houses').selectAll().where('house_id', '=', houseId).executeTakeFirst();
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
      const now = new Date().toISOString();
      const row = await trx
        .insertInto('houses')
        .values({ ...house, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ house_id: row.house_id, joined_at: now })
        .where('user_id', '=', userId)
        .execute();
      return row;
    });
  }

  /** Moves a user into a house only if they are in none (the check and the move are one statement). */
  async addMember(houseId: number, userId: number, joinedAt: string, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ house_id: houseId, joined_at: joinedAt })
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

  update(houseId: number, changes: HouseChanges): Promise<HouseRow> {
    return this.db
      .updateTable('houses')
      .set(changes)
      .where('house_id', '=', houseId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The members, oldest first, each with who asked to remove them (if anyone did). One query. */
  members(houseId: number, db: Db = this.db): Promise<MemberRow[]> {
    return db
      .selectFrom('users as u')
      .leftJoin('member_removals as r', (join) =>
        join.onRef('r.user_id', '=', 'u.user_id').on('r.house_id', '=', houseId),
      )
      .select([
        'u.user_id',
        'u.username',
        'u.first_name',
        'u.last_name',
        'u.profile_img',
        'u.joined_at',
        'u.created_at',
        'r.requested_by as removal_requested_by',
      ])
      .where('u.house_id', '=', houseId)
      .orderBy('u.joined_at')
      .orderBy('u.user_id')
      .execute();
  }

  /**
   * Runs `work` in a transaction that holds the house: on PostgreSQL its row is locked first, so two
   * members leaving at once cannot both believe the other stays (SQLite runs one writer at a time).
   */
  withHouseLocked<T>(houseId: number, work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (this.engine === 'postgres') {
        await trx
          .selectFrom('houses')
          .select('house_id')
          .where('house_id', '=', houseId)
          .forUpdate()
          .execute();
      }
      return work(trx);
    });
  }

  /**
   * Takes a member out of the house: their subscription link to its calendar stops, removal requests
   * about or by them go; what they made stays with the house. When nobody is left the house is deleted
   * with all its data. Answers whether the house was deleted.
   */
  async depart(trx: Db, houseId: number, userId: number): Promise<boolean> {
    await trx
      .updateTable('users')
      .set({ house_id: null, joined_at: null })
      .where('user_id', '=', userId)
      .where('house_id', '=', houseId)
      .execute();
    await trx
      .deleteFrom('calendar_subscriptions')
      .where('user_id', '=', userId)
      .where('house_id', '=', houseId)
      .execute();
    await trx
      .deleteFrom('member_removals')
      .where('house_id', '=', houseId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('requested_by', '=', userId)]))
      .execute();
    const left = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('house_id', '=', houseId)
      .executeTakeFirstOrThrow();
    if (Number(left.n) > 0) return false;
    await trx.deleteFrom('houses').where('house_id', '=', houseId).execute();
    return true;
  }

  inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async cancelRemoval(houseId: number, userId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('member_removals')
      .where('house_id', '=', houseId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  pendingRemoval(trx: Db, houseId: number, userId: number) {
    return trx
      .selectFrom('member_removals')
      .selectAll()
      .where('house_id', '=', houseId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async requestRemoval(trx: Db, houseId: number, userId: number, requestedBy: number): Promise<void> {
    await trx
      .insertInto('member_removals')
      .values({
        house_id: houseId,
        user_id: userId,
        requested_by: requestedBy,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  /**
   * Deletes an account for good. The row stays as an anonymous "Former member" (no identity, contact
   * details or photo) so events, lists and tasks the person made keep a valid author; their personal
   * reminders, app passwords, API tokens and, on the built-in provider, their sign-in account with its sessions and grants go.
   */
  async eraseAccount(trx: Db, user: UserRow, builtInIssuer: string | null): Promise<void> {
    const now = new Date().toISOString();
    await trx.deleteFrom('reminders').where('owner_id', '=', user.user_id).execute();
    await trx.deleteFrom('calendar_subscriptions').where('user_id', '=', user.user_id).execute();
    await trx.deleteFrom('app_passwords').where('user_id', '=', user.user_id).execute();
    await trx.deleteFrom('access_tokens').where('user_id', '=', user.user_id).execute();
    await trx
      .deleteFrom('member_removals')
      .where((eb) => eb.or([eb('user_id', '=', user.user_id), eb('requested_by', '=', user.user_id)]))
      .execute();
    await trx
      .updateTable('users')
      .set({
        issuer: DELETED_ISSUER,
        subject: randomUUID(),
        ...anonymous(`deleted#${user.user_id}`),
        house_id: null,
        joined_at: null,
        deleted_at: now,
        updated_at: now,
      })
      .where('user_id', '=', user.user_id)
      .execute();
    if (builtInIssuer !== null && user.issuer === builtInIssuer) {
      await this.eraseSignInAccount(trx, user.subject);
    }
  }

  /** The built-in provider's account, and every session, grant and token issued to it. */
  private async eraseSignInAccount(trx: Db, accountId: string): Promise<void> {
    const marker = `%"accountId":${JSON.stringify(accountId)}%`;
    const grants = await trx
      .selectFrom('idp_payloads')
      .select('id')
      .where('model', '=', 'Grant')
      .where('payload', 'like', marker)
      .execute();
    const grantIds = grants.map((g) => g.id);
    if (grantIds.length > 0) {
      await trx.deleteFrom('idp_payloads').where('grant_id', 'in', grantIds).execute();
      await trx.deleteFrom('idp_payloads').where('model', '=', 'Grant').where('id', 'in', grantIds).execute();
    }
    await trx.deleteFrom('idp_payloads').where('payload', 'like', marker).execute();
    await trx.deleteFrom('idp_accounts').where('account_id', '=', accountId).execute();
  }

  // ---- export and import ----

  /** People by id, for naming them in an export. */
  people(trx: Db, userIds: readonly number[]): Promise<UserRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return trx
      .selectFrom('users')
      .selectAll()
      .where('user_id', 'in', [...userIds])
      .execute();
  }

  /** A row that stands for someone of an imported document who does not live here. */
  async insertPlaceholder(trx: Db, person: PlaceholderPerson): Promise<number> {
    const now = new Date().toISOString();
    const key = `imported#${randomUUID()}`;
    const row = await trx
      .insertInto('users')
      .values(
        person.former
          ? {
              issuer: DELETED_ISSUER,
              subject: randomUUID(),
              ...anonymous(key),
              created_at: now,
              updated_at: now,
              deleted_at: now,
            }
          : {
              issuer: IMPORTED_ISSUER,
              subject: randomUUID(),
              username: person.username,
              username_key: key,
              first_name: person.first_name,
              last_name: person.last_name,
              email: '',
              phone_num: null,
              profile_img: person.profile_img,
              house_id: null,
              created_at: now,
              updated_at: now,
            },
      )
      .returning('user_id')
      .executeTakeFirstOrThrow();
    return row.user_id;
  }

  setHouseSettings(trx: Db, houseId: number, changes: HouseChanges): Promise<HouseRow> {
    return trx
      .updateTable('houses')
      .set(changes)
      .where('house_id', '=', houseId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

/** The profile fields of a row that names nobody. */
function anonymous(usernameKey: string) {
  return {
    username: FORMER_MEMBER,
    // '#' is never part of a chosen username, so this key cannot clash with a real one.
    username_key: usernameKey,
    first_name: 'Former',
    last_name: 'member',
    email: '',
    phone_num: null,
    profile_img: null,
    house_id: null,
  };
}
