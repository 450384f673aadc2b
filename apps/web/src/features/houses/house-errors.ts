import { ErrorCode } from '@hearth/contract';
import { isApiError } from '../../lib/api-client';
import { t } from '../../lib/i18n';

/**
 * Join and create failures are logged; for the ones a person can fix we also say what to do.
 * Returns null for the rest (they stay logged only).
 */
export function houseFailureMessage(err: unknown): { field?: string; message: string } | null {
  if (!isApiError(err)) return null;
  if (err.code === ErrorCode.alreadyInHouse || err.status === 409)
    return { message: t('houses:errors.alreadyInHouse') };
  if (err.status === 404) return { field: 'code', message: t('houses:errors.wrongCode') };
  if (err.field && err.serverMessage) return { field: err.field, message: err.serverMessage };
  return null;
}
