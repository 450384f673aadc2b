import type { LayersQuery, TimelineLayers } from '@hearth/contract';
import { EVENT_OCCURRENCES_MAX } from '@hearth/contract';
import { DateTime } from 'luxon';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import type { Db } from '../../db/create-db.js';
import { notFound } from '../../lib/errors.js';
import { billsDueBetween } from '../bills/index.js';
import { externalOccurrences } from '../external-calendars/index.js';
import { reminderOccurrences } from '../reminders/index.js';
import { awayBetween, tasksDueBetween } from '../tasks/index.js';
import { checkTimeZone } from './event-times.js';
import { checkRange } from './service.js';

/**
 * The calendar's layers besides house events, read through what the tasks, bills and reminders modules
 * export: open tasks due in the range (with whose turn it is), bills falling due, members' away periods,
 * the caller's own reminders (only ever the caller's), and the outside calendars the caller sees.
 */
export class TimelineService {
  constructor(
    private readonly db: Db,
    private readonly membership: Membership,
  ) {}

  async layers(identity: Identity, query: LayersQuery): Promise<TimelineLayers> {
    const { user, houseId } = await this.membership.house(identity, () => notFound('Calendar'));
    const { from, to } = checkRange(query);
    const zone = checkTimeZone(query.time_zone);
    // Dated things (bills, away) count by the calendar days the range covers in the caller's zone.
    const firstDay = DateTime.fromJSDate(from, { zone }).toISODate() as string;
    const lastDay = DateTime.fromMillis(to.getTime() - 1, { zone }).toISODate() as string;
    const [tasks, bills, away, reminders, external] = await Promise.all([
      tasksDueBetween(this.db, houseId, from.toISOString(), to.toISOString()),
      billsDueBetween(this.db, houseId, firstDay, lastDay),
      awayBetween(this.db, houseId, firstDay, lastDay),
      reminderOccurrences(this.db, user.user_id, from, to, EVENT_OCCURRENCES_MAX),
      externalOccurrences(this.db, houseId, user.user_id, from, to, zone, EVENT_OCCURRENCES_MAX),
    ]);
    return { tasks, bills, away, reminders, external };
  }
}
