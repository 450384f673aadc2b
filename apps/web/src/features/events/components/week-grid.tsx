import type { EventApi } from '@fullcalendar/core';
import type FullCalendar from '@fullcalendar/react';
import { useMemo, useRef, useState } from 'react';
import { useAccessToken } from '../../../lib/api-client';
import { currentWeek, formatDay, formatTime, startOfDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { EventDialogMessages as M } from '../lib/event-form';
import type { OccurrenceMeta } from '../lib/layers';
import { EventDialog, type EventDialogState } from './event-dialog';
import { HouseCalendar, isNarrow, type OccurrenceSelection } from './house-calendar';
import { useLayerToggles } from './layer-toggles';

/** On a phone: the week's events as a list under the grid of dots, soonest first. */
function WeekList({
  events,
  week,
  onOpen,
}: {
  events: EventApi[];
  week: { start: string; end: string };
  onOpen: (event: EventApi) => void;
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
    return <p className="mt-3 text-sm text-muted">{t('events:nothingOnTheCalendarThis')}</p>;
  return (
    <ul className="mt-3 flex flex-col gap-2">
      {sorted.map((event) => (
        <li key={`${event.id}-${event.start?.toISOString()}`}>
          <button
            type="button"
            onClick={() => onOpen(event)}
            className="flex w-full items-baseline gap-3 rounded-xl border border-line bg-field px-3 py-2 text-left hover:border-tan hover:bg-tan-light"
          >
            <span className="flex w-24 shrink-0 flex-col text-sm text-muted">
              <span>{event.start && formatDay(event.start)}</span>
              <span>{event.allDay ? t('events:allDay') : event.start && formatTime(event.start)}</span>
            </span>
            <span className="min-w-0 font-semibold break-words text-espresso">{event.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Home's week grid: no toolbar, this week only, with the layers switched on the calendar page; a click on
 * a house event opens it.
 */
export default function WeekGrid({ houseId }: { houseId: number }) {
  const token = useAccessToken();
  const week = useMemo(() => currentWeek(), []);
  const [compact] = useState(isNarrow);
  const calendarRef = useRef<FullCalendar>(null);
  const [failed, setFailed] = useState(false);
  // null until the feed has loaded once.
  const [events, setEvents] = useState<EventApi[] | null>(null);
  const [dialog, setDialog] = useState<EventDialogState>({ mode: 'closed' });
  const [layers] = useLayerToggles();

  const open = ({ occurrence }: OccurrenceSelection) =>
    setDialog({ mode: 'edit', eventId: occurrence.event_id, occurrence });
  const openListed = (event: EventApi) => {
    const meta = event.extendedProps as Partial<OccurrenceMeta>;
    if (meta.layer === 'house' && meta.occurrence) open({ occurrence: meta.occurrence });
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
      <HouseCalendar
        variant="week"
        week={week}
        compact={compact}
        layers={layers}
        calendarRef={calendarRef}
        onLoadResult={setFailed}
        onSelectEvent={open}
        {...(compact ? { onEventsSet: setEvents } : {})}
      />
      {compact && !failed && events && <WeekList events={events} week={week} onOpen={openListed} />}
      <EventDialog
        state={dialog}
        houseId={houseId}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={() => calendarRef.current?.getApi().refetchEvents()}
      />
    </>
  );
}
