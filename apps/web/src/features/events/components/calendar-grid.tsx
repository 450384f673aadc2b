import { Calendar, type CalendarOptions } from '@fullcalendar/core';
import { type RefObject, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { CalendarPlaceholder } from './calendar-placeholder';

/** What the page may ask of the grid. */
export interface CalendarHandle {
  /** Asks every event source for the shown range again (nothing before the grid exists). */
  refetchEvents(): void;
}

/** How long the grid waits for its first events before it draws without them. */
export const FIRST_EVENTS_WAIT_MS = 1500;

/**
 * FullCalendar's own Calendar on a <div>, without its React adapter: the grid draws nothing through React
 * (its event content is plain elements), and the adapter made the grid in React's commit, one long task
 * with the rest of the page's reveal. Here the calendar is set up in a task of its own (its options, and
 * the requests for the shown range, which then go out at once), and draws its first view in a later one,
 * once every event source has answered (or FIRST_EVENTS_WAIT_MS passed): drawn empty and then again with
 * the events, the month cost a phone more than one long stop of the main thread, and the events popped
 * in. New options are handed over only when they change. The placeholder holds the grid's place until then.
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
      const given = latest.current;
      let made: Calendar | null = null;
      let loading = false;
      let asked = false;
      const draw = () => {
        if (asked || !made) return;
        asked = true;
        const ready = made;
        clearTimeout(timer);
        timer = setTimeout(() => {
          ready.render();
          // Gone in the same task as the grid appears: a frame with neither would make the page below jump.
          if (placeholder.current) placeholder.current.hidden = true;
          setDrawn(true);
        });
      };
      // FullCalendar's own count of unanswered requests: `loading` is true from the moment they go out (while
      // the calendar is made) and false once every source has answered or failed.
      made = new Calendar(el, {
        ...given,
        loading(isLoading) {
          given.loading?.call(this, isLoading);
          loading = isLoading;
          if (!isLoading) draw();
        },
      });
      calendar.current = made;
      if (!loading) draw();
      else timer = setTimeout(draw, FIRST_EVENTS_WAIT_MS);
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
