import { defineModule } from '../../core/module.js';
import { UsersRepository } from './repository.js';
import { usersRoutes } from './routes.js';
import { UsersService } from './service.js';

/** Profiles: whether the caller has one, reading and saving it. */
export const usersModule = defineModule({
  name: 'users',
  liveKinds: [],
  async routes(api, { db }) {
    await api.register(usersRoutes, { users: new UsersService(new UsersRepository(db)) });
  },
});
