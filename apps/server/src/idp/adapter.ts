import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/create-db.js';
import { hasUnstorableChars } from '../lib/control-chars.js';

/** How often, at most, expired rows are deleted (one cheap query, never per request). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

const nowIso = () => new Date().toISOString();

/** Prunes expired rows at most every PRUNE_EVERY_MS, shared by the adapters of one provider. */
export class PayloadPruner {
  private last = Date.now();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts a prune in the background when one is due. */
  maybePrune(): void {
    if (this.running || Date.now() - this.last < PRUNE_EVERY_MS) return;
    this.last = Date.now();
    this.running = this.prune()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = null;
      });
  }

  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('idp_payloads')
      .where('expires_at', '<', nowIso())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Waits for a prune in flight (so the database is not closed under it). */
  async settle(): Promise<void> {
    await this.running;
  }
}

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in the idp_payloads
 * table: one row per (model, id), the payload as JSON text, expiry as UTC ISO text. Works the same on
 * SQLite and PostgreSQL.
 */
export class KyselyAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Db,
    private readonly pruner: PayloadPruner,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
      user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      expires_at:
        typeof expiresIn === 'number' && expiresIn > 0
          ? new Date(Date.now() + expiresIn * 1000).toISOString()
          : null,
      consumed_at: null,
    };
    await this.db
      .insertInto('idp_payloads')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
    this.pruner.maybePrune();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    if (hasUnstorableChars(id)) return;
    await this.db
      .updateTable('idp_payloads')
      .set({ consumed_at: nowIso() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    if (hasUnstorableChars(id)) return;
    await this.db.deleteFrom('idp_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (hasUnstorableChars(grantId)) return;
    await this.db
      .deleteFrom('idp_payloads')
      .where('model', '=', this.model)
      .where('grant_id', '=', grantId)
      .execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    // No stored record has such an id (and PostgreSQL would refuse the query): a forged value finds nothing.
    if (hasUnstorableChars(value)) return undefined;
    const row = await this.db
      .selectFrom('idp_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // oidc-provider reads `consumed` (a timestamp) to detect reuse of codes and rotated refresh tokens.
    if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
    return payload;
  }
}

export function kyselyAdapterFactory(db: Db, pruner: PayloadPruner) {
  return (model: string): Adapter => new KyselyAdapter(model, db, pruner);
}
