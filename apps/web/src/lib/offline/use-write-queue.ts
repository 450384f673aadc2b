import { useSyncExternalStore } from 'react';
import { activeWriteQueue, type QueueSnapshot, type WriteQueue } from './write-queue';

const EMPTY: QueueSnapshot = { writes: [], dropped: [], stalled: false };
const noSubscription = () => () => undefined;

/** The signed-in person's waiting and dropped writes, re-rendering as they change. */
export function useWriteQueue(): QueueSnapshot {
  const queue = activeWriteQueue();
  return useSyncExternalStore(
    queue?.subscribe ?? noSubscription,
    queue?.getSnapshot ?? (() => EMPTY),
    () => EMPTY,
  );
}

/**
 * The ids that writes still waiting to be sent are about, found in their paths (`/api/<thing>/<id>`)
 * and in what they create (a temporary id), each with the real id it was given meanwhile: what a page
 * marks as "waiting to send".
 */
export function waitingIds(
  writes: QueueSnapshot['writes'],
  pathPrefix: string,
  queue: Pick<WriteQueue, 'realId'> | null = activeWriteQueue(),
): Set<number> {
  const ids = new Set<number>();
  const add = (id: number) => {
    ids.add(id);
    const real = id < 0 ? queue?.realId(id) : undefined;
    if (real !== undefined) ids.add(real);
  };
  for (const write of writes) {
    if (!write.path.startsWith(pathPrefix)) continue;
    const id = Number(write.path.slice(pathPrefix.length).split(/[/?]/)[0]);
    if (Number.isInteger(id) && id !== 0) add(id);
    else if (write.method === 'POST' && write.creates) add(write.creates.tempId);
  }
  return ids;
}
