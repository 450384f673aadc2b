import { replaceEqualDeep } from '@tanstack/react-query';

/*
 * The live stream's position each answer was read at (the server's LIVE_POSITION_HEADER), kept beside the
 * parsed answer itself: the query cache holds the answer, so the position goes wherever the answer goes
 * and is forgotten with it. A first stream opened from the oldest of them replays what changed since,
 * and the queries need not all be read again (see features/live/use-live-updates.ts).
 */

const positions = new WeakMap<object, string>();

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Notes the position an answer was read at (nothing to note for a bare value or a missing header). */
export function notePosition(answer: unknown, position: string | null): void {
  if (isObject(answer) && position) positions.set(answer, position);
}

/** The position an answer was read at, if the server said. */
export function positionOf(answer: unknown): string | undefined {
  return isObject(answer) ? positions.get(answer) : undefined;
}

/**
 * The query cache's structural sharing, which keeps the old answer when a refetch brings the same data:
 * the kept answer then takes the newer answer's position.
 */
export function shareWithPosition(old: unknown, fresh: unknown): unknown {
  const kept = replaceEqualDeep(old, fresh);
  const position = positionOf(fresh);
  if (kept !== fresh && position) notePosition(kept, position);
  return kept;
}

export interface LivePosition {
  /** The server instance's numbering and the house: positions compare only within one stream. */
  stream: string;
  seq: number;
  /** As the server wrote it. */
  text: string;
}

/** `<epoch>-<number>-<house>`, or undefined for anything else. */
export function parsePosition(position: string | undefined): LivePosition | undefined {
  const match = /^([a-z0-9]+)-(\d+)-(\d+)$/.exec(position ?? '');
  if (!match) return undefined;
  return { stream: `${match[1]}-${match[3]}`, seq: Number(match[2]), text: match[0] };
}
