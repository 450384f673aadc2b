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
    ...overrides,
  };
}
