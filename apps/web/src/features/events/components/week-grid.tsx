import type FullCalendar from '@fullcalendar/react';
import { useMemo, useRef, useState } from 'react';
import { useAccessToken } from '../../../lib/api-client';
import { feedUrl } from '../api';
import { currentWeek } from '../lib/date-time';
import { EventDialogMessages as M } from '../lib/event-form';
import { EventDialog, type EventDialogState } from './event-dialog';
import { HouseCalendar } from './house-calendar';

/** Home's week grid: no toolbar, this week only, from the same house feed; a click opens the event. */
export default function WeekGrid({ houseId }: { houseId: number }) {
  const token = useAccessToken();
  const week = useMemo(() => currentWeek(), []);
  const calendarRef = useRef<FullCalendar>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<EventDialogState>({ mode: 'closed' });
  const [selectionError, setSelectionError] = useState<string | null>(null);

  if (!token) return null;
  return (
    <>
      {/* SPEC section 4: a failed fetch leaves the week empty and ends loading. */}
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
        feedUrl={feedUrl(houseId, token)}
        calendarRef={calendarRef}
        onLoadResult={setFailed}
        onSelectEvent={(eventId) => {
          setSelectionError(eventId === null ? M.unknownSelection : null);
          if (eventId !== null) setDialog({ mode: 'edit', eventId });
        }}
      />
      <EventDialog
        state={dialog}
        houseId={houseId}
        onClose={() => setDialog({ mode: 'closed' })}
        onChanged={() => calendarRef.current?.getApi().refetchEvents()}
      />
    </>
  );
}
