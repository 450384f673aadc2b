import type { EventClickArg, EventSourceInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import iCalendarPlugin from '@fullcalendar/icalendar';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { type Ref, useMemo, useState } from 'react';
import { eventIdFromUrl } from '../lib/event-form';
import './calendar-theme.css';

export interface HouseCalendarProps {
  /** The house feed with ?access_token= (SPEC section 6). */
  feedUrl: string;
  /** 'month': the calendar page (month first, month/week/day); 'week': Home's week without toolbar. */
  variant: 'month' | 'week';
  /** A click on an event: its id from the feed URL, or null when that is not an integer. */
  onSelectEvent: (eventId: number | null) => void;
  /** The feed failed (true) or loaded (false). */
  onLoadResult: (failed: boolean) => void;
  calendarRef?: Ref<FullCalendar>;
  /** Home's week: Sunday through the next Sunday (dates, end exclusive). */
  week?: { start: string; end: string };
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, iCalendarPlugin];

/** SPEC section 2 (Calendar) and section 9 (calendar defaults). */
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
  dayMaxEventRows: true,
} as const;

const isNarrow = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches === true;

/** FullCalendar fed by the house's iCalendar feed. */
export function HouseCalendar({
  feedUrl,
  variant,
  onSelectEvent,
  onLoadResult,
  calendarRef,
  week,
}: HouseCalendarProps) {
  // Read once: on a phone the page starts on the day view, and the toolbar is split in two rows.
  const [narrow] = useState(isNarrow);
  const eventSources = useMemo<EventSourceInput[]>(
    () => [{ id: 'house', url: feedUrl, format: 'ics' }],
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
    eventSources,
    eventClick: handleClick,
    eventSourceFailure: (error: unknown) => {
      console.error('Error loading the house calendar:', error);
      onLoadResult(true);
    },
    eventSourceSuccess: () => {
      onLoadResult(false);
    },
  };

  if (variant === 'week') {
    return (
      <div className="hearth-calendar">
        <FullCalendar
          {...common}
          initialView="dayGridWeek"
          headerToolbar={false}
          height="auto"
          dayHeaderFormat={{ weekday: 'short', day: 'numeric' }}
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
            ? { left: 'prev,next', center: 'title', right: 'today' }
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
