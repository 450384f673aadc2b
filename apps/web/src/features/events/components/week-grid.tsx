import type { EventApi } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { useMemo, useRef, useState } from 'react';
import { useAccessToken } from '../../../lib/api-client';
import { currentWeek, formatDay, formatTime, startOfDate } from '../../../lib/dates';
import { feedUrl } from '../api';
import { eventIdFromUrl, EventDialogMessages as M } from '../lib/event-form';
import { EventDialog, type EventDialogState } from './event-dialog';
import { HouseCalendar, isNarrow } from './house-calendar';

/** On a phone: the week's events as a list under the grid of dots, soonest first. */
function WeekList({
  events,
  week,
  onOpen,
}: {
  events: EventApi[];
  week: { start: string; end: string };
  onOpen: (url: string) => void;
}) {
  // The feed plugin loads a day either side of the week: list only what the grid shows.
  const from = startOfDate(week.start);
  const to = startOfDate(week.end);
  const sorted = events
    .filter(
      (e) =>
        e.start && e.start.getTime() < to && (e.end ? e.end.getTime() > from : e.start.getTime() >= from),
    )
    .sort((a, b) => (a.start?.getTime() ?? 0) - (b.start?.getTime() ?? 0));
  if (sorted.length === 0)
    return <p className="mt-3 text-sm text-muted">Nothing on the calendar this week.</p>;
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {sorted.map((event) => (
        <li key={`${event.url}-${event.start?.toISOString()}`}>
          <button
            type="button"
            onClick={() => onOpen(event.url)}
            className="flex w-full items-baseline gap-3 rounded-xl border border-line bg-white px-3 py-2 text-left hover:border-tan hover:bg-tan-light"
          >
            <span className="flex w-24 shrink-0 flex-col text-sm text-muted">
              <span>{event.start && formatDay(event.start)}</span>
              <span>{event.allDay ? 'All day' : event.start && formatTime(event.start)}</span>
            </span>
            <span className="min-w-0 font-semibold break-words text-espresso">{event.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Home's week grid: no toolbar, this week only, from the same house feed; a click opens the event. */
export default function WeekGrid({ houseId }: { houseId: number }) {
  const token = useAccessToken();
  const week = useMemo(() => currentWeek(), []);
  const [compact] = useState(isNarrow);
  const calendarRef = useRef<FullCalendar>(null);
  const [failed, setFailed] = useState(false);
  // null until the feed has loaded once.
  const [events, setEvents] = useState<EventApi[] | null>(null);
  const [dialog, setDialog] = useState<EventDialogState>({ mode: 'closed' });
  const [selectionError, setSelectionError] = useState<string | null>(null);

  const open = (eventId: number | null) => {
    setSelectionError(eventId === null ? M.unknownSelection : null);
    if (eventId !== null) setDialog({ mode: 'edit', eventId });
  };

  if (!token) return null;
  return (
    <>
      {/* A failed fetch leaves the week empty and ends loading. */}
      {failed && (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {M.calendarFailed}
        </p>
      )}
      {selectionError && (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {selectionError}
        </p>
      )}
      <HouseCalendar
        variant="week"
        week={week}
        compact={compact}
        feedUrl={feedUrl(houseId, token)}
        calendarRef={calendarRef}
        onLoadResult={setFailed}
        onSelectEvent={open}
        {...(compact ? { onEventsSet: setEvents } : {})}
      />
      {compact && !failed && events && (
        <WeekList events={events} week={week} onOpen={(url) => open(eventIdFromUrl(url))} />
      )}
      <EventDialog
        state={dialog}
        houseId={houseId}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={() => calendarRef.current?.getApi().refetchEvents()}
      />
    </>
  );
}
