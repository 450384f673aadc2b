import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_REPLAYED_HEADER,
  IdempotencyErrorCode,
} from '@hearth/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Identity } from '../core/identity.js';
import type { Db } from '../db/create-db.js';
import type { Database } from '../db/tables.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { AppError, validationError } from '../lib/errors.js';

/** The kept first answer to a write that carried an Idempotency-Key. */
export interface IdempotencyKeysTable {
  issuer: string;
  subject: string;
  idempotency_key: string;
  method: string;
  url: string;
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

declare module '../db/tables.js' {
  interface Database {
    idempotency_keys: IdempotencyKeysTable;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed; its answer is kept when it is sent. */
    idempotencyClaim: Claim | null;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Visible ASCII only, so a key reads the same in a log line and a header. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;
/**
 * A claim in flight is a lease: its row's expires_at is this far ahead, and the instance answering the
 * request moves it on while it runs. A claim whose instance stopped without answering (kill -9, a crash)
 * is no longer moved on, so it expires and a retry takes the key over within this long.
 */
const CLAIM_LEASE_MS = 10_000;
/** How often an instance moves on the leases of its requests still running. */
const CLAIM_RENEW_MS = 3_000;
/** A claim younger than this most likely belongs to a request about to answer: retry soon. */
const FRESH_CLAIM_MS = 1_000;

/** A key claimed by the request in flight; `done` once its answer was kept or the key freed. */
interface Claim {
  issuer: string;
  subject: string;
  key: string;
  done: boolean;
  createdAt: Date;
}

export interface IdempotencyOptions {
  db: Db;
  /** Tests shorten the lease of a claim in flight (see CLAIM_LEASE_MS). */
  claimLeaseMs?: number;
}

/** The same JSON whatever order the client wrote the keys in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

function keyFrom(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !KEY_PATTERN.test(key)) {
    throw validationError(
      'Idempotency-Key',
      `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
    );
  }
  return key;
}

const keyReused = () =>
  new AppError(
    422,
    IdempotencyErrorCode.keyReused,
    'This Idempotency-Key was already used for a different request. Use a new key for each change.',
    'Idempotency-Key',
  );

const inProgress = (retryAfterSeconds: number) =>
  new AppError(
    409,
    IdempotencyErrorCode.inProgress,
    'The first request with this Idempotency-Key is still being answered. Try again in a moment.',
    'Idempotency-Key',
    retryAfterSeconds,
  );

/**
 * When to retry a key held by another request: a young claim is most likely answered in a moment; an older
 * one may have been left by a stopped instance, and is free once its lease ends.
 */
function retryAfter(claim: { created_at: string; expires_at: string }, at: Date): number {
  if (at.getTime() - Date.parse(claim.created_at) < FRESH_CLAIM_MS) return 1;
  return Math.max(1, Math.ceil((Date.parse(claim.expires_at) - at.getTime()) / 1000));
}

/**
 * Idempotency-Key on every signed-in write under /api: the first answer for a (person, key) is kept and a
 * repeat with the same method, URL and body gets it again (marked Idempotency-Replayed) without running;
 * a repeat that differs is a 422. Answers that say "try later" (429, 5xx) are not kept, so a retry runs.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, opts) => {
    const db: Kysely<Database> = opts.db;
    const leaseMs = opts.claimLeaseMs ?? CLAIM_LEASE_MS;
    const renewMs = Math.min(CLAIM_RENEW_MS, Math.floor(leaseMs / 3));

    app.decorateRequest('idempotencyClaim', null);

    // The claims of this instance's requests still running; their leases are moved on together.
    const running = new Set<Claim>();
    let renewal: NodeJS.Timeout | null = null;
    const hold = (claim: Claim) => {
      running.add(claim);
      renewal ??= setInterval(renewLeases, renewMs).unref();
    };
    const letGo = (claim: Claim) => {
      running.delete(claim);
      if (running.size === 0 && renewal) {
        clearInterval(renewal);
        renewal = null;
      }
    };
    app.addHook('onClose', async () => {
      if (renewal) clearInterval(renewal);
      renewal = null;
    });

    async function renewLeases() {
      const until = new Date(Date.now() + leaseMs).toISOString();
      for (const claim of running) {
        await db
          .updateTable('idempotency_keys')
          .set({ expires_at: until })
          .where('issuer', '=', claim.issuer)
          .where('subject', '=', claim.subject)
          .where('idempotency_key', '=', claim.key)
          .where('created_at', '=', claim.createdAt.toISOString())
          .where('status_code', 'is', null)
          .execute()
          .catch((err: unknown) => app.log.warn({ err }, 'idempotency: could not renew a claim'));
      }
    }

    // App-wide hooks take a callback with a synchronous way out: most requests carry no key, and a
    // promise each would cost them a microtask hop.
    // After the body is parsed (it is part of the fingerprint), before validation and the handler.
    app.addHook('preValidation', (request, reply, done) => {
      if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
      const key = keyFrom(request);
      if (key === null || !request.identity) return done();
      claim(request, reply, key, request.identity).then((replayed) => {
        if (!replayed) done();
      }, done);
    });

    /** Claims the key for this request, or replays the answer kept for it (resolves true then). */
    async function claim(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      { issuer, subject }: Identity,
    ): Promise<boolean> {
      const fingerprint = fingerprintOf(request);
      const at = new Date();

      const kept = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();

      if (kept && kept.expires_at > at.toISOString()) {
        if (kept.fingerprint !== fingerprint) throw keyReused();
        if (kept.status_code !== null) {
          reply.header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
          if (kept.content_type) reply.header('content-type', kept.content_type);
          reply.status(kept.status_code).send(kept.response_body ?? undefined);
          return true;
        }
        throw inProgress(retryAfter(kept, at));
      }

      // An expired key or claim (a lease its stopped instance no longer moved on) makes way for this one;
      // expired ones of everyone go at the same time.
      await db.deleteFrom('idempotency_keys').where('expires_at', '<=', at.toISOString()).execute();
      if (kept) {
        await db
          .deleteFrom('idempotency_keys')
          .where('issuer', '=', issuer)
          .where('subject', '=', subject)
          .where('idempotency_key', '=', key)
          .where('created_at', '=', kept.created_at)
          .execute();
      }
      try {
        await db
          .insertInto('idempotency_keys')
          .values({
            issuer,
            subject,
            idempotency_key: key,
            method: request.method,
            url: request.url,
            fingerprint,
            status_code: null,
            content_type: null,
            response_body: null,
            created_at: at.toISOString(),
            // The lease; the kept answer's own expiry replaces it.
            expires_at: new Date(at.getTime() + leaseMs).toISOString(),
          })
          .execute();
      } catch (err) {
        // Two requests with one key at the same moment: the other one claimed it first.
        if (isUniqueViolation(err)) throw inProgress(1);
        throw err;
      }
      const claimed: Claim = { issuer, subject, key, done: false, createdAt: at };
      request.idempotencyClaim = claimed;
      hold(claimed);
      return false;
    }

    app.addHook('onSend', (request, reply, payload, done) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.done) return done(null, payload);
      claim.done = true;
      letGo(claim);
      keepAnswer(reply, payload, claim).then(() => done(null, payload), done);
    });

    /** Keeps the answer for repeats of the claimed key, or frees the key when it is not to be kept. */
    async function keepAnswer(reply: FastifyReply, payload: unknown, claim: Claim) {
      // This request's own claim only: one whose lease ran out may since belong to a retry.
      const where = db
        .updateTable('idempotency_keys')
        .where('issuer', '=', claim.issuer)
        .where('subject', '=', claim.subject)
        .where('idempotency_key', '=', claim.key)
        .where('created_at', '=', claim.createdAt.toISOString());
      const keepable =
        reply.statusCode < 500 &&
        reply.statusCode !== 429 &&
        (payload === null ||
          payload === undefined ||
          typeof payload === 'string' ||
          Buffer.isBuffer(payload));
      if (keepable) {
        const contentType = reply.getHeader('content-type');
        await where
          .set({
            status_code: reply.statusCode,
            content_type: typeof contentType === 'string' ? contentType : null,
            response_body: payload == null ? null : payload.toString(),
            expires_at: new Date(
              claim.createdAt.getTime() + IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000,
            ).toISOString(),
          })
          .execute();
      } else {
        await release(claim);
      }
    }

    // A request that ended without an answer being kept (the client went away, a stream) frees its key.
    app.addHook('onResponse', (request, _reply, done) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.done) return done();
      claim.done = true;
      letGo(claim);
      release(claim).then(() => done(), done);
    });

    async function release(claim: Claim) {
      await db
        .deleteFrom('idempotency_keys')
        .where('issuer', '=', claim.issuer)
        .where('subject', '=', claim.subject)
        .where('idempotency_key', '=', claim.key)
        .where('created_at', '=', claim.createdAt.toISOString())
        .where('status_code', 'is', null)
        .execute();
    }
  },
  { name: 'idempotency', dependencies: ['errors'] },
);
