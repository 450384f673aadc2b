import type { Db } from '../db/create-db.js';
import type { HouseRow, NewUserRow, UserRow } from '../db/tables.js';
import { newHouseCode } from '../modules/houses/house-code.js';

let sequence = 0;

/** A subject no other fixture in this process uses. */
export function uniqueSubject(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Rows inserted straight into the database, for tests that are not about how they are made over HTTP:
 * much faster than signing up through the API, and free of its rules (any name, any house).
 */
export class Factories {
  constructor(
    private readonly db: Db,
    /** The issuer the test app trusts, so the rows belong to people who can call the API. */
    private readonly issuer: string,
  ) {}

  /** A person with a profile and no house; `subject` is who the API client signs as. */
  async user(overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
    const subject = overrides.subject ?? uniqueSubject();
    const username = overrides.username ?? subject.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 32);
    const now = new Date().toISOString();
    return this.db
      .insertInto('users')
      .values({
        issuer: this.issuer,
        subject,
        username,
        username_key: username.toLowerCase(),
        first_name: 'Sam',
        last_name: 'Rivera',
        email: `${username}@example.test`,
        phone_num: null,
        profile_img: null,
        house_id: null,
        created_at: now,
        updated_at: now,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A house created by `creator`, who lives in it from then on. */
  async house(creator: UserRow, name?: string): Promise<HouseRow> {
    const house = await this.insertHouse(creator, name);
    await this.moveInto(house, creator);
    return house;
  }

  /** Moves a person into a house (whatever house they were in). */
  moveInto(house: HouseRow, user: UserRow): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ house_id: house.house_id })
      .where('user_id', '=', user.user_id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A house of `size` people, oldest member first; the first made it. */
  async household(size = 2, name?: string): Promise<{ house: HouseRow; members: UserRow[] }> {
    const creator = await this.user();
    const house = await this.insertHouse(creator, name);
    const members: UserRow[] = [];
    for (let i = 0; i < size; i++)
      members.push(await this.moveInto(house, i === 0 ? creator : await this.user()));
    return { house, members };
  }

  private insertHouse(creator: UserRow, name = `${creator.username}'s house`): Promise<HouseRow> {
    return this.db
      .insertInto('houses')
      .values({
        house_name: name,
        house_img: null,
        house_code: newHouseCode(),
        created_by: creator.user_id,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
