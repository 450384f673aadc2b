import type { LiveChange } from '@hearth/contract';

/*
 * The house-scoped change stream as modules see it. A service that changes shared data calls
 * `live.publish(houseId, change)` after the change is committed (personal data: `publishToUser`); the
 * stream reaches every instance and every open stream of that house or user (the live module serves it).
 */

/** What services need: publishing, nothing else. */
export interface LivePublisher {
  /** Tells every member of the house. Never throws: a lost message must not fail a committed change. */
  publish(houseId: number, change: LiveChange): Promise<void>;
  /** Tells only this user's open streams (personal data such as reminders). */
  publishToUser(userId: number, change: LiveChange): Promise<void>;
}

export interface LiveScope {
  userId: number;
  houseId: number | null;
}

export interface LiveEvent {
  /** The stream position after this event, sent as the SSE `id:`. */
  id: string;
  change: LiveChange;
}

export interface LiveSubscriber {
  change(event: LiveEvent): void;
  resync(): void;
}

export interface LiveSubscription {
  /** false when `replay` holds every change since the client's last event id. */
  resync: boolean;
  replay: LiveEvent[];
  /** The current position, for the `ready` event. */
  position: string;
  unsubscribe(): void;
}

/** The whole stream: publishing, and (for the live module's endpoint) listening. */
export interface LiveHub extends LivePublisher {
  /**
   * Starts delivering the scope's changes. With the last event id a client saw, the changes it missed are
   * replayed when this instance still has them all; otherwise `resync` tells it to refetch.
   */
  subscribe(scope: LiveScope, subscriber: LiveSubscriber, lastEventId?: string | null): LiveSubscription;
}
