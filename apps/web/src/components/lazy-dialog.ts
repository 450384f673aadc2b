import { useEffect, useState } from 'react';

/*
 * The dialogs' Radix code (focus trap, dismissal, aria wiring) is a chunk of its own, fetched when a
 * dialog first opens or once the browser is idle after the page has drawn, whichever comes first: it is
 * not on any page's first screen.
 */

/** Runs `load` when the browser is next idle; returns the function that cancels it. */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => {
    // A failure shows when the dialog opens (the chunk is asked for again then).
    load().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}

/**
 * True from the first time `open` is true: the dialog's Radix part stays mounted after it closes, so
 * closing runs its focus return and the next opening needs nothing new.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * For a dialog whose Radix part is a lazy chunk: fetches the chunk when the browser is idle, and says
 * whether the part should be mounted (from the first opening on, see useOpenedOnce).
 */
export function useLazyDialog(open: boolean, load: () => Promise<unknown>): boolean {
  useEffect(() => preloadWhenIdle(load), [load]);
  return useOpenedOnce(open);
}
