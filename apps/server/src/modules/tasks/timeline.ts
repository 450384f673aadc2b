import type { TimelineAway, TimelineTask } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import { personName } from '../../db/person-name.js';

/*
 * Read-only views of the house's chores for the calendar's layers and the personal feed: each open task's
 * current occurrence with whose turn it is, and members' away periods. Nothing here changes a task.
 */

/** Open tasks whose current occurrence is due in [from, to), optionally only one member's, in one query. */
export function tasksDueBetween(
  db: Db,
  houseId: number,
  from: string,
  to: string,
  assigneeId?: number,
): Promise<TimelineTask[]> {
  let query = db
    .selectFrom('tasks as t')
    .innerJoin('users as u', 'u.user_id', 't.assignee_id')
    .select(['t.task_id', 't.title', 't.due_at', 't.assignee_id', personName('u').as('assignee_name')])
    .where('t.house_id', '=', houseId)
    .where('t.completed', '=', 0)
    .where('t.due_at', '>=', from)
    .where('t.due_at', '<', to);
  if (assigneeId !== undefined) query = query.where('t.assignee_id', '=', assigneeId);
  return query.orderBy('t.due_at').orderBy('t.task_id').execute();
}

/** Away periods that touch the dates [fromDate, toDate] (YYYY-MM-DD, both included), in one query. */
export function awayBetween(
  db: Db,
  houseId: number,
  fromDate: string,
  toDate: string,
): Promise<TimelineAway[]> {
  return db
    .selectFrom('away_periods as a')
    .innerJoin('users as u', 'u.user_id', 'a.user_id')
    .select(['a.away_id', 'a.user_id', 'u.username', personName('u').as('name'), 'a.starts_on', 'a.ends_on'])
    .where('a.house_id', '=', houseId)
    .where('a.starts_on', '<=', toDate)
    .where('a.ends_on', '>=', fromDate)
    .orderBy('a.starts_on')
    .orderBy('a.away_id')
    .execute();
}
