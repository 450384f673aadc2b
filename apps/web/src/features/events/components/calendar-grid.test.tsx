import type { CalendarOptions, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarGrid, type CalendarHandle, FIRST_EVENTS_WAIT_MS } from './calendar-grid';

afterEach(() => {
  vi.useRealTimers();
});

const optionsWith = (events: (arg: EventSourceFuncArg) => void, today = 'Today'): CalendarOptions => ({
  plugins: [dayGridPlugin],
  initialView: 'dayGridMonth',
  initialDate: '2026-11-10',
  timeZone: 'UTC',
  headerToolbar: { left: 'today', center: 'title', right: '' },
  buttonText: { today },
  eventSources: [
    {
      id: 'house',
      events: (arg, success) => {
        events(arg);
        success([]);
      },
    },
  ],
});

describe('CalendarGrid', () => {
  it('sets the calendar up in one task and draws it in the next, then takes new options and refetches', () => {
    vi.useFakeTimers();
    const asked = vi.fn();
    const ref = createRef<CalendarHandle>();
    const { container, rerender, unmount } = render(
      <CalendarGrid options={optionsWith(asked)} calendarRef={ref} />,
    );
    // Nothing yet but the placeholder: the page's own commit is not held up by the grid.
    expect(container.querySelector('.fc')).toBeNull();
    expect(asked).not.toHaveBeenCalled();
    const waiting = screen.getByText('Loading your calendar');

    // The first task makes the calendar, which asks for the shown range at once; the next draws it.
    act(() => vi.advanceTimersToNextTimer());
    expect(asked).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.fc')).toBeNull();
    expect(waiting).toBeVisible();
    // The grid replaces the placeholder in one task: no frame shows neither (the page below would jump).
    vi.advanceTimersToNextTimer();
    expect(container.querySelector('.fc-toolbar-title')?.textContent).toBe('November 2026');
    expect(waiting).not.toBeVisible();
    expect(container.querySelectorAll('.fc-daygrid-day')).toHaveLength(42);

    // New options reach the calendar.
    rerender(<CalendarGrid options={optionsWith(asked, 'Heute')} calendarRef={ref} />);
    expect(container.querySelector('.fc-today-button')?.textContent).toBe('Heute');
    const calls = asked.mock.calls.length;

    act(() => ref.current?.refetchEvents());
    expect(asked).toHaveBeenCalledTimes(calls + 1);

    unmount();
    expect(container.querySelector('.fc')).toBeNull();
  });

  it('draws once every source has answered, with their events, and tells the page of each answer', () => {
    vi.useFakeTimers();
    let answerHouse: (events: { title: string; start: string }[]) => void = () => undefined;
    let failLayers: (error: Error) => void = () => undefined;
    const succeeded = vi.fn();
    const failed = vi.fn();
    const options: CalendarOptions = {
      ...optionsWith(() => undefined),
      eventSources: [
        {
          id: 'house',
          events: (_arg, success) => {
            answerHouse = success;
          },
        },
        {
          id: 'layers',
          events: (_arg, _success, failure) => {
            failLayers = failure;
          },
        },
      ],
      eventSourceSuccess: succeeded,
      eventSourceFailure: failed,
    };
    const { container } = render(<CalendarGrid options={options} calendarRef={createRef()} />);
    act(() => vi.advanceTimersToNextTimer());

    // One source answered: still the placeholder, and no draw is due yet.
    act(() => answerHouse([{ title: 'Bin day', start: '2026-11-12' }]));
    expect(succeeded).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(FIRST_EVENTS_WAIT_MS / 2));
    expect(container.querySelector('.fc')).toBeNull();

    // The other failed: that is an answer too. The grid's first draw already holds the event.
    act(() => failLayers(new Error('offline')));
    expect(failed).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersToNextTimer());
    expect(container.querySelector('.fc-event-title')?.textContent).toBe('Bin day');
    expect(screen.queryByText('Loading your calendar')).toBeNull();
  });

  it('draws without its events when a source has not answered in time', () => {
    vi.useFakeTimers();
    const options: CalendarOptions = {
      ...optionsWith(() => undefined),
      eventSources: [{ id: 'house', events: () => undefined }],
    };
    const { container } = render(<CalendarGrid options={options} calendarRef={createRef()} />);
    act(() => vi.advanceTimersToNextTimer());
    act(() => vi.advanceTimersByTime(FIRST_EVENTS_WAIT_MS - 1));
    expect(container.querySelector('.fc')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersToNextTimer());
    expect(container.querySelectorAll('.fc-daygrid-day')).toHaveLength(42);
    expect(container.querySelector('.fc-event')).toBeNull();
  });

  it('makes no calendar when it is gone before its turn', () => {
    vi.useFakeTimers();
    const asked = vi.fn();
    const ref = createRef<CalendarHandle>();
    const { unmount } = render(<CalendarGrid options={optionsWith(asked)} calendarRef={ref} />);
    unmount();
    vi.runAllTimers();
    expect(asked).not.toHaveBeenCalled();
    // Asking a grid that is not there does nothing.
    expect(() => ref.current?.refetchEvents()).not.toThrow();
  });
});
