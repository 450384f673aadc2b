import { defineModule } from '../../core/module.js';
import { AccessTokensRepository, AccessTokensService } from '../access-tokens/index.js';
import { BillsRepository, BillsService, RecurringRunner } from '../bills/index.js';
import { EventsRepository, EventsService } from '../events/index.js';
import { GroceriesRepository, GroceriesService } from '../groceries/index.js';
import { RemindersRepository, RemindersService } from '../reminders/index.js';
import { TasksRepository, TasksService } from '../tasks/index.js';
import { McpRepository } from './repository.js';
import { mcpRoutes } from './routes.js';

/**
 * An MCP server for assistants at /mcp, opened with a personal API token. Every tool goes through the
 * same service as the API route that does the same, so permissions, live updates and history apply.
 */
export const mcpModule = defineModule({
  name: 'mcp',
  liveKinds: [],
  async routes() {},
  async rootRoutes(app, { db, membership, live, houseEvents, config, log }) {
    const bills = new BillsRepository(db, config.database.engine);
    await app.register(mcpRoutes, {
      tokens: new AccessTokensService(new AccessTokensRepository(db), membership),
      deps: {
        services: {
          groceries: new GroceriesService(new GroceriesRepository(db), membership, live, houseEvents),
          events: new EventsService(new EventsRepository(db), membership, live, houseEvents),
          tasks: new TasksService(new TasksRepository(db), membership, live, houseEvents),
          reminders: new RemindersService(new RemindersRepository(db), membership, live),
          // Never started here: the bills module's runner makes recurring bills; adding an expense needs none.
          bills: new BillsService(
            bills,
            membership,
            live,
            new RecurringRunner(bills, live, log),
            houseEvents,
          ),
        },
        membership,
        repo: new McpRepository(db),
        version: '0.1.0',
      },
    });
  },
});
