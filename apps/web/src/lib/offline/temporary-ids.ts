import { temporaryId } from './write-key';
import { activeWriteQueue } from './write-queue';

/*
 * Things shown the moment they are made, under a temporary negative id. Anything done to them before the
 * server answers (adding an item to a new list, ticking a new item) waits for the real id, or, when it was
 * made offline, goes into the write queue behind it (the queue puts the real id in). Temporary ids stay
 * unique across reloads (write-key), since queued writes outlive the page.
 */

const pending = new Map<number, Promise<number>>();
const resolved = new Map<number, number>();
const temporaryOf = new Map<number, number>();

/** A new temporary id. */
export const nextTemporaryId = temporaryId;

/**
 * Marks `tempId` as being saved: `serverIdOf` waits on the answer until `resolve` or `reject` is called
 * (call `saveSettled` once the save is over, whichever way).
 */
export function awaitServerId(tempId: number) {
  let resolve!: (id: number) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failure is reported by the save that failed, not by those that waited for it.
  promise.catch(() => undefined);
  pending.set(tempId, promise);
  return {
    resolve: (id: number) => {
      resolved.set(tempId, id);
      temporaryOf.set(id, tempId);
      resolve(id);
    },
    reject,
  };
}

/** Forgets the wait for `tempId`'s save (its real id, if it got one, stays known). */
export function saveSettled(tempId: number): void {
  pending.delete(tempId);
}

/**
 * The server id for `id`: itself when it is not temporary or the write queue will create it (the queue
 * puts the real id in), the real id once known, a wait while it is being saved; undefined when it was
 * never saved.
 */
export function serverIdOf(id: number): number | Promise<number> | undefined {
  if (id > 0) return id;
  const queue = activeWriteQueue();
  const known = resolved.get(id) ?? queue?.realId(id);
  if (known !== undefined) return known;
  if (queue?.willCreate(id)) return id;
  return pending.get(id);
}

/** The current id of something that may have been shown under a temporary id. */
export function currentId(id: number): number {
  return resolved.get(id) ?? id;
}

/** A React key that does not change when a temporary id becomes the real one (no remount, focus kept). */
export function stableKey(id: number): number {
  return temporaryOf.get(id) ?? id;
}
