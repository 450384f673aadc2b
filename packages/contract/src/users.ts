import { type Static, Type } from 'typebox';
import { ImageDataUrl } from './common.js';

export const UserExists = Type.Object({ exists: Type.Boolean() });
export type UserExists = Static<typeof UserExists>;

export const USERNAME_PATTERN = '^[A-Za-z0-9._-]+$';

/** Longest profile fields, after trimming; the profile form uses the same limits. */
export const USERNAME_MAX = 32;
export const PERSON_NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 32;

/** The languages Hearth is written in; a profile's `language` is one of them, or null to follow the browser. */
export const PROFILE_LANGUAGES = ['en', 'de'] as const;
export const ProfileLanguage = Type.Union([Type.Literal('en'), Type.Literal('de'), Type.Null()]);
export type ProfileLanguage = Static<typeof ProfileLanguage>;

export const User = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone_num: Type.Union([Type.String(), Type.Null()]),
  profile_img: Type.Union([Type.String(), Type.Null()]),
  house_id: Type.Union([Type.Integer(), Type.Null()]),
  language: ProfileLanguage,
});
export type User = Static<typeof User>;

/** POST /api/users/ creates the caller's profile, or updates it; never the house. */
export const UserInput = Type.Object({
  username: Type.String({ minLength: 1, maxLength: USERNAME_MAX }),
  first_name: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX }),
  last_name: Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX }),
  email: Type.String({ minLength: 3, maxLength: EMAIL_MAX }),
  phone_num: Type.Optional(Type.Union([Type.String({ maxLength: PHONE_MAX }), Type.Null()])),
  profile_img: Type.Optional(Type.Union([ImageDataUrl, Type.Null()])),
  /** Left out: unchanged (null for a new profile). */
  language: Type.Optional(ProfileLanguage),
});
export type UserInput = Static<typeof UserInput>;
