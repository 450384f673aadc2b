import { sql } from 'kysely';
import type { DatabaseEngine } from '../../config.js';
import type { Db } from '../../db/create-db.js';
import { type Preferences, preferencesOf } from './settings.js';
import type { DeliveryRow, NewDeliveryRow, PushSubscriptionRow } from './tables.js';

/** Rows per INSERT: well under either engine's limit on bound parameters. */
const INSERT_CHUNK = 500;

export interface Recipient {
  user_id: number;
  email: string;
  deleted: boolean;
  issuer: string;
  subject: string;
  house_id: number | null;
  /** 'en', 'de', or null (English). */
  language: string | null;
}

/** All SQL of notifications. */
export class NotificationsRepository {
  constructor(
    readonly db: Db,
    readonly engine: DatabaseEngine,
  ) {}

  async preferences(userId: number): Promise<Preferences> {
    const row = await this.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return preferencesOf(row);
  }

  async preferencesOf(userIds: number[]): Promise<Map<number, Preferences>> {
    const out = new Map<number, Preferences>();
    for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
      const chunk = userIds.slice(i, i + INSERT_CHUNK);
      const rows = await this.db
        .selectFrom('notification_settings')
        .selectAll()
        .where('user_id', 'in', chunk)
        .execute();
      for (const row of rows) out.set(row.user_id, preferencesOf(row));
    }
    return out;
  }

  async savePreferences(userId: number, p: Preferences, now: Date): Promise<void> {
    const values = {
      time_zone: p.timeZone,
      channels: JSON.stringify(p.channels),
      quiet_start: p.quiet?.start ?? null,
      quiet_end: p.quiet?.end ?? null,
      digest_time: p.digestTime,
      updated_at: now.toISOString(),
    };
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  }

  /** People with a digest time, and their choices. */
  async digestPeople(): Promise<Map<number, Preferences>> {
    const rows = await this.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('digest_time', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.user_id, preferencesOf(r)]));
  }

  recipients(userIds: number[]): Promise<Recipient[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['user_id', 'email', 'issuer', 'subject', 'house_id', 'language'])
      .select((eb) => eb('deleted_at', 'is not', null).as('deleted'))
      .where('user_id', 'in', userIds)
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, deleted: Boolean(r.deleted) })));
  }

  /** Everyone living in these houses (for house-wide things such as a bill falling due). */
  membersOf(houseIds: number[]): Promise<{ user_id: number; house_id: number }[]> {
    if (houseIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['user_id', 'house_id'])
      .where('house_id', 'in', houseIds)
      .where('deleted_at', 'is', null)
      .execute() as Promise<{ user_id: number; house_id: number }[]>;
  }

  houseZones(houseIds: number[]): Promise<{ house_id: number; time_zone: string }[]> {
    if (houseIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('houses')
      .select(['house_id', 'time_zone'])
      .where('house_id', 'in', houseIds)
      .execute();
  }

  // Push devices

  devices(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('push_subscription_id', 'desc')
      .execute();
  }

  async devicesOf(userIds: number[]): Promise<Map<number, PushSubscriptionRow[]>> {
    const out = new Map<number, PushSubscriptionRow[]>();
    for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
      const chunk = userIds.slice(i, i + INSERT_CHUNK);
      const rows = await this.db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('user_id', 'in', chunk)
        .execute();
      for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), row]);
    }
    return out;
  }

  devicesById(ids: number[]): Promise<PushSubscriptionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('push_subscription_id', 'in', ids)
      .execute();
  }

  /** Adds a device, or updates the one with this endpoint (it moves to this person: one browser, one user). */
  /**
   * Adds a device, or updates the one with the same endpoint. Another person's endpoint changes hands only
   * when `mayClaim` says so (checked in the same transaction); otherwise the answer is 'taken'.
   */
  async saveDevice(
    userId: number,
    device: { endpoint: string; p256dh: string; auth: string; device_label: string },
    now: Date,
    mayClaim: (existing: PushSubscriptionRow) => boolean,
  ): Promise<PushSubscriptionRow | 'taken'> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', device.endpoint)
        .executeTakeFirst();
      if (existing) {
        if (existing.user_id !== userId && !mayClaim(existing)) return 'taken';
        return (
          trx
            .updateTable('push_subscriptions')
            .set({
              user_id: userId,
              p256dh: device.p256dh,
              auth: device.auth,
              device_label: device.device_label,
            })
            .where('push_subscription_id', '=', existing.push_subscription_id)
            // Unchanged since it was read: a concurrent claim cannot slip between the check and the write.
            .where('user_id', '=', existing.user_id)
            .where('auth', '=', existing.auth)
            .returningAll()
            .executeTakeFirst()
            .then((row) => row ?? 'taken')
        );
      }
      return trx
        .insertInto('push_subscriptions')
        .values({ user_id: userId, ...device, created_at: now.toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  deviceByEndpoint(endpoint: string): Promise<PushSubscriptionRow | undefined> {
    return this.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
  }

  /** A device's new subscription; a row that already had the new endpoint gives way (one browser, one row). */
  async renewDevice(id: number, next: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', next.endpoint)
        .where('push_subscription_id', '!=', id)
        .execute();
      await trx.updateTable('push_subscriptions').set(next).where('push_subscription_id', '=', id).execute();
    });
  }

  async removeDevice(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('push_subscription_id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A push service said the subscription is gone (404/410). */
  async forgetDevice(id: number): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('push_subscription_id', '=', id).execute();
  }

  // Deliveries

  /** Adds planned deliveries; one already planned (same key) is left as it is. */
  async plan(rows: NewDeliveryRow[], db: Db = this.db): Promise<number> {
    let added = 0;
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const result = await db
        .insertInto('notification_deliveries')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['user_id', 'kind', 'source_id', 'due_at', 'channel', 'target_id']).doNothing(),
        )
        .executeTakeFirst();
      added += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return added;
  }

  /**
   * Claims up to `limit` deliveries that may go now, and those whose claim has lapsed (their instance
   * stopped mid-send), for `lease` ms. On PostgreSQL rows another instance is claiming are skipped
   * (FOR UPDATE SKIP LOCKED); SQLite has one writer, so the UPDATE itself is the claim.
   */
  async claim(instance: string, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const lock = this.engine === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<DeliveryRow>`
      update notification_deliveries
      set status = 'sending', claimed_by = ${instance}, claimed_until = ${until}, attempts = attempts + 1
      where delivery_id in (
        select delivery_id from notification_deliveries
        where (status = 'pending' and send_at <= ${nowIso})
           or (status = 'sending' and claimed_until < ${nowIso})
        order by send_at, delivery_id
        limit ${limit}
        ${lock}
      )
      returning *`.execute(this.db);
    return result.rows;
  }

  async finish(
    id: number,
    instance: string,
    change: { status: 'sent' | 'cancelled' | 'failed'; at: Date; error?: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('notification_deliveries')
      .set({
        status: change.status,
        sent_at: change.status === 'sent' ? change.at.toISOString() : null,
        last_error: change.error ?? null,
        // claimed_by stays: it says which instance sent it.
        claimed_until: null,
      })
      .where('delivery_id', '=', id)
      .where('claimed_by', '=', instance)
      .execute();
  }

  /**
   * Hands back this instance's unsent claims (it is stopping): pending again, due as they were, and the
   * attempt the claim counted is not counted, as nothing was tried.
   */
  async releaseClaims(instance: string): Promise<number> {
    const result = await this.db
      .updateTable('notification_deliveries')
      .set((eb) => ({
        status: 'pending',
        claimed_by: null,
        claimed_until: null,
        attempts: eb('attempts', '-', 1),
      }))
      .where('claimed_by', '=', instance)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Keeps this instance's claims alive while it is still sending them. */
  async renewClaims(instance: string, until: Date): Promise<void> {
    await this.db
      .updateTable('notification_deliveries')
      .set({ claimed_until: until.toISOString() })
      .where('claimed_by', '=', instance)
      .where('status', '=', 'sending')
      .execute();
  }

  async retryLater(id: number, instance: string, sendAt: Date, error: string): Promise<void> {
    await this.db
      .updateTable('notification_deliveries')
      .set({
        status: 'pending',
        send_at: sendAt.toISOString(),
        last_error: error,
        claimed_by: null,
        claimed_until: null,
      })
      .where('delivery_id', '=', id)
      .where('claimed_by', '=', instance)
      .execute();
  }

  /** What waits for this person's digest on one channel and device. */
  folded(userId: number, channel: string, targetId: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('channel', '=', channel)
      .where('target_id', '=', targetId)
      .where('status', '=', 'folded')
      .orderBy('due_at')
      .limit(200)
      .execute();
  }

  async markDigested(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('notification_deliveries')
      .set({ status: 'digested' })
      .where('delivery_id', 'in', ids)
      .where('status', '=', 'folded')
      .execute();
  }

  /**
   * Folded deliveries that no digest will take (the person turned the digest off, or its time passed an
   * hour ago without them) go out on their own.
   */
  async releaseFolded(now: Date): Promise<void> {
    const stale = new Date(now.getTime() - 60 * 60 * 1000).toISOString();
    await this.db
      .updateTable('notification_deliveries')
      .set({ status: 'pending', send_at: now.toISOString() })
      .where('status', '=', 'folded')
      .where((eb) =>
        eb.or([
          eb('send_at', '<', stale),
          eb(
            'user_id',
            'not in',
            eb.selectFrom('notification_settings').select('user_id').where('digest_time', 'is not', null),
          ),
        ]),
      )
      .execute();
  }

  /**
   * A deleted account keeps its users row (as "Former member"); its devices, choices and unsent
   * deliveries are personal and go.
   */
  async forgetDeletedPeople(): Promise<void> {
    const deleted = (eb: { selectFrom: Db['selectFrom'] }) =>
      eb.selectFrom('users').select('user_id').where('deleted_at', 'is not', null);
    await this.db.deleteFrom('push_subscriptions').where('user_id', 'in', deleted(this.db)).execute();
    await this.db.deleteFrom('notification_settings').where('user_id', 'in', deleted(this.db)).execute();
    await this.db
      .deleteFrom('notification_deliveries')
      .where('status', 'in', ['pending', 'folded'])
      .where('user_id', 'in', deleted(this.db))
      .execute();
  }

  // The planner's watermark

  /**
   * Runs `plan` with the planner's watermark held: on PostgreSQL the row is locked (FOR UPDATE SKIP LOCKED),
   * so while one instance plans another skips; `plan` answers the new watermark.
   */
  async withWatermark(initial: Date, plan: (from: Date, trx: Db) => Promise<Date>): Promise<boolean> {
    await this.db
      .insertInto('notification_planner')
      .values({ name: 'planner', planned_until: initial.toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('notification_planner')
        .select('planned_until')
        .where('name', '=', 'planner');
      if (this.engine === 'postgres') query = query.forUpdate().skipLocked();
      const row = await query.executeTakeFirst();
      if (!row) return false;
      const until = await plan(new Date(row.planned_until), trx);
      await trx
        .updateTable('notification_planner')
        .set({ planned_until: until.toISOString() })
        .where('name', '=', 'planner')
        .execute();
      return true;
    });
  }
}
