import type { Reminder } from '@hearth/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS, STALE_RETRY_MS, useDueReminders } from './use-due-reminders';

const START = Date.parse('2026-11-22T12:00:00.000Z');
const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const reminder = (id: number, nextMs: number, overrides: Partial<Reminder> = {}): Reminder => ({
  reminder_id: id,
  title: `Reminder ${id}`,
  description: null,
  remind_time: iso(nextMs),
  repeat_interval: null,
  time_zone: 'UTC',
  next_remind_time: iso(nextMs),
  ...overrides,
});

/** Moves the fake clock; state set by timers is flushed as React would in a browser. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

const ids = (call: unknown[] | undefined) => ((call ?? [])[0] as Reminder[]).map((r) => r.reminder_id);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: Reminder[] | undefined) {
  const onDue = vi.fn();
  const hook = renderHook(({ list }) => useDueReminders(list, { onDue }), {
    initialProps: { list: initial },
  });
  return {
    onDue,
    rerender: (list: Reminder[] | undefined) => hook.rerender({ list }),
    unmount: hook.unmount,
  };
}

describe('useDueReminders', () => {
  it('waits for data, then fires once when the nearest reminder comes due', () => {
    const { onDue, rerender } = setup(undefined);
    rerender([reminder(1, START + 10 * MINUTE), reminder(2, START + 5 * MINUTE)]);

    advance(5 * MINUTE - 1);
    expect(onDue).not.toHaveBeenCalled();
    advance(1);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(ids(onDue.mock.calls[0])).toEqual([2]);

    advance(5 * MINUTE);
    expect(onDue).toHaveBeenCalledTimes(2);
    expect(ids(onDue.mock.calls[1])).toEqual([1]);

    advance(60 * MINUTE);
    expect(onDue).toHaveBeenCalledTimes(2);
  });

  it('fires reminders due at the same moment together', () => {
    const { onDue } = setup([reminder(1, START + MINUTE), reminder(2, START + MINUTE)]);
    advance(MINUTE);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(ids(onDue.mock.calls[0])).toEqual([1, 2]);
  });

  it('does not announce a one-off that had already passed when the page saw it', () => {
    const { onDue } = setup([reminder(1, START - MINUTE)]);
    advance(24 * 60 * MINUTE);
    expect(onDue).not.toHaveBeenCalled();
  });

  it('times the next occurrence of a series once the refetched list moves it on', () => {
    const first = START + 2 * MINUTE;
    const daily = (next: number) => reminder(3, next, { remind_time: iso(first), repeat_interval: 'Daily' });
    const { onDue, rerender } = setup([daily(first)]);

    advance(2 * MINUTE);
    expect(onDue).toHaveBeenCalledTimes(1);
    // The same answer again (e.g. a refetch that raced the clock) is not announced twice.
    rerender([daily(first)]);
    expect(onDue).toHaveBeenCalledTimes(1);

    const tomorrow = first + 24 * 60 * MINUTE;
    rerender([daily(tomorrow)]);
    advance(24 * 60 * MINUTE - 1);
    expect(onDue).toHaveBeenCalledTimes(1);
    advance(1);
    expect(onDue).toHaveBeenCalledTimes(2);
    expect((onDue.mock.calls[1]![0] as Reminder[])[0]!.next_remind_time).toBe(iso(tomorrow));
  });

  it('announces an occurrence once even when a refetch already moved the series on before its timer ran', () => {
    const first = START + 2 * MINUTE;
    const daily = (next: number) => reminder(3, next, { remind_time: iso(first), repeat_interval: 'Daily' });
    const { onDue, rerender } = setup([daily(first)]);
    // The clock passes the due time, and a refetch lands before the timer's check runs.
    vi.setSystemTime(first + 5);
    rerender([daily(first + 24 * 60 * MINUTE)]);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect((onDue.mock.calls[0]![0] as Reminder[])[0]!.next_remind_time).toBe(iso(first));
    advance(MINUTE);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('re-arms when a reminder is edited or deleted before it is due', () => {
    const { onDue, rerender } = setup([reminder(1, START + 10 * MINUTE)]);
    rerender([reminder(1, START + 20 * MINUTE)]);
    advance(10 * MINUTE);
    expect(onDue).not.toHaveBeenCalled();
    advance(10 * MINUTE);
    expect(onDue).toHaveBeenCalledTimes(1);

    rerender([reminder(2, START + 30 * MINUTE)]);
    rerender([]);
    advance(60 * MINUTE);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('waits in steps of at most an hour for reminders weeks away, and still fires on time', () => {
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    const due = START + 30 * 24 * 60 * MINUTE;
    const { onDue } = setup([reminder(1, due)]);
    expect(setTimeoutSpy.mock.calls.at(-1)?.[1]).toBe(MAX_TIMER_MS);
    advance(due - START - 1);
    expect(onDue).not.toHaveBeenCalled();
    advance(1);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('stops its timer when unmounted', () => {
    const { onDue, unmount } = setup([reminder(1, START + MINUTE)]);
    unmount();
    advance(2 * MINUTE);
    expect(onDue).not.toHaveBeenCalled();
  });
});

describe('useDueReminders: stale lists', () => {
  it('asks again every 15 s while a passed series occurrence is still listed, and stops once it moves on', () => {
    const onDue = vi.fn();
    const onStale = vi.fn();
    const series = (next: number) =>
      reminder(4, next, { remind_time: iso(START - 24 * 60 * MINUTE), repeat_interval: 'Daily' });
    const hook = renderHook(({ list }) => useDueReminders(list, { onDue, onStale }), {
      initialProps: { list: [series(START + MINUTE)] },
    });
    advance(MINUTE);
    expect(onDue).toHaveBeenCalledTimes(1);
    expect(onStale).not.toHaveBeenCalled();

    advance(STALE_RETRY_MS);
    expect(onStale).toHaveBeenCalledTimes(1);
    // The refetch answered the same list: keep asking.
    advance(STALE_RETRY_MS);
    expect(onStale).toHaveBeenCalledTimes(2);

    hook.rerender({ list: [series(START + MINUTE + 24 * 60 * MINUTE)] });
    advance(10 * STALE_RETRY_MS);
    expect(onStale).toHaveBeenCalledTimes(2);
    expect(onDue).toHaveBeenCalledTimes(1);
  });

  it('does not treat a passed one-off as stale', () => {
    const onStale = vi.fn();
    renderHook(() => useDueReminders([reminder(1, START - MINUTE)], { onDue: vi.fn(), onStale }));
    advance(10 * STALE_RETRY_MS);
    expect(onStale).not.toHaveBeenCalled();
  });
});
