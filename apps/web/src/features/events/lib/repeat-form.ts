import { DateTime } from 'luxon';
import { Frequency, type Options, RRule, Weekday } from 'rrule';
import { weekdayName } from '../../../lib/dates';
import { t } from '../../../lib/i18n';

/** How an event repeats, as the dialog's controls hold it. */
export type RepeatKind = 'none' | 'daily' | 'weekly' | 'monthly-day' | 'monthly-weekday' | 'yearly';
export type RepeatEnds = 'never' | 'until' | 'count';

export interface RepeatFormState {
  repeat: RepeatKind;
  /** Every N days/weeks/months/years, as typed. */
  interval: string;
  /** Weekly: the chosen days, 0 = Monday ... 6 = Sunday (rrule's numbering). */
  weekdays: number[];
  ends: RepeatEnds;
  /** YYYY-MM-DD, the last day an occurrence may fall on. */
  until: string;
  /** How many times in all. */
  count: string;
}

/**
 * The week's days in rrule's numbering (0 = Monday); the names are read in the current language when used
 * (weekdayName counts from Sunday).
 */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  get short() {
    return weekdayName((day + 1) % 7, 'short');
  },
  get long() {
    return weekdayName((day + 1) % 7, 'long');
  },
}));

/** Luxon weekday (1 = Monday) to rrule's (0 = Monday). */
const rruleDay = (dt: DateTime) => dt.weekday - 1;

/** The nth weekday of its month a date is: 1-4, or -1 when it is the month's last such weekday. */
export function weekdayPosition(date: DateTime): number {
  const nth = Math.ceil(date.day / 7);
  return date.plus({ weeks: 1 }).month !== date.month ? -1 : nth;
}

export function blankRepeat(): RepeatFormState {
  return { repeat: 'none', interval: '1', weekdays: [], ends: 'never', until: '', count: '10' };
}

/** The labels of the repeat choices for a start date ("Monthly on the first Thursday"). */
export function repeatChoices(startDate: string): { value: RepeatKind; label: string }[] {
  const start = DateTime.fromISO(startDate);
  const valid = start.isValid;
  const pos = valid ? weekdayPosition(start) : 1;
  // Which of the month's weekdays it is: 1 to 4, or the last (-1).
  const ordinal = pos === -1 ? 'last' : String(pos);
  return [
    { value: 'none', label: t('events:doesNotRepeat') },
    { value: 'daily', label: t('events:daily') },
    { value: 'weekly', label: t('events:weeklyOnChosenDays') },
    {
      value: 'monthly-day',
      label: valid ? t('events:monthlyOnDay', { day: start.day }) : t('events:monthlyOnTheSameDay'),
    },
    {
      value: 'monthly-weekday',
      label: valid
        ? t('events:monthlyOnNthWeekday', { ordinal, value: start.toFormat('cccc') })
        : t('events:monthlyOnTheSameWeekday'),
    },
    {
      value: 'yearly',
      label: valid ? t('events:yearlyOn', { value: start.toFormat('d LLLL') }) : t('events:yearly'),
    },
  ];
}

export type RepeatCheck =
  | { ok: true; rrule: string | null }
  | { ok: false; field: 'interval' | 'until' | 'count' | 'weekdays'; message: string };

/**
 * The RRULE for the controls, counted from `startDate` (YYYY-MM-DD, the event's first day): weekly repeats
 * include the start's weekday when no day is chosen, monthly ones use the start's day or its weekday
 * position ("first Thursday", "last Friday").
 */
export function buildRrule(form: RepeatFormState, startDate: string): RepeatCheck {
  if (form.repeat === 'none') return { ok: true, rrule: null };
  const start = DateTime.fromISO(startDate);
  const interval = Number(form.interval);
  if (!Number.isInteger(interval) || interval < 1 || interval > 1000) {
    return { ok: false, field: 'interval', message: t('events:repeatEveryNotWholeNumber') };
  }
  const freq = {
    daily: Frequency.DAILY,
    weekly: Frequency.WEEKLY,
    'monthly-day': Frequency.MONTHLY,
    'monthly-weekday': Frequency.MONTHLY,
    yearly: Frequency.YEARLY,
  }[form.repeat];
  // Parts in the usual order: FREQ, INTERVAL (when not 1), BYDAY, then the end.
  const options: Partial<Options> = { freq, ...(interval > 1 ? { interval } : {}) };
  if (form.repeat === 'weekly') {
    const days = form.weekdays.length > 0 ? form.weekdays : start.isValid ? [rruleDay(start)] : [];
    if (days.length === 0) return { ok: false, field: 'weekdays', message: t('events:chooseAtLeastOneDay') };
    options.byweekday = [...days].sort((a, b) => a - b).map((d) => new Weekday(d));
  }
  if (form.repeat === 'monthly-weekday' && start.isValid) {
    options.byweekday = [new Weekday(rruleDay(start), weekdayPosition(start))];
  }
  if (form.ends === 'until') {
    const until = DateTime.fromISO(form.until, { zone: 'utc' });
    if (!until.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(form.until)) {
      return { ok: false, field: 'until', message: t('events:chooseTheDateTheRepeats') };
    }
    if (start.isValid && form.until < startDate) {
      return { ok: false, field: 'until', message: t('events:repeatsEndBeforeStart') };
    }
    options.until = until.toJSDate();
  } else if (form.ends === 'count') {
    const count = Number(form.count);
    if (!Number.isInteger(count) || count < 1 || count > 5000) {
      return { ok: false, field: 'count', message: t('events:occurrencesMustBeAWhole') };
    }
    options.count = count;
  }
  let text = RRule.optionsToString(options).replace(/^RRULE:/, '');
  // An end date is a day (read by the server as the end of that day in the event's zone).
  if (options.until) text = text.replace(/UNTIL=[0-9TZ]+/, `UNTIL=${form.until.replaceAll('-', '')}`);
  return { ok: true, rrule: text };
}

/** The controls for a stored rule (in the event's zone); a rule the controls cannot show reads as daily. */
export function rruleToForm(rrule: string | null, zone: string): RepeatFormState {
  const form = blankRepeat();
  if (!rrule) return form;
  let options: Partial<Options>;
  try {
    options = RRule.parseString(rrule);
  } catch {
    return form;
  }
  form.interval = String(options.interval ?? 1);
  const days = (
    Array.isArray(options.byweekday) ? options.byweekday : options.byweekday ? [options.byweekday] : []
  )
    .map((d) => (typeof d === 'number' ? new Weekday(d) : d))
    .filter((d): d is Weekday => d instanceof Weekday);
  switch (options.freq) {
    case Frequency.WEEKLY:
      form.repeat = 'weekly';
      form.weekdays = days.map((d) => d.weekday);
      break;
    case Frequency.MONTHLY:
      form.repeat = days.some((d) => d.n) ? 'monthly-weekday' : 'monthly-day';
      break;
    case Frequency.YEARLY:
      form.repeat = 'yearly';
      break;
    default:
      form.repeat = 'daily';
  }
  if (options.count) {
    form.ends = 'count';
    form.count = String(options.count);
  } else if (options.until) {
    form.ends = 'until';
    form.until = DateTime.fromJSDate(options.until).setZone(zone).toISODate() ?? '';
  }
  return form;
}
