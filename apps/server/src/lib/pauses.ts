import { setImmediate } from 'node:timers/promises';

/**
 * How long a long job (an export, an import, catching up) may run before it lets the event loop go: well
 * under the 100 ms a waiting request may notice, with room for the step that overruns it.
 */
export const WORK_SLICE_MS = 20;

/**
 * A pause for a long job, to await between two small steps: it lets the event loop go (other requests,
 * timers, I/O) once WORK_SLICE_MS of work has passed since the last time, and costs nothing otherwise.
 */
export function pauses(sliceMs = WORK_SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await setImmediate();
    since = performance.now();
  };
}
