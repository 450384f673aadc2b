import type {
  CalendarOptions,
  EventClickArg,
  EventContentArg,
  EventInput,
  EventMountArg,
  EventSourceInput,
} from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { EventOccurrence } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../../lib/api-client';
import { browserTimeZone, weekStartsOn } from '../../../lib/dates';
import { currentLocale, t } from '../../../lib/i18n';
import { useLiveChange } from '../../live';
import { eventKeys, fetchLayers, fetchOccurrences, keptRange } from '../api';
import {
  type LayerItemMeta,
  type LayerToggles,
  layersToEvents,
  type OccurrenceMeta,
  occurrencesToEvents,
} from '../lib/layers';
import { CalendarGrid, type CalendarHandle } from './calendar-grid';

/** A house event occurrence that was clicked, as the server answered it. */
export interface OccurrenceSelection {
  occurrence: EventOccurrence;
}

export interface HouseCalendarProps {
  /** Which layers show (house events, tasks due, bills due, away, my reminders). */
  layers: LayerToggles;
  /** A click on a house event occurrence (other layers are not opened from the calendar). */
  onSelectEvent: (selection: OccurrenceSelection) => void;
  /** Loading failed (true) or worked (false). */
  onLoadResult: (failed: boolean) => void;
  /** Also used to refetch when a housemate changes an event, a task, a bill or a reminder (live stream). */
  calendarRef: RefObject<CalendarHandle | null>;
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];

/** The house calendar (FullCalendar) with its views and defaults. */
const SHARED_OPTIONS = {
  eventTimeFormat: { hour: 'numeric', minute: '2-digit' },
  editable: false,
  selectable: false,
  scrollTime: '06:00:00',
  businessHours: { daysOfWeek: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '17:00' },
  defaultTimedEventDuration: '01:00',
  defaultAllDayEventDuration: { days: 1 },
  nowIndicator: true,
  // Cells grow to show up to four events; more collapse into "+n more".
  dayMaxEventRows: 4,
} as const;

/**
 * FullCalendar's own markup trips two accessibility checks: its prev/next icons are role="img" without a
 * name (the buttons carry the name: hide the icons), and day cells take their name from the day number
 * while showing events too (let the cell's content name it; the number keeps its full-date label).
 */
const hideIcons = (el: HTMLElement) => {
  for (const icon of el.closest('.fc')?.querySelectorAll('.fc-icon[role="img"]') ?? []) {
    icon.setAttribute('aria-hidden', 'true');
  }
};
const unlabelCell = (el: HTMLElement) => {
  if (el.getAttribute('role') === 'gridcell') el.removeAttribute('aria-labelledby');
};
/**
 * The grid's body scrolls inside the calendar on a desktop (the week and day views' hours). A keyboard
 * must be able to reach it: FullCalendar's grid table allows no focusable box of its own there, so the
 * first day cell inside it takes Tab (a grid cell may), and the arrow keys then scroll the hours.
 * FullCalendar renders new cells for new dates, so this runs when a view mounts and after each change.
 */
const focusableScrollers = (el: HTMLElement) => {
  const calendar = el.closest('.fc') ?? el;
  for (const scroller of calendar.querySelectorAll<HTMLElement>('.fc-scroller-liquid-absolute')) {
    if (scroller.querySelector('[tabindex="0"]')) continue;
    const cell = scroller.querySelector<HTMLElement>('[role="gridcell"]');
    if (cell) cell.tabIndex = 0;
  }
};

/** Who added a house event, or what a layer's item is: its tooltip and a note for screen readers. */
function noteOf(props: Record<string, unknown>): string | null {
  const meta = props as Partial<OccurrenceMeta> | Partial<LayerItemMeta>;
  if (meta.layer === 'house')
    return 'username' in meta && meta.username ? t('events:addedBy', { name: meta.username }) : null;
  return 'note' in meta && meta.note ? meta.note : null;
}

const textSpan = (className: string, text: string) => {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
};

/**
 * In day grids, the time above the title, both wrapping: narrow day cells otherwise cut the title off. Who
 * added it (or what a layer's item is) follows for screen readers. Plain elements: FullCalendar draws them
 * itself, with no React in between.
 */
function dayGridEvent(arg: EventContentArg): { domNodes: Node[] } {
  const box = textSpan('hearth-event', '');
  if (arg.timeText) box.append(textSpan('hearth-event-time', arg.timeText));
  box.append(textSpan('hearth-event-title', arg.event.title));
  const note = noteOf(arg.event.extendedProps);
  if (note) box.append(textSpan('sr-only', `, ${note}`));
  return { domNodes: [box] };
}

/** View-type options: dayGrid is the month view. */
const VIEWS = {
  dayGrid: { eventContent: dayGridEvent },
  // A short day title keeps the phone toolbar on one row.
  timeGridDay: { titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } },
  // A phone's week: seven columns of 40 px cannot hold a day name or a title, three can.
  timeGridThreeDay: {
    type: 'timeGrid',
    duration: { days: 3 },
    buttonText: '3 days',
    dayHeaderFormat: { weekday: 'short', day: 'numeric' },
    titleFormat: { month: 'short', day: 'numeric' },
  },
} as const;

const isNarrow = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches === true;

/** FullCalendar fed with the house events' occurrences in the shown range, and the layers switched on. */
export function HouseCalendar({ layers, onSelectEvent, onLoadResult, calendarRef }: HouseCalendarProps) {
  // Read once: on a phone the view switcher sits in the top toolbar (which wraps onto a second row), and
  // the week is three days wide.
  const [narrow] = useState(isNarrow);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const box = useRef<HTMLDivElement>(null);
  // The page's latest handlers, read when FullCalendar calls back: the options need not change with them.
  const handlers = useRef({ onSelectEvent, onLoadResult });
  useLayoutEffect(() => {
    handlers.current = { onSelectEvent, onLoadResult };
  });
  // FullCalendar asks for its ranges itself (each answer is kept in the query cache). It asks again, once
  // for however many reasons arrive together: a change to any layer's kind, a resync, or one of its
  // ranges going stale (a resumed stream that did not cover it).
  const refetchSoon = useRef<(() => void) | null>(null);
  useEffect(() => {
    let asked = false;
    refetchSoon.current = () => {
      if (asked) return;
      asked = true;
      setTimeout(() => {
        asked = false;
        calendarRef.current?.refetchEvents();
      }, 0);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      const [feature, kind] = event.query.queryKey;
      if (feature === eventKeys.all[0] && kind === 'range') refetchSoon.current?.();
    });
    return () => {
      unsubscribe();
      refetchSoon.current = null;
    };
  }, [queryClient, calendarRef]);
  useLiveChange(['events', 'tasks', 'bills', 'reminders', 'external_calendars'], () =>
    refetchSoon.current?.(),
  );
  const reportFailure = useCallback((error: unknown) => {
    console.error('Error loading the house calendar:', error);
    handlers.current.onLoadResult(true);
  }, []);
  const eventSources = useMemo<EventSourceInput[]>(() => {
    const others = layers.tasks || layers.bills || layers.away || layers.reminders || layers.external;
    if (!layers.house && !others) return [];
    // One source for every layer, so that one answer says whether all of it loaded: sources of their own
    // report each on its own, and one's success after another's failure would take the banner away while
    // a layer is missing. What loaded is shown either way.
    const source: EventSourceInput = {
      id: 'shown',
      events: (range, success, failure) => {
        const zone = browserTimeZone();
        const parts: Promise<EventInput[]>[] = [];
        if (layers.house) {
          parts.push(
            keptRange(queryClient, eventKeys.range('house', range.start, range.end), () =>
              fetchOccurrences(api, range.start, range.end),
            ).then(occurrencesToEvents),
          );
        }
        if (others) {
          parts.push(
            keptRange(queryClient, eventKeys.range(`layers ${zone}`, range.start, range.end), () =>
              fetchLayers(api, range.start, range.end, zone),
            ).then((found) => layersToEvents(found, layers)),
          );
        }
        void Promise.allSettled(parts).then((settled) => {
          const failed = settled.find((part) => part.status === 'rejected');
          if (failed && settled.every((part) => part.status === 'rejected')) return failure(failed.reason);
          success(settled.flatMap((part) => (part.status === 'fulfilled' ? part.value : [])));
          // What loaded is shown; the banner still says the rest did not.
          if (failed) reportFailure(failed.reason);
        });
      },
    };
    return [source];
  }, [api, layers, queryClient, reportFailure]);

  // The texts and the reader's locale are read once: a change of language mounts the pages anew.
  const options = useMemo<CalendarOptions>(
    () => ({
      ...SHARED_OPTIONS,
      // The reader's language and week: Monday first and 24-hour times in Germany, for instance.
      locales: [deLocale],
      locale: currentLocale(),
      firstDay: weekStartsOn(),
      plugins: PLUGINS,
      views: {
        ...VIEWS,
        timeGridThreeDay: { ...VIEWS.timeGridThreeDay, buttonText: t('events:calendar.threeDays') },
      },
      eventSources,
      eventClick: (arg: EventClickArg) => {
        arg.jsEvent.preventDefault();
        const meta = arg.event.extendedProps as Partial<OccurrenceMeta>;
        if (meta.layer === 'house' && meta.occurrence)
          handlers.current.onSelectEvent({ occurrence: meta.occurrence });
      },
      eventSourceFailure: reportFailure,
      eventSourceSuccess: () => {
        handlers.current.onLoadResult(false);
      },
      viewDidMount: ({ el }: { el: HTMLElement }) => {
        hideIcons(el);
        focusableScrollers(el);
      },
      // A view's own layout (e.g. the day view growing past the screen) may add a scroller after it mounted.
      datesSet: () => requestAnimationFrame(() => box.current && focusableScrollers(box.current)),
      dayCellDidMount: ({ el }: { el: HTMLElement }) => unlabelCell(el),
      eventDidMount: ({ el, event }: EventMountArg) => {
        const note = noteOf(event.extendedProps);
        if (note) el.title = `${event.title} · ${note}`;
      },
      // Month first everywhere: it shows what is coming at a glance, one line per event on a phone (the
      // full title is the event's tooltip and opens with a tap); 3 days and day read details.
      initialView: 'dayGridMonth',
      headerToolbar: narrow
        ? { left: 'title', right: 'dayGridMonth,timeGridThreeDay,timeGridDay prev,today,next' }
        : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' },
      footerToolbar: false,
      buttonText: {
        today: t('events:calendar.today'),
        month: t('events:calendar.month'),
        week: t('events:calendar.week'),
        day: t('events:calendar.day'),
      },
      aspectRatio: 1.35,
      // On a phone the grid is as tall as its content and the page scrolls: no scroll box inside the page
      // that a finger or a keyboard would have to find.
      ...(narrow ? { contentHeight: 'auto' } : {}),
    }),
    [eventSources, narrow, reportFailure],
  );

  return (
    <div ref={box} className="hearth-calendar">
      <CalendarGrid options={options} calendarRef={calendarRef} />
    </div>
  );
}
