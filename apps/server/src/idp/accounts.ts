import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { IdpAccountsTable } from '../db/tables.js';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.js';

export type AccountRow = Selectable<IdpAccountsTable>;

export interface NewAccount {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
}

/** The claims the built-in provider can tell about an account (scopes pick which ones are released). */
export type AccountClaimSet = {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
};

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists.');
    this.name = 'EmailTakenError';
  }
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** Accounts of the built-in provider (idp_accounts): email + scrypt password hash + names. */
export class AccountsRepository {
  constructor(private readonly db: Db) {}

  findById(accountId: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('idp_accounts')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('idp_accounts')
      .selectAll()
      .where('email', '=', emailKey(email))
      .executeTakeFirst();
  }

  /** Creates the account; throws EmailTakenError when the email (ignoring case) has one already. */
  async create(account: NewAccount): Promise<AccountRow> {
    const email = emailKey(account.email);
    if (await this.findByEmail(email)) throw new EmailTakenError();
    const row: AccountRow = {
      account_id: randomUUID(),
      email,
      password_hash: await hashPassword(account.password),
      given_name: account.givenName,
      family_name: account.familyName,
      created_at: new Date().toISOString(),
    };
    // The unique index settles a race between two sign-ups with one email.
    const inserted = await this.db
      .insertInto('idp_accounts')
      .values(row)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) throw new EmailTakenError();
    return row;
  }

  /** The account when the password is right; null otherwise (taking the same time either way). */
  async authenticate(email: string, password: string): Promise<AccountRow | null> {
    const account = await this.findByEmail(email);
    if (!account) return verifyAgainstNothing(password).then(() => null);
    return (await verifyPassword(password, account.password_hash)) ? account : null;
  }
}

export function claimsOf(account: AccountRow): AccountClaimSet {
  const given = account.given_name ?? '';
  const family = account.family_name ?? '';
  const name = [given, family].filter(Boolean).join(' ');
  return {
    sub: account.account_id,
    email: account.email,
    email_verified: false,
    ...(given ? { given_name: given } : {}),
    ...(family ? { family_name: family } : {}),
    ...(name ? { name } : {}),
  };
}
