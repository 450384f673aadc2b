import {
  APP_PASSWORD_LABEL_MAX,
  APP_PASSWORDS_MAX,
  type AppPassword,
  type AppPasswordInput,
  type NewAppPassword,
} from '@hearth/contract';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { conflict, notFound } from '../../lib/errors.js';
import { requiredText } from '../../lib/text.js';
import type { AppPasswordsRepository } from './repository.js';
import { appPasswordHash, newAppPassword } from './secret.js';
import type { AppPasswordRow } from './tables.js';

function toAppPassword(row: AppPasswordRow): AppPassword {
  return {
    app_password_id: row.app_password_id,
    label: row.label,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

/** A person's app passwords: made, listed and removed by that person alone. */
export class AppPasswordsService {
  constructor(
    private readonly passwords: AppPasswordsRepository,
    private readonly membership: Membership,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(identity: Identity): Promise<AppPassword[]> {
    const user = await this.membership.profile(identity);
    const rows = await this.passwords.listByUser(user.user_id);
    return rows.map(toAppPassword);
  }

  /** Makes a password; the answer is the only place it is ever shown. */
  async create(identity: Identity, input: AppPasswordInput): Promise<NewAppPassword> {
    const user = await this.membership.profile(identity);
    const label = requiredText(input.label, 'label', APP_PASSWORD_LABEL_MAX);
    if ((await this.passwords.countByUser(user.user_id)) >= APP_PASSWORDS_MAX) {
      throw conflict(
        'too_many_app_passwords',
        `You can have at most ${APP_PASSWORDS_MAX} app passwords; remove one you no longer use.`,
      );
    }
    const password = newAppPassword();
    const row = await this.passwords.insert(
      user.user_id,
      label,
      appPasswordHash(password),
      this.clock().toISOString(),
    );
    return { ...toAppPassword(row), password };
  }

  /** Another person's password is a 404, as if it did not exist. */
  async remove(identity: Identity, appPasswordId: number): Promise<void> {
    const user = await this.membership.profile(identity);
    if (!(await this.passwords.delete(user.user_id, appPasswordId))) throw notFound('App password');
  }

  /**
   * The person a calendar app signs in as: the user name (any case) and one of that person's app
   * passwords; null when they do not match. Notes when the password was used.
   */
  async authenticate(username: string, password: string): Promise<UserRow | null> {
    const key = username.trim().toLowerCase();
    if (key === '' || password === '') return null;
    const found = await this.passwords.findUser(key, appPasswordHash(password));
    if (!found) return null;
    await this.passwords.touch(found.password, this.clock());
    return found.user;
  }
}
