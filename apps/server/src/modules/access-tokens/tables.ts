import type { AccessTokenScope } from '@hearth/contract';
import type { Generated, Selectable } from 'kysely';

/** A personal API token: only the SHA-256 of the (high-entropy, random) token is stored. */
export interface AccessTokensTable {
  access_token_id: Generated<number>;
  user_id: number;
  label: string;
  scope: AccessTokenScope;
  /** Hex SHA-256 of the token (lib/credentials.ts). */
  token_hash: string;
  created_at: string;
  /** UTC ISO-8601; null: never. */
  expires_at: string | null;
  last_used_at: string | null;
}

export type AccessTokenRow = Selectable<AccessTokensTable>;

/** The tables this module adds to the shared Database type. */
export interface AccessTokensTables {
  access_tokens: AccessTokensTable;
}

declare module '../../db/tables.js' {
  interface Database extends AccessTokensTables {}
}
