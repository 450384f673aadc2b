import { type ComponentType, createElement, Suspense, useEffect, useState } from 'react';
import { lazyComponent } from '../lib/lazy-component';

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
 * A dialog whose Radix part is a lazy chunk (`load` gives the part): the component this returns fetches
 * the chunk when the browser is idle, and mounts the part from its first opening on (`isOpen` says when
 * that is), drawing nothing while the chunk is on its way.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  // Already here (preloaded while the browser was idle), the part opens in the same render.
  const Part = lazyComponent(load, (part) => part);
  return function LazyDialog(props: P) {
    useEffect(() => preloadWhenIdle(Part.preload), []);
    const opened = useOpenedOnce(isOpen(props));
    return opened ? createElement(Suspense, { fallback: null }, createElement(Part, props)) : null;
  };
}
