import { DateTime } from 'luxon';
import { validationError } from './errors.js';

/**
 * An ISO-8601 date and time WITH its offset (or Z): an instant. A bare local time would mean a different
 * moment on every server, so it is refused.
 */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * A stored or sent instant checked as one: ISO-8601 with its offset, a real date and time within years
 * 1 to 9999, answered as UTC ISO; a 400 naming `field` otherwise.
 */
export function parseInstant(value: string, field: string): string {
  const text = value.trim();
  const parsed = ISO_INSTANT.test(text) ? DateTime.fromISO(text, { setZone: true }) : null;
  if (!parsed?.isValid || parsed.toUTC().year < 1 || parsed.toUTC().year > 9999) {
    throw validationError(
      field,
      `${field} must be an ISO-8601 date and time with an offset, e.g. 2026-11-22T18:00:00Z.`,
    );
  }
  return parsed.toUTC().toISO() as string;
}
