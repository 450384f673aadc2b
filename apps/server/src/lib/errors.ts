import { ErrorCode } from '@hearth/contract';

/** An error the API answers with as it is: a status, a stable code, a message for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Sent as Retry-After: when a repeat of the request is worth trying. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (field: string, message: string) =>
  new AppError(400, ErrorCode.validation, message, field);

export const notFound = (what: string) => new AppError(404, ErrorCode.notFound, `${what} was not found.`);

export const unauthorized = (message = 'A valid bearer token is required.') =>
  new AppError(401, ErrorCode.unauthorized, message);

export const conflict = (code: string, message: string, field?: string) =>
  new AppError(409, code, message, field);

export const profileRequired = () =>
  new AppError(403, ErrorCode.profileRequired, 'Set up your profile first.');

export const houseRequired = (message = 'You need to join a house first.') =>
  new AppError(403, ErrorCode.houseRequired, message);

/** A personal API token that may not do this (a read token writing): 403 insufficient_scope. */
export const insufficientScope = () =>
  new AppError(
    403,
    ErrorCode.insufficientScope,
    'This API token may only read (GET); it was made with the read scope.',
  );

/** Managing credentials or deleting the account needs a signed-in session, never an API token. */
export const sessionRequired = () =>
  new AppError(403, ErrorCode.sessionRequired, 'This needs a signed-in session; an API token cannot do it.');
