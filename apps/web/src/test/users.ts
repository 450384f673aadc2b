import type { User } from '@hearth/contract';

/** The signed-in person's profile in tests: Ada Lovelace (user 1), without a house unless overridden. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 1,
    username: 'ada',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    phone_num: null,
    profile_img: null,
    house_id: null,
    language: null,
    ...overrides,
  };
}

/** A housemate in tests: Sam Rivera (user 3) of house 1. */
export function testHousemate(overrides: Partial<User> = {}): User {
  return testUser({
    user_id: 3,
    username: 'sam',
    first_name: 'Sam',
    last_name: 'Rivera',
    email: 'sam@example.com',
    house_id: 1,
    ...overrides,
  });
}
