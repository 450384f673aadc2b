import type { Rotation } from '@hearth/contract';

/*
 * Who is on turn. Plain functions over plain data: the service loads the pool, the away periods,
 * the effort each member did lately and when each last did this task, and stores the answer.
 */

/** A member's time away; both dates (YYYY-MM-DD) are included. */
export interface AwaySpan {
  user_id: number;
  starts_on: string;
  ends_on: string;
}

/** Whether `userId` is away on the local date `date` (ISO dates compare as strings). */
export function isAwayOn(spans: readonly AwaySpan[], userId: number, date: string): boolean {
  return spans.some((span) => span.user_id === userId && span.starts_on <= date && date <= span.ends_on);
}

/** What fairest rotation weighs: effort done lately per member, and when each last did this task. */
export interface Fairness {
  /** Effort done over the fairness window, across all the house's tasks. */
  effortDone: ReadonlyMap<number, number>;
  /** When each member last did this task (epoch ms); missing means never. */
  lastDidTask: ReadonlyMap<number, number>;
}

/**
 * The round-robin member after `after` in the pool who is not away (the check wraps round to `after`
 * itself). `after` not in the pool starts the walk at the pool's head. Null when everyone is away.
 */
export function nextInTurn(
  pool: readonly number[],
  after: number,
  away: (userId: number) => boolean,
): number | null {
  const from = pool.indexOf(after);
  for (let step = 1; step <= pool.length; step++) {
    const candidate = pool[(from + step) % pool.length]!;
    if (!away(candidate)) return candidate;
  }
  return null;
}

/**
 * The pool member with the least effort done lately; ties go to who did this task longest ago (never
 * first), then to pool order. Away members are passed over; null when everyone is away.
 */
export function fairestMember(
  pool: readonly number[],
  fairness: Fairness,
  away: (userId: number) => boolean,
): number | null {
  let best: number | null = null;
  let bestKey: [number, number] = [0, 0];
  for (const member of pool) {
    if (away(member)) continue;
    const key: [number, number] = [
      fairness.effortDone.get(member) ?? 0,
      fairness.lastDidTask.get(member) ?? Number.NEGATIVE_INFINITY,
    ];
    if (best === null || key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
      best = member;
      bestKey = key;
    }
  }
  return best;
}

/** A task as rotation sees it. */
export interface TurnState {
  rotation: Rotation;
  pool: readonly number[];
  assigneeId: number;
}

/**
 * Who takes the next occurrence once `doneBy` did this one. Fixed keeps its person; round robin
 * passes to the member after the doer; fairest picks afresh. When every pool member is away on the new
 * due date the task stays with its assignee. A skip passes `doneBy: null` and keeps the assignee.
 */
export function handOff(
  task: TurnState,
  doneBy: number | null,
  away: (userId: number) => boolean,
  fairness: Fairness,
): number {
  if (doneBy === null || task.rotation === 'fixed') return task.assigneeId;
  const next =
    task.rotation === 'round_robin'
      ? nextInTurn(task.pool, doneBy, away)
      : fairestMember(task.pool, fairness, away);
  return next ?? task.assigneeId;
}

/**
 * Who is on turn when a task is created or edited: fixed keeps `chosen`; round robin starts at
 * `chosen` (or the pool's head) unless they are away, then walks on; fairest picks the fairest member.
 * Falls back to the starting member when everyone is away.
 */
export function firstOnTurn(
  rotation: Rotation,
  pool: readonly number[],
  chosen: number | null,
  away: (userId: number) => boolean,
  fairness: Fairness,
): number {
  const start = chosen ?? pool[0]!;
  if (rotation === 'fixed') return start;
  if (rotation === 'fairest') return fairestMember(pool, fairness, away) ?? start;
  if (!away(start)) return start;
  return nextInTurn(pool, start, away) ?? start;
}
