import type { HouseEventType } from '@hearth/contract';
import type { Db } from '../db/create-db.js';

/*
 * How a house's changes are announced to the outside (webhooks): a transactional outbox. A service that
 * changes house data calls `houseEvents.emit(houseId, user, 'task.done', task, trx)` inside the change's
 * own transaction, with the resource as its route answers it (`{ task_id }` alone for a deletion), so the
 * delivery rows commit with the change or not at all: a crash right after the commit cannot lose the
 * announcement. Emitting only writes the delivery rows; sending is the webhook scheduler's, so a change
 * never waits for a receiver. Personal things (reminders, away notes, tokens) are never emitted.
 */

/** Who made the change (a user row has both). */
export interface HouseEventActor {
  user_id: number;
  username: string;
}

export interface HouseEvents {
  /**
   * Writes the delivery rows through `trx`, the transaction of the change: a failure here fails (and rolls
   * back) the change, as an acknowledged change must never miss its announcement.
   */
  emit(
    houseId: number,
    actor: HouseEventActor | null,
    type: HouseEventType,
    data: unknown,
    trx: Db,
  ): Promise<void>;
}

/** For code that announces nothing (scripts, tests of a single service). */
export const NO_HOUSE_EVENTS: HouseEvents = { emit: async () => {} };
