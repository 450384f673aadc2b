import type { QueryKey } from '@tanstack/react-query';
import { t } from '../i18n';
import type { KeyValueStorage } from './offline-store';
import { newWriteKey } from './write-key';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A change to send to the API, described so that it can wait on disk and be read out to the person. */
export interface WriteRequest {
  method: WriteMethod;
  /** May name temporary (negative) ids of things created by writes queued before it. */
  path: string;
  body?: unknown;
  /** What the change does, in words ('Add "Milk"'), shown while it waits and if it is dropped. */
  label: string;
  /** The temporary id this write's answer gives a real id to, and the answer's field that holds it. */
  creates?: { tempId: number; idField: string };
  /** Queries to refetch once it is saved or dropped. */
  refresh?: QueryKey;
}

export interface QueuedWrite extends WriteRequest {
  /** Sent as Idempotency-Key, so a write that reached the server before the connection broke is not repeated. */
  key: string;
  queuedAt: string;
}

/** A change the server refused when it was finally sent (e.g. its list was deleted meanwhile). */
export interface DroppedWrite {
  key: string;
  label: string;
  reason: string;
  at: string;
}

export interface QueueSnapshot {
  writes: readonly QueuedWrite[];
  dropped: readonly DroppedWrite[];
  /** Sending is held back (no connection, or the server asked to wait); it is retried. */
  stalled: boolean;
}

/** Sends one write with its Idempotency-Key; throws on any answer that is not OK (status 0: no answer). */
export type WriteTransport = (write: {
  method: WriteMethod;
  path: string;
  body?: unknown;
  key: string;
}) => Promise<unknown>;

interface StoredQueue {
  writes: QueuedWrite[];
  /** Temporary id -> real id, for writes that name something created offline. */
  ids: Record<string, number>;
  dropped: DroppedWrite[];
}

interface FailureLike {
  status?: number;
  code?: string;
  serverMessage?: string;
  message?: string;
}

const RETRY_MS = 10_000;
/** Enough to translate what a page may still show under a temporary id; older ones are forgotten. */
const IDS_KEPT = 500;

/**
 * No answer, an expired sign-in, or the server asking to wait: the write is still good, send it later.
 * Any other refusal means it can no longer apply.
 */
function isTransient(err: unknown): boolean {
  const failure = err as FailureLike | null;
  const status = failure?.status;
  if (typeof status !== 'number' || status === 0) return true;
  if (status === 401 || status === 408 || status === 429 || status >= 500) return true;
  return status === 409 && failure?.code === 'idempotency_in_progress';
}

function reasonOf(err: unknown): string {
  const failure = err as FailureLike | null;
  if (failure?.status === 404) return t('common:offline.noLongerExists');
  return failure?.serverMessage ?? failure?.message ?? t('common:offline.refused');
}

const TEMPORARY_SEGMENT = /\/(-\d+)(?=\/|$|\?)/g;

/**
 * A durable, ordered queue of writes made while offline (or while earlier writes still wait): kept in
 * storage so a reload loses none, sent one at a time in the order they were made, each with its own
 * Idempotency-Key. A write the server refuses is dropped and reported; one that could not be sent waits.
 */
export class WriteQueue {
  private state: StoredQueue = { writes: [], ids: {}, dropped: [] };
  private snapshotCache: QueueSnapshot = { writes: [], dropped: [], stalled: false };
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Map<string, { resolve(value: unknown): void; reject(err: unknown): void }>();
  private flushing: Promise<void> | null = null;
  private stalled = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private readonly onOnline = () => void this.flush();

  private constructor(
    private readonly storage: KeyValueStorage,
    private readonly storageKey: string,
    private readonly transport: WriteTransport,
    private readonly onSettled: (refresh: QueryKey[]) => void,
  ) {}

  /** The queue of `owner` (one per signed-in person), as it was left; starts sending what waits. */
  static async open(options: {
    storage: KeyValueStorage;
    owner: string;
    transport: WriteTransport;
    onSettled?: (refresh: QueryKey[]) => void;
  }): Promise<WriteQueue> {
    const queue = new WriteQueue(
      options.storage,
      `writes:${options.owner}`,
      options.transport,
      options.onSettled ?? (() => undefined),
    );
    const stored = await options.storage.get<StoredQueue>(queue.storageKey);
    if (stored)
      queue.state = { writes: stored.writes ?? [], ids: stored.ids ?? {}, dropped: stored.dropped ?? [] };
    queue.publish();
    if (typeof window !== 'undefined') window.addEventListener('online', queue.onOnline);
    void queue.flush();
    return queue;
  }

  getSnapshot = (): QueueSnapshot => this.snapshotCache;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The real id of something created under `tempId`, once it is saved. */
  realId(tempId: number): number | undefined {
    return this.state.ids[String(tempId)];
  }

  /** Whether a waiting write will create `tempId` (so later writes may name it). */
  willCreate(tempId: number): boolean {
    return this.state.writes.some((w) => w.creates?.tempId === tempId);
  }

  /**
   * Whether a new write must go behind the queue rather than straight to the server: something waits
   * (order matters), there is no connection, or it names something not saved yet.
   */
  mustQueue(path: string, body?: unknown): boolean {
    if (this.state.writes.length > 0) return true;
    if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
    return this.temporaryIdsIn(path, body).some((id) => this.realId(id) === undefined);
  }

  /**
   * Stores the write, then sends it when its turn comes. Resolves with the server's answer if it is sent
   * while this page is open; rejects if the server refuses it.
   */
  async enqueue(request: WriteRequest, key = newWriteKey()): Promise<unknown> {
    const write: QueuedWrite = { ...request, key, queuedAt: new Date().toISOString() };
    const answer = new Promise<unknown>((resolve, reject) => this.waiters.set(key, { resolve, reject }));
    this.state = { ...this.state, writes: [...this.state.writes, write] };
    await this.save();
    void this.flush();
    return answer;
  }

  /** Sends waiting writes in order until none is left or one has to wait. */
  flush(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.flushing ??= this.sendAll().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Forgets the notices about dropped writes once the person has read them. */
  async dismissDropped(): Promise<void> {
    this.state = { ...this.state, dropped: [] };
    await this.save();
  }

  /** Stops sending (sign-out); what is stored stays until the offline copy is wiped. */
  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
    // Callers still waiting are left waiting: the page is going away, and the write itself stays stored.
    this.waiters.clear();
  }

  private async sendAll(): Promise<void> {
    const refresh: QueryKey[] = [];
    this.setStalled(false);
    while (!this.closed && this.state.writes.length > 0) {
      const write = this.state.writes[0]!;
      const resolved = this.resolve(write);
      if (!resolved) {
        await this.drop(write, t('common:offline.parentNotSaved'), new Error('dropped'));
        if (write.refresh) refresh.push(write.refresh);
        continue;
      }
      let answer: unknown;
      try {
        answer = await this.transport({ ...resolved, key: write.key });
      } catch (err) {
        if (this.closed) return;
        if (isTransient(err)) {
          this.setStalled(true);
          this.scheduleRetry();
          break;
        }
        await this.drop(write, reasonOf(err), err);
        if (write.refresh) refresh.push(write.refresh);
        continue;
      }
      if (this.closed) return;
      const ids = { ...this.state.ids };
      if (write.creates) {
        const id = (answer as Record<string, unknown> | null)?.[write.creates.idField];
        if (typeof id === 'number') ids[String(write.creates.tempId)] = id;
      }
      this.state = { ...this.state, writes: this.state.writes.slice(1), ids: trimIds(ids) };
      await this.save();
      if (write.refresh) refresh.push(write.refresh);
      this.waiters.get(write.key)?.resolve(answer);
      this.waiters.delete(write.key);
    }
    if (refresh.length > 0) this.onSettled(refresh);
  }

  private async drop(write: QueuedWrite, reason: string, err: unknown) {
    const dropped: DroppedWrite = {
      key: write.key,
      label: write.label,
      reason,
      at: new Date().toISOString(),
    };
    this.state = {
      ...this.state,
      writes: this.state.writes.filter((w) => w.key !== write.key),
      dropped: [...this.state.dropped, dropped],
    };
    await this.save();
    this.waiters.get(write.key)?.reject(err);
    this.waiters.delete(write.key);
  }

  /** The write with temporary ids replaced by real ones; null when one of them was never saved. */
  private resolve(write: QueuedWrite): { method: WriteMethod; path: string; body?: unknown } | null {
    let missing = false;
    const real = (id: number) => {
      const found = this.realId(id);
      if (found === undefined) missing = true;
      return found ?? id;
    };
    const path = write.path.replace(TEMPORARY_SEGMENT, (_m, id: string) => `/${real(Number(id))}`);
    let body = write.body;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      body = Object.fromEntries(
        Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, isTemporary(v) ? real(v) : v]),
      );
    }
    if (missing) return null;
    return body === undefined ? { method: write.method, path } : { method: write.method, path, body };
  }

  private temporaryIdsIn(path: string, body: unknown): number[] {
    const ids = [...path.matchAll(TEMPORARY_SEGMENT)].map((m) => Number(m[1]));
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      for (const v of Object.values(body as Record<string, unknown>)) if (isTemporary(v)) ids.push(v);
    }
    return ids;
  }

  private scheduleRetry() {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, RETRY_MS);
  }

  private setStalled(stalled: boolean) {
    if (this.stalled === stalled) return;
    this.stalled = stalled;
    this.publish();
  }

  private async save() {
    this.publish();
    if (!this.closed) await this.storage.set(this.storageKey, this.state);
  }

  private publish() {
    this.snapshotCache = { writes: this.state.writes, dropped: this.state.dropped, stalled: this.stalled };
    for (const listener of this.listeners) listener();
  }
}

const isTemporary = (value: unknown): value is number => Number.isInteger(value) && (value as number) < 0;

function trimIds(ids: Record<string, number>): Record<string, number> {
  const entries = Object.entries(ids);
  return entries.length <= IDS_KEPT ? ids : Object.fromEntries(entries.slice(-IDS_KEPT));
}

let active: WriteQueue | null = null;

/** The signed-in person's queue, while one is open (the signed-in app shell opens it). */
export function activeWriteQueue(): WriteQueue | null {
  return active;
}

export function setActiveWriteQueue(queue: WriteQueue | null): void {
  active = queue;
}
