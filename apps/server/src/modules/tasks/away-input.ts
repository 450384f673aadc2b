import type { AwayInput } from '@hearth/contract';
import { AWAY_MAX_DAYS } from '@hearth/contract';
import { DateTime } from 'luxon';
import { validationError } from '../../lib/errors.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDate(value: string, field: string): DateTime {
  const text = value.trim();
  const date = ISO_DATE.test(text) ? DateTime.fromISO(text, { zone: 'UTC' }) : null;
  if (!date?.isValid) throw validationError(field, `${field} must be a date as YYYY-MM-DD, e.g. 2026-12-24.`);
  return date;
}

/** Both dates of an away period, checked: in order, and at most AWAY_MAX_DAYS days long. */
export function parseAwayDates(input: AwayInput): { startsOn: string; endsOn: string } {
  const starts = parseDate(input.starts_on, 'starts_on');
  const ends = parseDate(input.ends_on, 'ends_on');
  if (ends < starts) throw validationError('ends_on', 'ends_on must not be before starts_on.');
  if (ends.diff(starts, 'days').days + 1 > AWAY_MAX_DAYS) {
    throw validationError('ends_on', `An away period may last at most ${AWAY_MAX_DAYS} days.`);
  }
  return { startsOn: starts.toISODate()!, endsOn: ends.toISODate()! };
}
