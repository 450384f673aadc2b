import type { ProfileLanguage, RepeatInterval, User, UserExport, UserInput } from '@hearth/contract';
import {
  EMAIL_MAX,
  ErrorCode,
  PERSON_NAME_MAX,
  PHONE_MAX,
  PROFILE_LANGUAGES,
  REPEAT_INTERVALS,
  USER_EXPORT_FORMAT,
  USER_EXPORT_VERSION,
  USERNAME_MAX,
  USERNAME_PATTERN,
} from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { UserRow } from '../../db/tables.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { conflict, notFound, validationError } from '../../lib/errors.js';
import { checkImage } from '../../lib/images.js';
import { optionalText, requiredText } from '../../lib/text.js';
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
    language: languageOf(row.language),
  };
}

/** A stored language the app still speaks, else null (follow the browser). */
export function languageOf(value: string | null): ProfileLanguage {
  return (PROFILE_LANGUAGES as readonly string[]).includes(value ?? '') ? (value as ProfileLanguage) : null;
}

function repeatOf(value: string | null): RepeatInterval | null {
  return (REPEAT_INTERVALS as readonly string[]).includes(value ?? '') ? (value as RepeatInterval) : null;
}

export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  exists(identity: Identity): Promise<boolean> {
    return this.users.existsByIdentity(identity.issuer, identity.subject);
  }

  async me(identity: Identity): Promise<User> {
    const row = await this.users.findByIdentity(identity.issuer, identity.subject);
    if (!row) throw notFound('Profile');
    return toUser(row);
  }

  /** The caller's own data: their profile and personal reminders, nothing of the house. */
  async export(identity: Identity): Promise<UserExport> {
    const row = await this.users.findByIdentity(identity.issuer, identity.subject);
    if (!row) throw notFound('Profile');
    const reminders = await this.users.reminders(row.user_id);
    return {
      format: USER_EXPORT_FORMAT,
      version: USER_EXPORT_VERSION,
      exported_at: new Date().toISOString(),
      profile: toUser(row),
      reminders: reminders.map((r) => ({ ...r, repeat_interval: repeatOf(r.repeat_interval) })),
    };
  }

  /** Creates the caller's profile, or updates it; never touches the house. */
  async save(identity: Identity, input: UserInput): Promise<User> {
    const username = requiredText(input.username, 'username', USERNAME_MAX);
    if (!USERNAME.test(username)) {
      throw validationError(
        'username',
        'username may use letters, digits, dots, dashes and underscores only.',
      );
    }
    const email = requiredText(input.email, 'email', EMAIL_MAX);
    if (!EMAIL.test(email)) throw validationError('email', 'email must be an email address.');
    const phone = optionalText(input.phone_num, 'phone_num', PHONE_MAX);
    if (phone !== null && !PHONE.test(phone)) {
      throw validationError('phone_num', 'phone_num must be a phone number, e.g. 1-555-123-4567.');
    }
    const fields = {
      username,
      username_key: username.toLowerCase(),
      first_name: requiredText(input.first_name, 'first_name', PERSON_NAME_MAX),
      last_name: requiredText(input.last_name, 'last_name', PERSON_NAME_MAX),
      email,
      phone_num: phone,
      profile_img: await checkImage(input.profile_img, 'profile_img'),
      // Left out, it stays as it is (older clients send no language).
      ...(input.language !== undefined && { language: input.language }),
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
