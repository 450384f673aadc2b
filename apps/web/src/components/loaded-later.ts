import { type ComponentType, createElement, useEffect, useState } from 'react';

/**
 * A part of every page that comes after the page itself (its code a chunk of its own): it draws nothing
 * until the chunk is here, then itself. No Suspense: a fallback, even an empty one, makes React hold back
 * the reveal of the page drawn next to it by up to 300 ms. A chunk that fails to arrive leaves the part
 * out (and says so in the console); the page still works.
 */
export function loadedLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function LoadedLater(props: P) {
    const [Part, setPart] = useState(() => loaded);
    useEffect(() => {
      if (Part) return;
      let current = true;
      load().then(
        (component) => {
          loaded = component;
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
