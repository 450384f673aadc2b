import type { User, UserInput } from '@hearth/contract';
import { ErrorCode, USERNAME_PATTERN } from '@hearth/contract';
import type { UserRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { type AppError, conflict, notFound, profileRequired, validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { optionalText, requiredText } from '../../lib/text.js';
import type { Identity } from '../../plugins/auth.js';
import type { UsersRepository } from './repository.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = new RegExp(USERNAME_PATTERN);
const PHONE = /^[+()\d\s.-]{3,32}$/;

export function toUser(row: UserRow): User {
  return {
    user_id: row.user_id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_num: row.phone_num,
    profile_img: row.profile_img,
    house_id: row.house_id,
  };
}

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  exists(identity: Identity): Promise<boolean> {
    return this.users.existsByIdentity(identity.issuer, identity.subject);
  }

  /** The caller's profile row, or 403 profile_required: every house feature needs one. */
  async requireCurrent(identity: Identity): Promise<UserRow> {
    const row = await this.users.findByIdentity(identity.issuer, identity.subject);
    if (!row) throw profileRequired();
    return row;
  }

  /** The caller's row and house id; `noHouse` makes the error for a caller without a house. */
  async requireHouse(
    identity: Identity,
    noHouse: () => AppError,
  ): Promise<{ user: UserRow; houseId: number }> {
    const user = await this.requireCurrent(identity);
    if (user.house_id === null) throw noHouse();
    return { user, houseId: user.house_id };
  }

  async me(identity: Identity): Promise<User> {
    const row = await this.users.findByIdentity(identity.issuer, identity.subject);
    if (!row) throw notFound('Profile');
    return toUser(row);
  }

  /** Creates the caller's profile, or updates it; never touches the house. */
  async save(identity: Identity, input: UserInput): Promise<User> {
    const username = requiredText(input.username, 'username', 32);
    if (!USERNAME.test(username)) {
      throw validationError(
        'username',
        'username may use letters, digits, dots, dashes and underscores only.',
      );
    }
    const email = requiredText(input.email, 'email', 254);
    if (!EMAIL.test(email)) throw validationError('email', 'email must be an email address.');
    const phone = optionalText(input.phone_num, 'phone_num', 32);
    if (phone !== null && !PHONE.test(phone)) {
      throw validationError('phone_num', 'phone_num must be a phone number, e.g. 1-555-123-4567.');
    }
    const fields = {
      username,
      username_key: username.toLowerCase(),
      first_name: requiredText(input.first_name, 'first_name', 80),
      last_name: requiredText(input.last_name, 'last_name', 80),
      email,
      phone_num: phone,
      profile_img: checkImage(input.profile_img, 'profile_img'),
      updated_at: new Date().toISOString(),
    };

    const existing = await this.users.findByIdentity(identity.issuer, identity.subject);
    if (await this.users.usernameTakenByOther(fields.username_key, existing?.user_id ?? null)) {
      throw conflict(ErrorCode.usernameTaken, 'That username is already taken.', 'username');
    }
    try {
      const row = existing
        ? await this.users.update(existing.user_id, fields)
        : await this.users.insert({
            ...fields,
            issuer: identity.issuer,
            subject: identity.subject,
            house_id: null,
            created_at: fields.updated_at,
          });
      return toUser(row);
    } catch (err) {
      // Two sign-ups racing for one name: the unique index decides.
      if (isUniqueViolation(err))
        throw conflict(ErrorCode.usernameTaken, 'That username is already taken.', 'username');
      throw err;
    }
  }
}
