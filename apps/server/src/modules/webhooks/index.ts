import { defineModule } from '../../core/module.js';
import type { Db } from '../../db/create-db.js';
import { RepeatingRun } from '../../lib/repeating-run.js';
import { WebhookDispatcher } from './dispatcher.js';
import { WebhooksRepository } from './repository.js';
import { webhooksRoutes } from './routes.js';
import { WebhooksService } from './service.js';

export { createHouseEvents } from './outbox.js';
export { WebhooksRepository } from './repository.js';
export type { WebhooksTables } from './tables.js';

/** Webhooks Hearth switched off in (from, to] because they kept failing, every house (for notifications). */
export function webhooksDisabledBetween(db: Db, from: Date, to: Date) {
  // The engine does not matter for this read.
  return new WebhooksRepository(db, 'sqlite').disabledBetween(from.toISOString(), to.toISOString());
}

/**
 * Webhooks: a house's changes announced to URLs its members choose, signed by the Standard Webhooks
 * scheme and sent by a durable scheduler (rows in the database, claimed by one instance at a time).
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  liveKinds: [],
  async routes(api, { db, config, membership, log }) {
    const repo = new WebhooksRepository(db, config.database.engine);
    if (config.notifications.scheduler) {
      const dispatcher = new WebhookDispatcher(repo, { outbound: config.outbound, log });
      // Each instance looks for due deliveries every second: a change reaches its receivers within seconds.
      const runner = new RepeatingRun(
        {
          run: () => dispatcher.drain(),
          interrupt: () => dispatcher.stop(),
          release: () => dispatcher.releaseClaims(),
        },
        log,
        1000,
        'webhook delivery run failed',
      );
      api.addHook('onReady', async () => runner.start());
      api.addHook('onClose', async () => runner.stop());
    }
    await api.register(webhooksRoutes, { webhooks: new WebhooksService(repo, membership, config.outbound) });
  },
});
