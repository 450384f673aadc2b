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
 * once every event source has answered (or FIRST_EVENTS_WAIT_MS passed): drawn empty and then again for
 * each source's events, the month cost a phone three long stops of the main thread, and the events popped
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
      let unanswered = (given.eventSources?.length ?? 0) + (given.events ? 1 : 0);
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
      // A source may answer while the calendar is being made (its range was kept): drawn once it exists.
      const answered = () => {
        unanswered--;
        if (unanswered <= 0) draw();
      };
      made = new Calendar(el, {
        ...given,
        eventSourceSuccess(events, response) {
          const kept = given.eventSourceSuccess?.call(this, events, response);
          answered();
          return kept;
        },
        eventSourceFailure(error) {
          given.eventSourceFailure?.call(this, error);
          answered();
        },
      });
      calendar.current = made;
      if (unanswered <= 0) draw();
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
