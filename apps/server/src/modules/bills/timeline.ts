import type { TimelineBill } from '@hearth/contract';
import type { Db } from '../../db/create-db.js';
import { readable } from '../../lib/unusable-rows.js';
import { occurrencesBetween } from './recurrence.js';
import { storedRule } from './stored-recurring.js';

/** A recurring bill falling due on one date. */
export interface BillDueOn extends TimelineBill {
  house_id: number;
}

/**
 * The dates recurring bills fall due from `fromDate` through `throughDate` (YYYY-MM-DD, both included), in
 * one house or (for the notification scheduler) every house. One query, then the bills' own dates.
 */
export async function recurringBillsDueOn(
  db: Db,
  fromDate: string,
  throughDate: string,
  houseId?: number,
): Promise<BillDueOn[]> {
  let query = db
    .selectFrom('recurring_expenses')
    .select([
      'recurring_id',
      'house_id',
      'title',
      'amount_minor',
      'currency',
      'repeat_every',
      'repeat_interval',
      'repeat_month_day',
      'starts_on',
      'ends_on',
    ])
    .where('starts_on', '<=', throughDate)
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', fromDate)]));
  if (houseId !== undefined) query = query.where('house_id', '=', houseId);
  const rows = await query.orderBy('recurring_id').execute();
  const due: BillDueOn[] = [];
  for (const row of rows) {
    // A bill whose stored dates or repeat the API would refuse is left out (and reported).
    const dates = readable('recurring_bill', row.recurring_id, () =>
      occurrencesBetween(storedRule(row), fromDate, throughDate),
    );
    for (const date of dates ?? []) {
      due.push({
        recurring_id: row.recurring_id,
        house_id: row.house_id,
        title: row.title,
        due_on: date,
        amount_minor: Number(row.amount_minor),
        currency: row.currency,
      });
    }
  }
  return due;
}

/**
 * Read-only: the dates a house's recurring bills fall due from `fromDate` through `throughDate`, for the
 * calendar's bills layer and the personal feed, in date order.
 */
export async function billsDueBetween(
  db: Db,
  houseId: number,
  fromDate: string,
  throughDate: string,
): Promise<TimelineBill[]> {
  const due = await recurringBillsDueOn(db, fromDate, throughDate, houseId);
  return due
    .map(({ house_id: _house, ...bill }) => bill)
    .sort((a, b) => a.due_on.localeCompare(b.due_on) || a.recurring_id - b.recurring_id);
}
