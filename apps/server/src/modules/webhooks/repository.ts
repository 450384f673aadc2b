import { sql } from 'kysely';
import type { DatabaseEngine } from '../../config.js';
import type { Db } from '../../db/create-db.js';
import type { NewWebhookDeliveryRow, WebhookDeliveryRow, WebhookRow, WebhooksTable } from './tables.js';

export type WebhookChanges = Partial<
  Pick<
    WebhooksTable,
    'url' | 'events' | 'description' | 'enabled' | 'disabled_reason' | 'disabled_at' | 'failing_since'
  >
>;

/** All SQL of webhooks and their deliveries. */
export class WebhooksRepository {
  constructor(
    private readonly db: Db,
    private readonly engine: DatabaseEngine,
  ) {}

  // Webhooks

  listInHouse(houseId: number): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('house_id', '=', houseId)
      .orderBy('webhook_id')
      .execute();
  }

  async countInHouse(houseId: number): Promise<number> {
    const row = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('house_id', '=', houseId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  inHouse(webhookId: number, houseId: number): Promise<WebhookRow | undefined> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
  }

  byId(webhookId: number): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('webhook_id', '=', webhookId).executeTakeFirst();
  }

  insert(row: Omit<WebhookRow, 'webhook_id'>): Promise<WebhookRow> {
    return this.db.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(webhookId: number, houseId: number, changes: WebhookChanges, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set({ ...changes, updated_at: at })
      .where('webhook_id', '=', webhookId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(webhookId: number, houseId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhooks')
      .where('webhook_id', '=', webhookId)
      .where('house_id', '=', houseId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The house's enabled webhooks, for announcing a change. */
  enabledInHouse(houseId: number): Promise<Pick<WebhookRow, 'webhook_id' | 'events'>[]> {
    return this.db
      .selectFrom('webhooks')
      .select(['webhook_id', 'events'])
      .where('house_id', '=', houseId)
      .where('enabled', '=', 1)
      .execute();
  }

  /** A try failed: the webhook is failing since the first failure after its last success. */
  async markFailing(webhookId: number, at: string): Promise<WebhookRow | undefined> {
    await this.db
      .updateTable('webhooks')
      .set({ failing_since: at })
      .where('webhook_id', '=', webhookId)
      .where('failing_since', 'is', null)
      .execute();
    return this.byId(webhookId);
  }

  async markWorking(webhookId: number): Promise<void> {
    await this.db
      .updateTable('webhooks')
      .set({ failing_since: null })
      .where('webhook_id', '=', webhookId)
      .where('failing_since', 'is not', null)
      .execute();
  }

  /** Switches off a webhook that has failed since `before` or earlier; true when this call did it. */
  async disableFailing(webhookId: number, before: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set({ enabled: 0, disabled_reason: 'failing', disabled_at: at, updated_at: at })
      .where('webhook_id', '=', webhookId)
      .where('enabled', '=', 1)
      .where('failing_since', '<=', before)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Webhooks Hearth switched off in (from, to], every house. */
  disabledBetween(from: string, to: string) {
    return this.db
      .selectFrom('webhooks')
      .select(['webhook_id', 'house_id', 'url', 'description', 'disabled_at'])
      .where('disabled_reason', '=', 'failing')
      .where('disabled_at', '>', from)
      .where('disabled_at', '<=', to)
      .orderBy('webhook_id')
      .execute();
  }

  // Deliveries

  async addDeliveries(rows: NewWebhookDeliveryRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('webhook_deliveries').values(rows).execute();
  }

  latestDeliveries(webhookId: number, limit: number): Promise<WebhookDeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('delivery_id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Keeps the latest `keep` deliveries of a webhook that are done (delivered or failed). */
  async trim(webhookId: number, keep: number): Promise<void> {
    const cutoff = await this.db
      .selectFrom('webhook_deliveries')
      .select('delivery_id')
      .where('webhook_id', '=', webhookId)
      .orderBy('delivery_id', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (!cutoff) return;
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('webhook_id', '=', webhookId)
      .where('delivery_id', '<=', cutoff.delivery_id)
      .where('status', 'in', ['delivered', 'failed'])
      .execute();
  }

  /**
   * Claims up to `limit` deliveries due now, and those whose claim lapsed (their instance stopped
   * mid-send), for `leaseMs`. PostgreSQL skips rows another instance is claiming (FOR UPDATE SKIP
   * LOCKED); SQLite has one writer, so the UPDATE itself is the claim.
   */
  async claim(instance: string, now: Date, limit: number, leaseMs: number): Promise<WebhookDeliveryRow[]> {
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    const lock = this.engine === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<WebhookDeliveryRow>`
      update webhook_deliveries
      set status = 'sending', claimed_by = ${instance}, claimed_until = ${until}, attempts = attempts + 1
      where delivery_id in (
        select delivery_id from webhook_deliveries
        where (status = 'pending' and send_at <= ${nowIso})
           or (status = 'sending' and claimed_until < ${nowIso})
        order by send_at, delivery_id
        limit ${limit}
        ${lock}
      )
      returning *`.execute(this.db);
    // RETURNING follows the table's physical order, not the subquery's: hand them out oldest first.
    return result.rows.sort((a, b) => Number(a.delivery_id) - Number(b.delivery_id));
  }

  async finish(
    id: number,
    instance: string,
    change: {
      status: 'pending' | 'delivered' | 'failed';
      at: Date;
      statusCode: number | null;
      error: string | null;
      next: Date | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: change.status,
        status_code: change.statusCode,
        last_error: change.error,
        last_attempt_at: change.at.toISOString(),
        send_at: change.next?.toISOString() ?? null,
        claimed_until: null,
      })
      .where('delivery_id', '=', id)
      .where('claimed_by', '=', instance)
      .execute();
  }

  /** Hands back this instance's unsent claims (it is stopping); the attempt the claim counted is undone. */
  async releaseClaims(instance: string): Promise<number> {
    const result = await this.db
      .updateTable('webhook_deliveries')
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
}
