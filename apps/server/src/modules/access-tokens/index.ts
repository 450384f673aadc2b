import { defineModule } from '../../core/module.js';
import { AccessTokensRepository } from './repository.js';
import { accessTokensRoutes } from './routes.js';
import { AccessTokensService } from './service.js';

export { AccessTokensRepository } from './repository.js';
export { isAccessToken } from './secret.js';
export { AccessTokensService, type TokenHolder } from './service.js';
export type { AccessTokensTables } from './tables.js';

/**
 * Personal API tokens for scripts, home automations and assistants (`Authorization: Bearer hearth_pat_...`).
 * Personal credentials: never part of the house export, gone with the account. plugins/auth.ts checks them.
 */
export const accessTokensModule = defineModule({
  name: 'access-tokens',
  liveKinds: [],
  async routes(api, { db, membership }) {
    await api.register(accessTokensRoutes, {
      tokens: new AccessTokensService(new AccessTokensRepository(db), membership),
    });
  },
});
