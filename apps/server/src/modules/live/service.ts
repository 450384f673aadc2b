import type { Identity } from '../../plugins/auth.js';
import type { UsersService } from '../users/service.js';
import type { LiveBus, LiveScope, LiveSubscriber, LiveSubscription } from './live-bus.js';

/** Who may listen to what: a user hears their own changes and, while a member, their house's. */
export class LiveService {
  constructor(
    private readonly users: UsersService,
    private readonly bus: LiveBus,
  ) {}

  /** The caller's scope; 403 profile_required without a profile. */
  async scopeOf(identity: Identity): Promise<LiveScope> {
    const user = await this.users.requireCurrent(identity);
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
