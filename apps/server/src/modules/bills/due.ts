import type { Db } from '../../db/create-db.js';
import { type BillDueOn, recurringBillsDueOn } from './timeline.js';

/*
 * Read-only, for the notification scheduler: recurring bills falling due on some dates (across houses),
 * payments recorded lately, and the house's recent bill activity (for the digest).
 */

/** A recurring bill falling due on one date, in any house. */
export type DueBill = BillDueOn;

/** Recurring bills falling due from `fromDate` through `throughDate` (YYYY-MM-DD), every house, one query. */
export function recurringBillsDue(db: Db, fromDate: string, throughDate: string): Promise<DueBill[]> {
  return recurringBillsDueOn(db, fromDate, throughDate);
}

export interface RecordedPayment {
  payment_id: number;
  house_id: number;
  from_user_id: number;
  to_user_id: number;
  amount_minor: number;
  currency: string;
  created_by: number;
  created_at: string;
}

/** Payments recorded in (from, to], every house, one query. */
export async function paymentsRecordedBetween(db: Db, from: Date, to: Date): Promise<RecordedPayment[]> {
  const rows = await db
    .selectFrom('payments')
    .select([
      'payment_id',
      'house_id',
      'from_user_id',
      'to_user_id',
      'amount_minor',
      'currency',
      'created_by',
      'created_at',
    ])
    .where('created_at', '>', from.toISOString())
    .where('created_at', '<=', to.toISOString())
    .orderBy('payment_id')
    .execute();
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}

export interface BillChange {
  actor_id: number | null;
  action: string;
  subject: string;
  title: string;
  amount_minor: number;
  at: string;
}

/** The house's bill activity since `since` by anyone but `exceptUserId`, newest first. */
export async function billChangesSince(
  db: Db,
  houseId: number,
  since: Date,
  exceptUserId: number,
  limit = 20,
): Promise<BillChange[]> {
  const rows = await db
    .selectFrom('bill_activity')
    .select(['actor_id', 'action', 'subject', 'title', 'amount_minor', 'at'])
    .where('house_id', '=', houseId)
    .where('at', '>', since.toISOString())
    .where((eb) => eb.or([eb('actor_id', 'is', null), eb('actor_id', '!=', exceptUserId)]))
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}

export interface BillActivityItem extends BillChange {
  activity_id: number;
  house_id: number;
}

/** Bill activity recorded in (from, to], every house, one query. */
export async function billActivityBetween(db: Db, from: Date, to: Date): Promise<BillActivityItem[]> {
  const rows = await db
    .selectFrom('bill_activity')
    .select(['activity_id', 'house_id', 'actor_id', 'action', 'subject', 'title', 'amount_minor', 'at'])
    .where('at', '>', from.toISOString())
    .where('at', '<=', to.toISOString())
    .orderBy('activity_id')
    .execute();
  return rows.map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
}
