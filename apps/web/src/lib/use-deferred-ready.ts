import { useDeferredValue } from 'react';

/**
 * `ready` (a page's first answers are in), one background render late. The query library has React draw
 * a new answer at once, in a single task; the first one draws a whole page, which on a phone is a long
 * task. Gated on this instead, the page is drawn in the background, in slices between which the browser
 * paints and answers taps. Later answers are drawn at once as before (a tick shows without delay).
 */
export function useDeferredReady(ready: boolean): boolean {
  return useDeferredValue(ready);
}
