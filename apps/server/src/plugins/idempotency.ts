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
 * A claim whose answer never came (the process stopped mid-request) is given up after this long, so the
 * key does not stay blocked until it expires.
 */
const ABANDONED_AFTER_MS = 60_000;

/** A key claimed by the request in flight; `done` once its answer was kept or the key freed. */
interface Claim {
  issuer: string;
  subject: string;
  key: string;
  done: boolean;
}

export interface IdempotencyOptions {
  db: Db;
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

const inProgress = () =>
  new AppError(
    409,
    IdempotencyErrorCode.inProgress,
    'The first request with this Idempotency-Key is still being answered. Try again in a moment.',
    'Idempotency-Key',
  );

/**
 * Idempotency-Key on every signed-in write under /api: the first answer for a (person, key) is kept and a
 * repeat with the same method, URL and body gets it again (marked Idempotency-Replayed) without running;
 * a repeat that differs is a 422. Answers that say "try later" (429, 5xx) are not kept, so a retry runs.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app: FastifyInstance, opts) => {
    const db: Kysely<Database> = opts.db;

    app.decorateRequest('idempotencyClaim', null);

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
        if (at.getTime() - Date.parse(kept.created_at) < ABANDONED_AFTER_MS) throw inProgress();
      }

      // Expired or abandoned claims make way for this one; expired ones of everyone go at the same time.
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
            expires_at: new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000).toISOString(),
          })
          .execute();
      } catch (err) {
        // Two requests with one key at the same moment: the other one claimed it first.
        if (isUniqueViolation(err)) throw inProgress();
        throw err;
      }
      request.idempotencyClaim = { issuer, subject, key, done: false };
      return false;
    }

    app.addHook('onSend', (request, reply, payload, done) => {
      const claim = request.idempotencyClaim;
      if (!claim || claim.done) return done(null, payload);
      claim.done = true;
      keepAnswer(reply, payload, claim).then(() => done(null, payload), done);
    });

    /** Keeps the answer for repeats of the claimed key, or frees the key when it is not to be kept. */
    async function keepAnswer(reply: FastifyReply, payload: unknown, claim: Claim) {
      const where = db
        .updateTable('idempotency_keys')
        .where('issuer', '=', claim.issuer)
        .where('subject', '=', claim.subject)
        .where('idempotency_key', '=', claim.key);
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
      release(claim).then(() => done(), done);
    });

    async function release(claim: { issuer: string; subject: string; key: string }) {
      await db
        .deleteFrom('idempotency_keys')
        .where('issuer', '=', claim.issuer)
        .where('subject', '=', claim.subject)
        .where('idempotency_key', '=', claim.key)
        .where('status_code', 'is', null)
        .execute();
    }
  },
  { name: 'idempotency', dependencies: ['errors'] },
);
