import {
  type ComponentType,
  createElement,
  type FulfilledReactPromise,
  lazy,
  type PendingReactPromise,
  type RejectedReactPromise,
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
  let current: UsablePromise<M> | null = null;
  const preload = () => {
    if (!current) {
      const started = usable(load());
      current = started;
      started.catch(() => {
        if (current === started) current = null;
      });
    }
    return current;
  };
  const Suspending = lazy(async () => ({ default: pick(await preload()) }));
  function Lazy(props: P) {
    // Chosen once per mount: switching from the suspending form to the direct one would remount the part.
    const [Here] = useState(() => {
      const module = preload();
      return module.status === 'fulfilled' ? pick(module.value) : null;
    });
    return createElement((Here ?? Suspending) as ComponentType<P>, props);
  }
  return Object.assign(Lazy, { preload });
}
