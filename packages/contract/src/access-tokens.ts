import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

/** A label says what uses the token ("Home Assistant"). */
export const ACCESS_TOKEN_LABEL_MAX = 80;
/** How many personal API tokens one person may hold at once. */
export const ACCESS_TOKENS_MAX = 50;
/** What every personal API token starts with, so it can be told from a sign-in token (and found by scanners). */
export const ACCESS_TOKEN_PREFIX = 'hearth_pat_';
// Named one by one so the schema below names plain constants: an element read (`DAYS[0]`) inside it would
// keep the schema, and TypeBox with it, in the web app's bundle.
const MONTH = 30;
const QUARTER = 90;
const YEAR = 365;
/** The lifetimes a token may be given, in days; null is "never expires". */
export const ACCESS_TOKEN_EXPIRY_DAYS = [MONTH, QUARTER, YEAR] as const;

/** read: GET and HEAD only; read_write: everything the person may do, except managing credentials. */
export const AccessTokenScope = Type.Union([Type.Literal('read'), Type.Literal('read_write')]);
export type AccessTokenScope = Static<typeof AccessTokenScope>;

/** A token as listed: the secret itself is never shown again after it is made. */
export const AccessToken = Type.Object({
  access_token_id: Type.Integer(),
  label: Type.String(),
  scope: AccessTokenScope,
  /** UTC ISO-8601. */
  created_at: Type.String(),
  /** UTC ISO-8601; null when it never expires. */
  expires_at: Type.Union([Type.String(), Type.Null()]),
  /** When it was last used (UTC ISO-8601, to the minute), null when never. */
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type AccessToken = Static<typeof AccessToken>;

/** The answer to POST /api/access-token/: the only time the token appears. */
export const NewAccessToken = Type.Object({
  access_token_id: Type.Integer(),
  label: Type.String(),
  scope: AccessTokenScope,
  token: Type.String(),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type NewAccessToken = Static<typeof NewAccessToken>;

/** POST /api/access-token/. */
export const AccessTokenInput = Type.Object({
  label: Type.String({ maxLength: ACCESS_TOKEN_LABEL_MAX }),
  scope: AccessTokenScope,
  expires_in_days: Type.Union([Type.Literal(MONTH), Type.Literal(QUARTER), Type.Literal(YEAR), Type.Null()]),
});
export type AccessTokenInput = Static<typeof AccessTokenInput>;

/** GET /api/access-token/: the caller's, newest first. */
export const AccessTokenList = Type.Array(AccessToken);
export type AccessTokenList = Static<typeof AccessTokenList>;

export const AccessTokenIdParams = Type.Object({ access_token_id: IdParam });
export type AccessTokenIdParams = Static<typeof AccessTokenIdParams>;
