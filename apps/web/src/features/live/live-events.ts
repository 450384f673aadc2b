import type { LiveChange, LiveKind } from '@hearth/contract';
import { useEffect, useRef } from 'react';

type Listener = (change: LiveChange | null) => void;

const listeners = new Set<Listener>();

/** Called by useLiveUpdates for each change; null means 'anything may have changed' (resync). */
export function emitLiveChange(change: LiveChange | null): void {
  for (const listener of listeners) listener(change);
}

/**
 * For data that is not read through a query (e.g. FullCalendar's feed): runs `onChange` for each change of
 * `kinds` from the live stream, and once after a resync (not once per kind: each run refetches). A first
 * stream that resumes from the answers in the query cache (no resync) replays the changes since the oldest
 * of them: such data must be kept in the query cache too (as the calendar's ranges are), where what the
 * replay does not cover is marked stale.
 *
 *   useLiveChange(['events', 'tasks'], () => calendarRef.current?.getApi().refetchEvents());
 */
export function useLiveChange(
  kinds: LiveKind | readonly LiveKind[],
  onChange: (change: LiveChange | null) => void,
): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const watched = typeof kinds === 'string' ? kinds : kinds.join(' ');
  useEffect(() => {
    const wanted = new Set(watched.split(' '));
    const listener: Listener = (change) => {
      if (change === null || wanted.has(change.kind)) latest.current(change);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [watched]);
}
