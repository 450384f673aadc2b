import { type Static, Type } from 'typebox';
import { IdParam } from './common.js';

/** A label says which device holds the password ("Alice's iPhone"). */
export const APP_PASSWORD_LABEL_MAX = 80;
/** How many app passwords one person may hold at once. */
export const APP_PASSWORDS_MAX = 50;

/** An app password as listed: the secret itself is never shown again after it is made. */
export const AppPassword = Type.Object({
  app_password_id: Type.Integer(),
  label: Type.String(),
  /** UTC ISO-8601. */
  created_at: Type.String(),
  /** When a calendar app last signed in with it (UTC ISO-8601), null when never. */
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type AppPassword = Static<typeof AppPassword>;

/** The answer to POST /api/app-password/: the only time the password appears. */
export const NewAppPassword = Type.Object({
  app_password_id: Type.Integer(),
  label: Type.String(),
  password: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export type NewAppPassword = Static<typeof NewAppPassword>;

/** POST /api/app-password/. */
export const AppPasswordInput = Type.Object({
  label: Type.String({ maxLength: APP_PASSWORD_LABEL_MAX }),
});
export type AppPasswordInput = Static<typeof AppPasswordInput>;

/** GET /api/app-password/: the caller's, newest first. */
export const AppPasswordList = Type.Array(AppPassword);
export type AppPasswordList = Static<typeof AppPasswordList>;

export const AppPasswordIdParams = Type.Object({ app_password_id: IdParam });
export type AppPasswordIdParams = Static<typeof AppPasswordIdParams>;
