import type { EventOccurrence, TimelineLayers } from '@hearth/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { useApiClient } from '../../../lib/api-client';
import { browserTimeZone, currentWeek, formatIntl, formatTime, startOfDate } from '../../../lib/dates';
import { t, t as tr } from '../../../lib/i18n';
import { useDeferredReady } from '../../../lib/use-deferred-ready';
import { useLogError } from '../../../lib/use-log-error';
import { useLiveChange } from '../../live';
import { eventKeys, fetchLayers, fetchOccurrences } from '../api';
import type { LayerId, LayerToggles } from '../lib/layers';
import type { EventDialogState } from './event-dialog';
import { useLayerToggles } from './layer-toggles';
import { EventDialog } from './lazy-event-dialog';

// The calendar page's words (its event form module is not loaded here: it brings the contract's schemas).
const calendarFailed = () => t('events:calendarFailed');

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
}

export interface GlanceDay {
  date: string;
  label: { weekday: string; day: string; full: string };
  today: boolean;
  items: GlanceItem[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

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

function ItemLine({
  item,
  day,
  onOpen,
}: {
  item: GlanceItem;
  day: GlanceDay;
  onOpen: (o: EventOccurrence) => void;
}) {
  // A timed item shows its time on the day it starts.
  const time = !item.allDay && item.start >= startOfDate(day.date) ? formatTime(new Date(item.start)) : null;
  const body = (
    <>
      {time && <span className="mr-1.5 text-xs text-muted">{time}</span>}
      <span className="font-semibold break-words text-espresso">{item.title}</span>
      {item.note && <span className="sr-only">{`, ${item.note}`}</span>}
    </>
  );
  const classes = `hearth-layer-${item.layer} block max-w-full rounded-lg border border-line border-l-4 [border-left-color:var(--hearth-layer)] bg-surface px-2 py-1 text-left text-sm`;
  const tooltip = item.note ? `${item.title} · ${item.note}` : item.title;
  if (item.occurrence) {
    const occurrence = item.occurrence;
    return (
      <button
        type="button"
        title={tooltip}
        onClick={() => onOpen(occurrence)}
        className={`${classes} hover:border-tan hover:bg-tan-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary`}
      >
        {body}
      </button>
    );
  }
  return (
    <div title={tooltip} className={classes}>
      {body}
    </div>
  );
}

/**
 * Home's week, drawn without the calendar library (which stays with the calendar page): a row per day, its
 * items wrapping beside the day's name (titles stay whole words even in narrow columns); on a phone only
 * the days with something on them. The layers are those
 * switched on on the calendar page; a house event opens its dialog.
 */
export default function WeekGlance({ houseId }: { houseId: number }) {
  const api = useApiClient();
  const week = useMemo(() => currentWeek(), []);
  const zone = browserTimeZone();
  const [toggles] = useLayerToggles();
  const [dialog, setDialog] = useState<EventDialogState>({ mode: 'closed' });
  const from = new Date(startOfDate(week.start, zone));
  const to = new Date(startOfDate(week.end, zone));

  const occurrences = useQuery({
    queryKey: [...eventKeys.all, 'week', week.start, zone],
    queryFn: ({ signal }) => fetchOccurrences(api, from, to, signal),
    enabled: toggles.house,
  });
  const otherLayers = toggles.tasks || toggles.bills || toggles.away || toggles.reminders;
  const layers = useQuery({
    queryKey: [...eventKeys.all, 'week-layers', week.start, zone],
    queryFn: ({ signal }) => fetchLayers(api, from, to, zone, signal),
    enabled: otherLayers,
  });
  // House events refetch through the 'events' keys; the other layers change with their own kinds. A
  // resync (null) needs nothing here: the layers' query sits under the 'events' keys, which it refetches.
  useLiveChange(['tasks', 'bills', 'reminders'], (change) => {
    if (change) void layers.refetch({ cancelRefetch: false });
  });

  const failed = occurrences.isError || layers.isError;
  useLogError(occurrences.error ?? layers.error, 'Error loading the house calendar:');

  const pending = (toggles.house && occurrences.isPending) || (otherLayers && layers.isPending);
  const drawn = useDeferredReady(!pending);
  const days = useMemo(() => {
    // Worked out in the background render that first draws the week, not before it.
    if (!drawn) return [];
    const items = glanceItems(occurrences.data ?? [], layers.data, toggles);
    const today = isoDate(new Date());
    return spreadOverWeek(weekDates(week.start), items, today, zone);
  }, [drawn, occurrences.data, layers.data, toggles, week.start, zone]);

  if (pending || !drawn) {
    if (!failed) {
      return (
        <div className="flex justify-center py-8">
          <Spinner label={tr('events:loadingThisWeek')} />
        </div>
      );
    }
  }

  const empty = days.every((d) => d.items.length === 0);
  return (
    <>
      {failed && (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {calendarFailed()}
        </p>
      )}
      {!failed && empty && <p className="mb-3 text-sm text-muted">{tr('events:nothingThisWeek')}</p>}
      <ol className="flex flex-col gap-2" aria-label={tr('events:thisWeekDayByDay')}>
        {days.map((day) => (
          <li
            key={day.date}
            aria-current={day.today ? 'date' : undefined}
            className={`min-w-0 grid-cols-[3.5rem_minmax(0,1fr)] items-start gap-3 rounded-xl border p-2 ${
              day.today ? 'border-primary bg-tan-light' : 'border-line bg-cream'
            } ${day.items.length === 0 ? 'hidden sm:grid' : 'grid'}`}
          >
            <h3 className="flex flex-col text-sm leading-tight text-espresso">
              <span className="sr-only">{day.label.full}</span>
              <span aria-hidden="true" className="font-semibold">
                {day.label.weekday}
              </span>
              <span aria-hidden="true" className="text-muted">
                {day.label.day}
              </span>
            </h3>
            {day.items.length > 0 ? (
              <ul className="flex min-w-0 flex-wrap gap-1.5">
                {day.items.map((item) => (
                  <li key={item.key} className="min-w-0 max-w-full">
                    <ItemLine
                      item={item}
                      day={day}
                      onOpen={(occurrence) =>
                        setDialog({ mode: 'edit', eventId: occurrence.event_id, occurrence })
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <span aria-hidden="true" className="self-center text-muted">
                –
              </span>
            )}
          </li>
        ))}
      </ol>
      <EventDialog
        state={dialog}
        houseId={houseId}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={() => {
          void occurrences.refetch();
        }}
      />
    </>
  );
}
