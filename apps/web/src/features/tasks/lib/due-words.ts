import { DateTime } from 'luxon';
import { t } from '../../../lib/i18n';

/** Days between two local dates' midnights (calendar days, so DST does not bend it). */
function calendarDays(from: DateTime, to: DateTime): number {
  return Math.round(to.startOf('day').diff(from.startOf('day'), 'days').days);
}

/**
 * When a task is due, in words, seen from `now` in the viewer's zone: 'today 18:00', 'tomorrow 09:00',
 * 'Thu' within the coming week, '12 Dec' (with the year when it is not this one) further out;
 * past ones read 'yesterday 18:00' and '3 days ago'.
 */
export function dueInWords(dueAt: string, now: Date, zone: string): string {
  const due = DateTime.fromISO(dueAt, { zone });
  const today = DateTime.fromJSDate(now, { zone });
  if (!due.isValid) return '';
  const days = calendarDays(today, due);
  const time = due.toFormat('HH:mm');
  if (days === 0) return t('tasks:dueWords.today', { time });
  if (days === 1) return t('tasks:dueWords.tomorrow', { time });
  if (days === -1) return t('tasks:dueWords.yesterday', { time });
  if (days < 0) return t('tasks:dueWords.ago', { count: -days });
  if (days < 7) return due.toFormat('ccc');
  return due.year === today.year ? due.toFormat('d LLL') : due.toFormat('d LLL yyyy');
}

/** A full, unambiguous due time for titles and screen readers: 'Thu 26 Nov 2026, 18:00'. */
export function dueInFull(dueAt: string, zone: string): string {
  const due = DateTime.fromISO(dueAt, { zone });
  return due.isValid ? due.toFormat('ccc d LLL yyyy, HH:mm') : '';
}

/** An away period's dates, both included: '24 Dec', '24–27 Dec', '30 Dec 2026 – 2 Jan 2027'. */
export function awayDates(startsOn: string, endsOn: string, now: Date, zone: string): string {
  const start = DateTime.fromISO(startsOn);
  const end = DateTime.fromISO(endsOn);
  if (!start.isValid || !end.isValid) return '';
  const thisYear = DateTime.fromJSDate(now, { zone }).year;
  const withYear = (d: DateTime) => (d.year === thisYear ? d.toFormat('d LLL') : d.toFormat('d LLL yyyy'));
  if (startsOn === endsOn) return withYear(start);
  if (start.year === end.year && start.month === end.month) {
    return `${start.toFormat('d')}–${withYear(end)}`;
  }
  if (start.year === end.year && end.year === thisYear) return `${withYear(start)} – ${withYear(end)}`;
  return `${start.toFormat('d LLL yyyy')} – ${end.toFormat('d LLL yyyy')}`;
}
