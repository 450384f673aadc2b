import { type Static, Type } from 'typebox';

/** Every 4xx/5xx answer of the API has this shape; `code` is stable, `message` is for people. */
export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      field: Type.Optional(Type.String()),
    }),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Machine codes the API answers with; the web app maps them to the texts it shows. */
export const ErrorCode = {
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  profileRequired: 'profile_required',
  houseRequired: 'house_required',
  usernameTaken: 'username_taken',
  alreadyInHouse: 'already_in_house',
  houseNotEmpty: 'house_not_empty',
  pushEndpointTaken: 'push_endpoint_taken',
  imageInvalid: 'image_invalid',
  imageTooLarge: 'image_too_large',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  badRequest: 'bad_request',
  rateLimited: 'rate_limited',
  insufficientScope: 'insufficient_scope',
  sessionRequired: 'session_required',
  unavailable: 'unavailable',
  databaseUnavailable: 'database_unavailable',
  internal: 'internal_error',
  noRecipeFound: 'no_recipe_found',
  pageUnreachable: 'page_unreachable',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Integer ids in paths (an event's id also ends its URL in the feed). */
export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** Images travel as data-URL strings; the server checks the bytes. */
export const ImageDataUrl = Type.String({ maxLength: 3_000_000, pattern: '^data:' });

/** Images are PNG, JPEG, WebP or GIF, at most 2 MB decoded. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** An IANA time zone name sent by the browser, e.g. Europe/Berlin. */
export const TimeZoneName = Type.String({ minLength: 1, maxLength: 64 });

export const Ok = Type.Object({ ok: Type.Literal(true) });
export type Ok = Static<typeof Ok>;
