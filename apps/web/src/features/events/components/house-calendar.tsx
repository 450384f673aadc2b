import type {
  EventApi,
  EventClickArg,
  EventContentArg,
  EventMountArg,
  EventSourceInput,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { type RefObject, useMemo, useState } from 'react';
import { useLiveChange } from '../../live';
import { eventIdFromUrl } from '../lib/event-form';
import { addedBy, loadFeedEvents } from '../lib/feed-events';
import './calendar-theme.css';

export interface HouseCalendarProps {
  /** The house feed with ?access_token=. */
  feedUrl: string;
  /** 'month': the calendar page (month first, month/week/day); 'week': Home's week without toolbar. */
  variant: 'month' | 'week';
  /** A click on an event: its id from the feed URL, or null when that is not an integer. */
  onSelectEvent: (eventId: number | null) => void;
  /** The feed failed (true) or loaded (false). */
  onLoadResult: (failed: boolean) => void;
  /** Also used to refetch the feed when a housemate changes an event (live stream). */
  calendarRef: RefObject<FullCalendar | null>;
  /** Home's week: Sunday through the next Sunday (dates, end exclusive). */
  week?: { start: string; end: string };
  /** Home's week on a phone: a dot per event in the grid (the page lists them below). */
  compact?: boolean;
  /** The events shown, whenever they change. */
  onEventsSet?: (events: EventApi[]) => void;
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
  firstDay: 0,
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

/** Who added the event, for screen readers (sighted people get it as the event's tooltip). */
function creatorNote(arg: EventContentArg) {
  const by = addedBy(arg.event.extendedProps);
  return by && <span className="sr-only">{`, ${by}`}</span>;
}

/** In day grids, the time above the title, both wrapping: narrow day cells otherwise cut the title off. */
function dayGridEvent(arg: EventContentArg) {
  return (
    <span className="hearth-event">
      {arg.timeText && <span className="hearth-event-time">{arg.timeText}</span>}
      <span className="hearth-event-title">{arg.event.title}</span>
      {creatorNote(arg)}
    </span>
  );
}

/** A dot per event, for seven columns on a phone; the title stays for screen readers. */
function dotEvent(arg: EventContentArg) {
  return (
    <span className="hearth-event-dot">
      <span className="sr-only">{arg.timeText ? `${arg.timeText} ${arg.event.title}` : arg.event.title}</span>
      {creatorNote(arg)}
    </span>
  );
}

/** View-type options: dayGrid covers the month view and Home's week. */
const VIEWS = {
  dayGrid: { eventContent: dayGridEvent },
  // A short day title keeps the phone toolbar on one row.
  timeGridDay: { titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } },
} as const;

export const isNarrow = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches === true;

/** FullCalendar fed by the house's iCalendar feed. */
export function HouseCalendar({
  feedUrl,
  variant,
  onSelectEvent,
  onLoadResult,
  calendarRef,
  week,
  compact = false,
  onEventsSet,
}: HouseCalendarProps) {
  // Read once: on a phone the page starts on the day view, and the toolbar is split in two rows.
  const [narrow] = useState(isNarrow);
  // FullCalendar keeps the feed outside the query cache: refetch it when the live stream says so.
  useLiveChange('events', () => calendarRef.current?.getApi().refetchEvents());
  const eventSources = useMemo<EventSourceInput[]>(
    () => [
      {
        id: 'house',
        events: (_range, success, failure) => {
          loadFeedEvents(feedUrl).then(success, failure);
        },
      },
    ],
    [feedUrl],
  );

  const handleClick = (arg: EventClickArg) => {
    // Events carry their API URL: open the dialog instead of following it.
    arg.jsEvent.preventDefault();
    onSelectEvent(eventIdFromUrl(arg.event.url));
  };

  const common = {
    ...SHARED_OPTIONS,
    ref: calendarRef,
    plugins: PLUGINS,
    views: VIEWS,
    eventSources,
    eventClick: handleClick,
    eventSourceFailure: (error: unknown) => {
      console.error('Error loading the house calendar:', error);
      onLoadResult(true);
    },
    eventSourceSuccess: () => {
      onLoadResult(false);
    },
    viewDidMount: ({ el }: { el: HTMLElement }) => hideIcons(el),
    dayCellDidMount: ({ el }: { el: HTMLElement }) => unlabelCell(el),
    eventDidMount: ({ el, event }: EventMountArg) => {
      const by = addedBy(event.extendedProps);
      if (by) el.title = `${event.title} · ${by}`;
    },
    ...(onEventsSet ? { eventsSet: onEventsSet } : {}),
  };

  if (variant === 'week') {
    return (
      <div className="hearth-calendar">
        <FullCalendar
          {...common}
          initialView="dayGridWeek"
          headerToolbar={false}
          height="auto"
          dayHeaderFormat={
            compact ? { weekday: 'narrow', day: 'numeric' } : { weekday: 'short', day: 'numeric' }
          }
          {...(compact ? { views: { ...VIEWS, dayGrid: { eventContent: dotEvent } } } : {})}
          {...(week ? { initialDate: week.start, validRange: week } : {})}
        />
      </div>
    );
  }

  return (
    <div className="hearth-calendar">
      <FullCalendar
        {...common}
        initialView={narrow ? 'timeGridDay' : 'dayGridMonth'}
        headerToolbar={
          narrow
            ? { left: 'prev,next today', center: '', right: 'title' }
            : { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }
        }
        footerToolbar={narrow ? { center: 'dayGridMonth,timeGridWeek,timeGridDay' } : false}
        buttonText={{ today: 'today', month: 'month', week: 'week', day: 'day' }}
        aspectRatio={1.35}
        {...(narrow ? { contentHeight: 520 } : {})}
      />
    </div>
  );
}
