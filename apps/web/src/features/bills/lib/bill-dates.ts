import { formatIntl } from '../../../lib/dates';
import { currentLocale } from '../../../lib/i18n';
/*
 * Bills speak in calendar dates (YYYY-MM-DD), which have no time zone: they are shown as written, read at
 * midday UTC and formatted in UTC, so no zone can move them to the day before.
 */

/** Today's date where the browser is. */
export function todayLocal(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** A calendar date for people, e.g. 'Mon, Mar 10, 2025'. */
export function formatBillDate(date: string, locale: string = currentLocale()): string {
  const d = atNoon(date);
  if (Number.isNaN(d.getTime())) return date;
  return formatIntl(
    d,
    { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
    locale,
  );
}

/** A month (YYYY-MM) for people, e.g. 'March 2025'. */
export function formatMonth(month: string, locale: string = currentLocale()): string {
  const d = atNoon(`${month}-15`);
  if (Number.isNaN(d.getTime())) return month;
  return formatIntl(d, { month: 'long', year: 'numeric', timeZone: 'UTC' }, locale);
}

/** A short month (YYYY-MM) for a chart axis, e.g. 'Mar 25'. */
export function formatShortMonth(month: string, locale: string = currentLocale()): string {
  const d = atNoon(`${month}-15`);
  if (Number.isNaN(d.getTime())) return month;
  return formatIntl(d, { month: 'short', year: '2-digit', timeZone: 'UTC' }, locale);
}

/** The last `count` months up to the one `today` is in, newest first (for the month filter). */
export function recentMonths(today: string, count: number): string[] {
  const [year = 2000, month = 1] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
