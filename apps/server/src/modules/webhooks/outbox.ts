import type { HouseEventType } from '@hearth/contract';
import type { DatabaseEngine } from '../../config.js';
import type { HouseEventActor, HouseEvents } from '../../core/house-events.js';
import { WebhooksRepository } from './repository.js';
import { newMessageId } from './signing.js';

/** The events a webhook stored as JSON asks for; a row that cannot be read asks for none. */
export function storedEvents(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The body of one announcement, exactly as it is signed and sent. */
export function eventBody(
  houseId: number,
  actor: HouseEventActor | null,
  type: HouseEventType,
  data: unknown,
  at: Date,
): string {
  return JSON.stringify({
    type,
    timestamp: at.toISOString(),
    house_id: houseId,
    actor: actor ? { user_id: actor.user_id, username: actor.username } : null,
    data,
  });
}

/**
 * Announcing a change: one delivery row for each of the house's enabled webhooks that asks for its type,
 * written in the change's transaction (`trx`). The scheduler sends them once committed.
 */
export function createHouseEvents(engine: DatabaseEngine): HouseEvents {
  return {
    async emit(houseId, actor, type, data, trx) {
      const repo = new WebhooksRepository(trx, engine);
      const hooks = await repo.enabledInHouse(houseId);
      const wanted = hooks.filter((h) => storedEvents(h.events).includes(type));
      if (wanted.length === 0) return;
      const at = new Date();
      const payload = eventBody(houseId, actor, type, data, at);
      await repo.addDeliveries(
        wanted.map((h) => ({
          house_id: houseId,
          webhook_id: h.webhook_id,
          message_id: newMessageId(),
          event_type: type,
          payload,
          status: 'pending' as const,
          status_code: null,
          last_error: null,
          created_at: at.toISOString(),
          send_at: at.toISOString(),
          last_attempt_at: null,
          claimed_by: null,
          claimed_until: null,
        })),
      );
    },
  };
}
