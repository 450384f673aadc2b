import type { Identity } from '../../core/identity.js';
import type { LiveHub, LiveScope, LiveSubscriber, LiveSubscription } from '../../core/live.js';
import type { Membership } from '../../core/membership.js';

/** Who may listen to what: a user hears their own changes and, while a member, their house's. */
export class LiveService {
  constructor(
    private readonly membership: Membership,
    private readonly bus: LiveHub,
  ) {}

  /** The caller's scope; 403 profile_required without a profile. */
  async scopeOf(identity: Identity): Promise<LiveScope> {
    const user = await this.membership.profile(identity);
    return { userId: user.user_id, houseId: user.house_id };
  }

  subscribe(scope: LiveScope, subscriber: LiveSubscriber, lastEventId: string | null): LiveSubscription {
    return this.bus.subscribe(scope, subscriber, lastEventId);
  }

  /** Whether an open stream's scope is still the caller's (they may have moved house since). */
  async stillCurrent(identity: Identity, scope: LiveScope): Promise<boolean> {
    try {
      const now = await this.scopeOf(identity);
      return now.userId === scope.userId && now.houseId === scope.houseId;
    } catch {
      return false;
    }
  }
}
