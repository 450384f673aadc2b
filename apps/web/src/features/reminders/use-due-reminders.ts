import type { Reminder } from '@hearth/contract';
import { useEffect, useRef, useState } from 'react';

/** Re-check at least this often: browsers cap setTimeout at about 24.8 days, and clocks drift in sleep. */
export const MAX_TIMER_MS = 60 * 60 * 1000;
/** How soon to ask again when the list still shows a series occurrence that has passed. */
export const STALE_RETRY_MS = 15_000;

const occurrenceKey = (r: Reminder) => `${r.reminder_id}@${r.next_remind_time}`;

export interface DueReminderHandlers {
  /** Occurrences that just came due (announce them, then refetch so series move on). */
  onDue: (due: Reminder[]) => void;
  /**
   * The list still shows a repeating reminder's occurrence that has passed: the server has not moved it
   * on yet (its clock may be a moment behind, or the page slept). Called again every STALE_RETRY_MS.
   */
  onStale?: () => void;
}

/**
 * Calls `onDue` when a reminder's next occurrence comes due while the page is open: one timer to the
 * nearest next_remind_time, re-armed whenever the list changes.
 *
 * Occurrences are remembered while they are ahead, so one that comes due is announced exactly once even
 * if a refetch has already replaced it with the series' next occurrence. One that had passed before this
 * page saw it is not news and is not announced; one removed or moved while still ahead is forgotten.
 */
export function useDueReminders(reminders: readonly Reminder[] | undefined, handlers: DueReminderHandlers) {
  const handlersRef = useRef(handlers);
  const pending = useRef(new Map<string, { reminder: Reminder; at: number }>());
  const [wake, setWake] = useState(0);

  useEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wake` re-runs the check when a timer fires.
  useEffect(() => {
    if (!reminders) return;
    const now = Date.now();
    const listed = new Map(reminders.map((r) => [occurrenceKey(r), r]));

    const due: Reminder[] = [];
    for (const [key, { reminder, at }] of pending.current) {
      if (at <= now) due.push(reminder);
      else if (listed.has(key)) continue;
      pending.current.delete(key);
    }
    let stale = false;
    for (const [key, reminder] of listed) {
      const at = Date.parse(reminder.next_remind_time);
      if (Number.isNaN(at)) continue;
      if (at > now) {
        if (!pending.current.has(key)) pending.current.set(key, { reminder, at });
      } else if (reminder.repeat_interval !== null) {
        stale = true;
      }
    }

    if (due.length > 0)
      handlersRef.current.onDue(due.sort((a, b) => a.next_remind_time.localeCompare(b.next_remind_time)));

    const timers: number[] = [];
    if (stale && handlersRef.current.onStale) {
      timers.push(
        window.setTimeout(() => {
          handlersRef.current.onStale?.();
          // Re-check even if the refetch answers the same list (it keeps its identity then).
          setWake((n) => n + 1);
        }, STALE_RETRY_MS),
      );
    }
    const nextAt = Math.min(...[...pending.current.values()].map((p) => p.at));
    if (Number.isFinite(nextAt)) {
      timers.push(window.setTimeout(() => setWake((n) => n + 1), Math.min(nextAt - now, MAX_TIMER_MS)));
    }
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [reminders, wake]);
}
