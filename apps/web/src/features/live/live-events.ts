import type { LiveChange, LiveKind } from '@hearth/contract';
import { useEffect, useRef } from 'react';

type Listener = (change: LiveChange | null) => void;

const listeners = new Set<Listener>();

/** Called by useLiveUpdates for each change; null means 'anything may have changed' (resync). */
export function emitLiveChange(change: LiveChange | null): void {
  for (const listener of listeners) listener(change);
}

/**
 * For data that is not in the TanStack Query cache (e.g. FullCalendar's feed): runs `onChange` for each
 * change of `kind` from the live stream, and after a resync.
 *
 *   useLiveChange('events', () => calendarRef.current?.getApi().refetchEvents());
 */
export function useLiveChange(kind: LiveKind, onChange: (change: LiveChange | null) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener: Listener = (change) => {
      if (change === null || change.kind === kind) latest.current(change);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [kind]);
}
