import { Calendar, type CalendarOptions } from '@fullcalendar/core';
import { type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { CalendarPlaceholder } from './calendar-placeholder';

/** What the page may ask of the grid. */
export interface CalendarHandle {
  /** Asks every event source for the shown range again (nothing before the grid exists). */
  refetchEvents(): void;
}

/**
 * FullCalendar's own Calendar on a <div>, without its React adapter: the grid draws nothing through React
 * (its event content is plain elements), and the adapter made the grid in React's commit, one long task
 * with the rest of the page's reveal. Here the calendar is set up in a task of its own (its options, and
 * the requests for the shown range, which then go out at once), and draws its first view in the next: on a
 * phone each is a shorter stop of the main thread instead of one long one. New options are handed over
 * only when they change. The placeholder holds the grid's place until then.
 */
export function CalendarGrid({
  options,
  calendarRef,
}: {
  options: CalendarOptions;
  calendarRef: RefObject<CalendarHandle | null>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const placeholder = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  // What the calendar is made with, once its turn comes.
  const latest = useRef(options);

  useImperativeHandle(calendarRef, () => ({ refetchEvents: () => calendar.current?.refetchEvents() }), []);

  useEffect(() => {
    let timer = setTimeout(() => {
      const el = box.current;
      if (!el) return;
      const made = new Calendar(el, latest.current);
      calendar.current = made;
      timer = setTimeout(() => {
        made.render();
        // Gone in the same task as the grid appears: a frame with neither would make the page below jump.
        if (placeholder.current) placeholder.current.hidden = true;
        setDrawn(true);
      });
    });
    return () => {
      clearTimeout(timer);
      calendar.current?.destroy();
      calendar.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = options;
    calendar.current?.resetOptions(options);
  }, [options]);

  return (
    <>
      <div ref={box} />
      {!drawn && (
        <div ref={placeholder}>
          <CalendarPlaceholder />
        </div>
      )}
    </>
  );
}
