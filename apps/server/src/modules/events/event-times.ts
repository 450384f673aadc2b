import { EventMessages } from '@hearth/contract';
import { DateTime } from 'luxon';
import { validationError } from '../../lib/errors.js';
import { ISO_INSTANT } from '../../lib/iso-instant.js';
import { isTimeZoneName } from '../../lib/time-zone.js';

/** What an event's times are once checked and normalised, as stored. */
export interface EventTimes {
  start_datetime: string;
  end_datetime: string;
  all_day: boolean;
  /** All-day only: the first and the last day (inclusive), YYYY-MM-DD. */
  start_date: string | null;
  end_date: string | null;
  time_zone: string;
}

export interface EventTimesInput {
  start: string | null | undefined;
  end: string | null | undefined;
  allDay: boolean;
  /** IANA zone the user picked the times in; UTC when absent. */
  timeZone: string | null | undefined;
}

function parseInstant(value: string | null | undefined, field: string): DateTime {
  const parsed =
    typeof value === 'string' && ISO_INSTANT.test(value.trim())
      ? DateTime.fromISO(value.trim(), { zone: 'utc' })
      : null;
  if (!parsed?.isValid || parsed.year < 1 || parsed.year > 9999) {
    throw validationError(field, EventMessages.invalidTimes);
  }
  return parsed;
}

const utcIso = (dt: DateTime) => dt.toUTC().toISO() as string;

export function checkTimeZone(timeZone: string | null | undefined): string {
  if (timeZone == null || timeZone.trim() === '') return 'UTC';
  const zone = timeZone.trim();
  if (!isTimeZoneName(zone)) {
    throw validationError('time_zone', 'time_zone must be an IANA time zone name, e.g. Europe/Berlin.');
  }
  return zone;
}

/**
 * Checks an event's start and end (both valid instants, the end not earlier than the start) and
 * normalises them.
 *
 * All-day events keep the calendar days the user saw, whatever the server's or a housemate's zone: the
 * days are read in the user's zone. The end day is inclusive (the dialog sends 23:59 of the last day);
 * an end at exactly 00:00 after the start is read as an exclusive end, as calendar apps send it.
 * Stored instants become 00:00 of the first day and 23:59 of the last day in that zone.
 */
export function resolveEventTimes(input: EventTimesInput): EventTimes {
  const timeZone = checkTimeZone(input.timeZone);
  const start = parseInstant(input.start, 'start_datetime');
  const end = parseInstant(input.end, 'end_datetime');
  if (end.toMillis() < start.toMillis()) throw validationError('end_datetime', EventMessages.endBeforeStart);

  if (!input.allDay) {
    return {
      start_datetime: utcIso(start),
      end_datetime: utcIso(end),
      all_day: false,
      start_date: null,
      end_date: null,
      time_zone: timeZone,
    };
  }

  const localStart = start.setZone(timeZone);
  const localEnd = end.setZone(timeZone);
  const endsAtMidnight = localEnd.equals(localEnd.startOf('day'));
  const lastDay =
    endsAtMidnight && end.toMillis() > start.toMillis() ? localEnd.minus({ days: 1 }) : localEnd;
  const startDate = localStart.toISODate() as string;
  const endDate = lastDay.toISODate() as string;
  return {
    start_datetime: utcIso(DateTime.fromISO(startDate, { zone: timeZone }).startOf('day')),
    end_datetime: utcIso(DateTime.fromISO(endDate, { zone: timeZone }).set({ hour: 23, minute: 59 })),
    all_day: true,
    start_date: startDate,
    end_date: endDate,
    time_zone: timeZone,
  };
}

/** The day after a YYYY-MM-DD date: iCalendar's exclusive DTEND of an all-day event. */
export function nextDay(date: string): string {
  return DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;
}
