import { ErrorCode } from '@hearth/contract';
import { isApiError } from '../../lib/api-client';

export const WRONG_CODE_MESSAGE = 'No house has that code. Check it and try again.';
export const ALREADY_IN_HOUSE_MESSAGE = 'You already belong to a house.';

/**
 * Join and create failures are logged; for the ones a person can fix we also say what to do.
 * Returns null for the rest (they stay logged only).
 */
export function houseFailureMessage(err: unknown): { field?: string; message: string } | null {
  if (!isApiError(err)) return null;
  if (err.code === ErrorCode.alreadyInHouse || err.status === 409)
    return { message: ALREADY_IN_HOUSE_MESSAGE };
  if (err.status === 404) return { field: 'code', message: WRONG_CODE_MESSAGE };
  if (err.field && err.serverMessage) return { field: err.field, message: err.serverMessage };
  return null;
}
