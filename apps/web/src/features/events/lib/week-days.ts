import type { EventOccurrence, TimelineLayers } from '@hearth/contract';
import { browserTimeZone, formatIntl, startOfDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import type { LayerId, LayerToggles } from './layers';

/*
 * Home's week at a glance as data: the current week's dates, the items of the layers switched on, and
 * each item on every day it touches (components/week-at-a-glance.tsx draws them).
 */

/** One thing on one day of the week: a house event occurrence or an item of another layer. */
export interface GlanceItem {
  key: string;
  title: string;
  layer: LayerId;
  /** All-day items cover whole dates (YYYY-MM-DD, both inclusive); timed ones instants (ms). */
  allDay: boolean;
  startDate: string;
  endDate: string;
  start: number;
  end: number;
  /** Who added it or what it is: its tooltip and a note for screen readers. */
  note: string | null;
  occurrence?: EventOccurrence;
  /** An outside calendar's own colour (the other layers have theirs from the theme). */
  color?: string;
}

export interface GlanceDay {
  date: string;
  label: { weekday: string; day: string; full: string };
  today: boolean;
  items: GlanceItem[];
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date as YYYY-MM-DD. */
export const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The seven dates from `start` (local noon steps, so a daylight-saving change cannot skip a date). */
export function weekDates(start: string): string[] {
  const noon = new Date(`${start}T12:00:00`);
  return Array.from({ length: 7 }, (_, i) => {
    const d = new Date(noon);
    d.setDate(noon.getDate() + i);
    return isoDate(d);
  });
}

function dated(key: string, title: string, layer: LayerId, from: string, to: string, note: string | null) {
  return { key, title, layer, allDay: true, startDate: from, endDate: to, start: 0, end: 0, note };
}

function timed(key: string, title: string, layer: LayerId, from: string, to: string, note: string | null) {
  const start = Date.parse(from);
  return { key, title, layer, allDay: false, startDate: '', endDate: '', start, end: Date.parse(to), note };
}

/** The date before an exclusive end date, never before the start. */
function dayBefore(end: string, start: string): string {
  const d = new Date(`${end}T12:00:00`);
  d.setDate(d.getDate() - 1);
  const before = isoDate(d);
  return before < start ? start : before;
}

/** The week's items of the layers switched on, as the calendar page shows them. */
export function glanceItems(
  occurrences: readonly EventOccurrence[],
  layers: TimelineLayers | undefined,
  on: LayerToggles,
): GlanceItem[] {
  const out: GlanceItem[] = [];
  if (on.house) {
    for (const o of occurrences) {
      const key = `event-${o.event_id}-${o.occurrence_start}`;
      const note = o.username ? t('events:notes.addedBy', { username: o.username }) : null;
      const item =
        o.all_day && o.start_date
          ? dated(key, o.title, 'house', o.start_date, o.end_date ?? o.start_date, note)
          : timed(key, o.title, 'house', o.start_datetime, o.end_datetime ?? o.start_datetime, note);
      out.push({ ...item, occurrence: o });
    }
  }
  if (!layers) return out;
  if (on.tasks) {
    for (const task of layers.tasks) {
      const title = `${task.title} (${task.assignee_name})`;
      const note = t('events:notes.taskDue', { name: task.assignee_name });
      out.push(timed(`task-${task.task_id}`, title, 'tasks', task.due_at, task.due_at, note));
    }
  }
  if (on.bills) {
    for (const b of layers.bills) {
      out.push(
        dated(
          `bill-${b.recurring_id}-${b.due_on}`,
          t('events:due', { title: b.title }),
          'bills',
          b.due_on,
          b.due_on,
          t('events:notes.billDue'),
        ),
      );
    }
  }
  if (on.away) {
    for (const a of layers.away) {
      const title = t('events:away', { name: a.name });
      out.push(dated(`away-${a.away_id}`, title, 'away', a.starts_on, a.ends_on, t('events:notes.away')));
    }
  }
  if (on.reminders) {
    for (const r of layers.reminders) {
      const key = `reminder-${r.reminder_id}-${r.remind_at}`;
      out.push(timed(key, r.title, 'reminders', r.remind_at, r.remind_at, t('events:notes.reminder')));
    }
  }
  if (on.external) {
    for (const x of layers.external) {
      const key = `external-${x.external_calendar_id}-${x.start}-${x.title}`;
      const note = t('events:notes.external', { name: x.name });
      // All-day ends are exclusive in the feed; the week's dates are inclusive.
      const item = x.all_day
        ? dated(key, x.title, 'external', x.start, dayBefore(x.end, x.start), note)
        : timed(key, x.title, 'external', x.start, x.end, note);
      out.push({ ...item, color: x.color });
    }
  }
  return out;
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const DAY_OF_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric' };
const FULL_DAY: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric' };

/** Puts each item on every day it touches: all-day ones first, then by start time. */
export function spreadOverWeek(
  dates: readonly string[],
  items: readonly GlanceItem[],
  today: string,
  zone: string = browserTimeZone(),
): GlanceDay[] {
  return dates.map((date, i) => {
    const dayStart = startOfDate(date, zone);
    const dayEnd = i + 1 < dates.length ? startOfDate(dates[i + 1] as string, zone) : dayStart + 86_400_000;
    const onDay = items.filter((it) =>
      it.allDay
        ? it.startDate <= date && date <= it.endDate
        : it.start < dayEnd && (it.end > dayStart || (it.end === it.start && it.start >= dayStart)),
    );
    onDay.sort(
      (a, b) => Number(b.allDay) - Number(a.allDay) || a.start - b.start || a.title.localeCompare(b.title),
    );
    const noon = new Date(`${date}T12:00:00`);
    return {
      date,
      today: date === today,
      items: onDay,
      label: {
        weekday: formatIntl(noon, WEEKDAY),
        day: formatIntl(noon, DAY_OF_MONTH),
        full: formatIntl(noon, FULL_DAY),
      },
    };
  });
}
