import { defineModule } from '../../core/module.js';
import { billsHouseData } from './house-data.js';
import { RecurringRunner } from './recurring-runner.js';
import { BillsRepository } from './repository.js';
import { billsRoutes } from './routes.js';
import { BillsService } from './service.js';

/** Read-only views for the notification scheduler. */
export {
  billActivityBetween,
  billChangesSince,
  type DueBill,
  paymentsRecordedBetween,
  recurringBillsDue,
} from './due.js';
export { RecurringRunner } from './recurring-runner.js';
export { BillsRepository } from './repository.js';
export { BillsService } from './service.js';
export type { BillsTables } from './tables.js';
/** Read-only views for the calendar's layers and the personal feed. */
export { billsDueBetween } from './timeline.js';

/** How often a running server looks for recurring bills that have fallen due. */
const RECURRING_EVERY_MS = 15 * 60 * 1000;

/** Shared money: the house currency, expenses and their splits, balances, payments, recurring bills. */
export const billsModule = defineModule({
  name: 'bills',
  liveKinds: ['bills'],
  houseData: billsHouseData,
  async routes(api, { db, config, membership, live, houseEvents, log }) {
    const repository = new BillsRepository(db, config.database.engine);
    const runner = new RecurringRunner(repository, live, log, undefined, houseEvents);
    // Dates missed while no server ran are made before the server takes requests.
    api.addHook('onReady', () => runner.start(RECURRING_EVERY_MS));
    api.addHook('onClose', async () => runner.stop());
    await api.register(billsRoutes, {
      bills: new BillsService(repository, membership, live, runner, houseEvents),
    });
  },
});
