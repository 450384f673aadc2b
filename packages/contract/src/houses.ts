import { type Static, Type } from 'typebox';
import { IdParam, ImageDataUrl } from './common.js';

export const House = Type.Object({
  house_id: Type.Integer(),
  house_name: Type.String(),
  house_img: Type.Union([Type.String(), Type.Null()]),
  /** Only members ever read a house, so the invite code always comes with it. */
  house_code: Type.String(),
  /** The house's IANA time zone; UTC until a member sets it. */
  time_zone: Type.String(),
});
export type House = Static<typeof House>;

export const HouseInput = Type.Object({
  house_name: Type.String({ minLength: 1, maxLength: 80 }),
  house_img: Type.Optional(Type.Union([ImageDataUrl, Type.Null()])),
});
export type HouseInput = Static<typeof HouseInput>;

export const HouseIdParams = Type.Object({ house_id: IdParam });
export const HouseCodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

/** Codes use an alphabet without look-alikes (no 0/O, 1/I/L). */
export const HOUSE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const HOUSE_CODE_LENGTH = 10;
