import type { HouseEventType } from '@hearth/contract';

/*
 * How a house's changes are announced to the outside (webhooks). A service that changes house data calls
 * `houseEvents.emit(houseId, user, 'task.done', task)` once the change is committed, with the resource as
 * its route answers it (`{ task_id }` alone for a deletion). Emitting only writes the delivery rows;
 * sending is the webhook scheduler's, so a change never waits for a receiver. Personal things
 * (reminders, away notes, tokens) are never emitted.
 */

/** Who made the change (a user row has both). */
export interface HouseEventActor {
  user_id: number;
  username: string;
}

export interface HouseEvents {
  /** Never throws: a lost announcement must not fail a committed change (it is logged). */
  emit(houseId: number, actor: HouseEventActor | null, type: HouseEventType, data: unknown): Promise<void>;
}

/** For code that announces nothing (scripts, tests of a single service). */
export const NO_HOUSE_EVENTS: HouseEvents = { emit: async () => {} };
