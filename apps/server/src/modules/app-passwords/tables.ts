import type { Generated, Selectable } from 'kysely';

/** A calendar app's credential: only the SHA-256 of the (high-entropy, random) password is stored. */
export interface AppPasswordsTable {
  app_password_id: Generated<number>;
  user_id: number;
  label: string;
  /** Hex SHA-256 of the password; a password has >= 128 random bits, so no slow hash is needed. */
  password_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export type AppPasswordRow = Selectable<AppPasswordsTable>;

/** The tables this module adds to the shared Database type. */
export interface AppPasswordsTables {
  app_passwords: AppPasswordsTable;
}

declare module '../../db/tables.js' {
  interface Database extends AppPasswordsTables {}
}
