import {
  type ComponentType,
  createElement,
  type FulfilledReactPromise,
  lazy,
  type PendingReactPromise,
  type RejectedReactPromise,
  useEffect,
  useState,
} from 'react';

/** A promise that says how it settled, in the fields React reads on promises (status, value, reason). */
export type UsablePromise<T> = Promise<T> &
  (PendingReactPromise<T> | FulfilledReactPromise<T> | RejectedReactPromise<T>);

export function usable<T>(promise: Promise<T>): UsablePromise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  if (!tracked.status) {
    tracked.status = 'pending';
    tracked.then(
      (value) => {
        tracked.status = 'fulfilled';
        tracked.value = value;
      },
      (reason: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = reason;
      },
    );
  }
  return tracked as UsablePromise<T>;
}

export interface LazyComponent<P> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading the code (once); a failed load is tried again next time. */
  preload(): Promise<unknown>;
}

/** Loads once (the same promise while it loads); a failed load is tried again on the next call. */
function loadOnce<M>(load: () => Promise<M>): () => UsablePromise<M> {
  let current: UsablePromise<M> | null = null;
  return () => {
    if (!current) {
      const started = usable(load());
      current = started;
      started.catch(() => {
        if (current === started) current = null;
      });
    }
    return current;
  };
}

/** The module if it has already arrived, else null. */
const arrived = <M>(module: UsablePromise<M>): M | null =>
  module.status === 'fulfilled' ? module.value : null;

/**
 * React.lazy, except that code already here renders in the same pass. React.lazy suspends at its first
 * render even then, and the Suspense fallback it shows makes React hold back the reveal of what follows by
 * up to 300 ms: at start-up, where every part was preloaded, that is pure waiting. `load` gives the module
 * (the same promise while it loads, as import() does), `pick` its component.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  const preload = loadOnce(load);
  const Suspending = lazy(async () => ({ default: pick(await preload()) }));
  function Lazy(props: P) {
    // Chosen once per mount: switching from the suspending form to the direct one would remount the part.
    const [Here] = useState(() => {
      const module = arrived(preload());
      return module === null ? null : pick(module);
    });
    return createElement((Here ?? Suspending) as ComponentType<P>, props);
  }
  return Object.assign(Lazy, { preload });
}

/**
 * A part of every page that comes after the page itself (its code a chunk of its own): it draws nothing
 * until the chunk is here, then itself. No Suspense: a fallback, even an empty one, makes React hold back
 * the reveal of the page drawn next to it by up to 300 ms. A chunk that fails to arrive leaves the part
 * out (and says so in the console); the page still works.
 */
export function loadedLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const preload = loadOnce(load);
  return function LoadedLater(props: P) {
    const [Part, setPart] = useState(() => arrived(preload()));
    useEffect(() => {
      if (Part) return;
      let current = true;
      preload().then(
        (component) => {
          if (current) setPart(() => component);
        },
        (err: unknown) => console.error('A part of the page could not be loaded:', err),
      );
      return () => {
        current = false;
      };
    }, [Part]);
    return Part ? createElement(Part, props) : null;
  };
}
