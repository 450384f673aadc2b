import { firstDayOfWeek } from '@hearth/i18n';
import { DateTime, Settings } from 'luxon';
import { currentLocale, onLanguageChange } from './i18n';

/*
 * The app's dates in one place. The API speaks UTC ISO instants ('2026-01-15T17:30:00.000Z') and dates
 * ('2026-01-15'); forms show wall-clock time as a datetime-local value ('YYYY-MM-DDTHH:mm'). Conversions
 * turn empty or invalid values into '' (for inputs) or null (for the API), and take the zone explicitly
 * (the browser's by default) so the rules hold, and are tested, in any zone.
 */

// Luxon's own formatting (weekday and month names) speaks the app's language too.
Settings.defaultLocale = currentLocale();
onLanguageChange(() => {
  Settings.defaultLocale = currentLocale();
});

/** The first day of the week where the reader lives: 0 = Sunday ... 6 = Saturday (FullCalendar's numbering). */
export function weekStartsOn(locale: string = currentLocale()): number {
  return firstDayOfWeek(locale) % 7;
}

let zoneSeen: { zone: string; offset: number; at: number } | undefined;

/**
 * The browser's IANA time zone, sent with events and reminders so dates and repeats keep local time.
 * Asking Intl builds a formatter (a good part of a millisecond), and a page asks for every date it shows:
 * the answer is kept for a few seconds, and dropped at once when the clock's offset changes (the device
 * moved zones).
 */
export function browserTimeZone(): string {
  const now = Date.now();
  const offset = new Date(now).getTimezoneOffset();
  if (!zoneSeen || zoneSeen.offset !== offset || now - zoneSeen.at > 10_000) {
    zoneSeen = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', offset, at: now };
  }
  return zoneSeen.zone;
}

const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm";
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A UTC ISO instant as a datetime-local value in `zone`; '' when empty or invalid. */
export function isoToLocalInput(iso: string | null | undefined, zone: string = browserTimeZone()): string {
  if (!iso) return '';
  const dt = DateTime.fromISO(iso, { setZone: true });
  return dt.isValid ? dt.setZone(zone).toFormat(LOCAL_FORMAT) : '';
}

/**
 * A datetime-local value, read as wall-clock time in `zone`, as a UTC ISO instant; null when empty or
 * invalid. Like browsers (and Temporal's 'compatible'): a time the clocks skip moves forward by the gap,
 * and a time that happens twice (the fall-back hour) means the first of the two.
 */
export function localInputToIso(
  value: string | null | undefined,
  zone: string = browserTimeZone(),
): string | null {
  const text = value?.trim() ?? '';
  if (!LOCAL_INPUT.test(text)) return null;
  const dt = DateTime.fromISO(text, { zone });
  if (!dt.isValid) return null;
  // Luxon takes the later instant of a repeated time: try the offset in force a day before.
  const earlierOffset = dt.minus({ days: 1 }).offset;
  if (earlierOffset !== dt.offset) {
    const earlier = dt.minus({ minutes: earlierOffset - dt.offset });
    if (earlier < dt && earlier.toFormat(LOCAL_FORMAT) === dt.toFormat(LOCAL_FORMAT)) {
      return earlier.toUTC().toISO() as string;
    }
  }
  return dt.toUTC().toISO() as string;
}

/** The date ('YYYY-MM-DD') of a datetime-local value (or a date); '' when it has none. */
export function datePart(value: string | null | undefined): string {
  const date = value?.slice(0, 10) ?? '';
  return DATE_ONLY.test(date) && DateTime.fromISO(date).isValid ? date : '';
}

/** A datetime-local value at `time` ('HH:mm') on `date`; '' without a date. */
export function atTime(date: string, time: string): string {
  return date ? `${date}T${time}` : '';
}

/** The instant (ms since the epoch) at which `date` ('YYYY-MM-DD') begins in `zone`; NaN when invalid. */
export function startOfDate(date: string, zone: string = browserTimeZone()): number {
  const dt = DateTime.fromISO(date, { zone });
  return DATE_ONLY.test(date) && dt.isValid ? dt.toMillis() : Number.NaN;
}

/**
 * The home page's week: seven days from the locale's first day of the week (Sunday in the US, Monday in
 * Germany), as dates in `zone`; `firstDay` is 0 = Sunday ... 6 = Saturday.
 */
export function currentWeek(
  now: Date = new Date(),
  zone: string = browserTimeZone(),
  firstDay: number = weekStartsOn(),
): { start: string; end: string } {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  // Luxon numbers Monday 1 to Sunday 7.
  const start = today.minus({ days: (today.weekday - firstDay + 7) % 7 });
  return { start: start.toISODate() as string, end: start.plus({ days: 7 }).toISODate() as string };
}

/** The next whole hour after `now`, as a datetime-local value in `zone` (a new event's default start). */
export function nextWholeHour(now: Date = new Date(), zone: string = browserTimeZone()): string {
  return DateTime.fromJSDate(now, { zone }).startOf('hour').plus({ hours: 1 }).toFormat(LOCAL_FORMAT);
}

/** `value` plus `hours`, as wall-clock time in `zone`; '' when value is invalid. */
export function addHours(value: string, hours: number, zone: string = browserTimeZone()): string {
  const iso = localInputToIso(value, zone);
  return iso ? isoToLocalInput(DateTime.fromISO(iso).plus({ hours }).toISO(), zone) : '';
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/*
 * Shown in the app's language (the browser's own variant of it, e.g. en-GB) and the browser's zone, through
 * Intl; '' for an invalid value.
 * They use no luxon, so pages that only show dates do not download it.
 */
/** `value` as Intl shows it with `options`, in the app's language and the browser's zone (or `options.timeZone`). */
export function formatIntl(
  value: string | Date,
  options: Intl.DateTimeFormatOptions,
  locale: string = currentLocale(),
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : formatter(options, locale).format(date);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, zone and options: building one costs far more than using it. */
function formatter(options: Intl.DateTimeFormatOptions, locale: string): Intl.DateTimeFormat {
  const timeZone = options.timeZone ?? browserTimeZone();
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric' };

/** An instant with its weekday, date and time, e.g. 'Mon, Nov 23, 2026, 8:00 AM'. */
export const formatDateTime = (value: string | Date) => formatIntl(value, DATE_TIME);
/** An instant's date alone, e.g. '11/23/2026'. */
export const formatDate = (value: string | Date) => formatIntl(value, DATE);
/** A short day, e.g. 'Mon, Nov 23'. */
export const formatDay = (value: string | Date) => formatIntl(value, DAY);
/** A time of day, e.g. '8:00 AM'. */
export const formatTime = (value: string | Date) => formatIntl(value, TIME);

const WEEKDAY_NAME = {
  short: { weekday: 'short', timeZone: 'UTC' },
  long: { weekday: 'long', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A weekday's name in the app's language (0 = Sunday .. 6 = Saturday): 'Mon' or 'Mo.', 'Monday'. */
export function weekdayName(day: number, width: 'short' | 'long' = 'short'): string {
  // 4 January 2026 was a Sunday; noon, so no zone moves it to another day.
  return formatIntl(new Date(Date.UTC(2026, 0, 4 + day, 12)), WEEKDAY_NAME[width]);
}
