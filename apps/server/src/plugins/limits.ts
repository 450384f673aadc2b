import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { ErrorCode } from '@hearth/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { type LimitStore, limitKey } from '../lib/limits.js';

export interface ApiLimits {
  /** Writes (POST, PUT, PATCH, DELETE) under /api per user. */
  writes: { max: number; windowMs: number };
  /** Attempts to join a house by its code per user (guessing codes is the abuse). */
  houseCodeGuesses: { max: number; windowMs: number };
  /** Live streams one user may hold open at once, on this instance. */
  liveStreams: number;
}

const MINUTE = 60_000;

export const DEFAULT_API_LIMITS: ApiLimits = {
  writes: { max: 300, windowMs: MINUTE },
  houseCodeGuesses: { max: 20, windowMs: 15 * MINUTE },
  liveStreams: 10,
};

/** API_RATE_LIMIT=off: for load and fuzz runs that write far faster than any person. */
export const NO_API_LIMITS: ApiLimits = {
  writes: { max: Number.MAX_SAFE_INTEGER, windowMs: MINUTE },
  houseCodeGuesses: { max: Number.MAX_SAFE_INTEGER, windowMs: MINUTE },
  liveStreams: Number.MAX_SAFE_INTEGER,
};

/** The house-code route's own budget, as route config (see DEFAULT_API_LIMITS.houseCodeGuesses). */
export const HOUSE_CODE_GROUP = 'house-code';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route with its own, tighter budget (e.g. joining a house by code). */
    limitAs?: typeof HOUSE_CODE_GROUP;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Writes to the API (and messages to the MCP server) count against the caller's budget; reads and pages do not. */
const counted = (request: FastifyRequest) =>
  !READS.has(request.method) && (request.url.startsWith('/api/') || request.url === '/mcp');

/** Who is counted: the signed-in person, or the address for the few public writes. */
export function callerKey(request: FastifyRequest): string {
  const identity = request.identity;
  return identity
    ? limitKey('api-user', identity.issuer, identity.subject)
    : limitKey('api-address', request.ip);
}

/** Adapts a LimitStore (shared in the database on PostgreSQL) to @fastify/rate-limit's store shape. */
function storeOf(store: LimitStore): FastifyRateLimitStoreCtor {
  return class implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      store.hit(key, { max, windowMs: timeWindow }).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // Route budgets are told apart by their groupId, which the plugin adds to the key.
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Per-user limits on API writes and on house-code guesses, answered with 429 and Retry-After. Counted
 * after the token check (preHandler), so the caller is known. Register before the API routes.
 */
export const limitsPlugin = fp<{ store: LimitStore; limits: ApiLimits }>(
  async (app: FastifyInstance, { store, limits }) => {
    // Runs before the rate-limit plugin's own onRoute hook, which reads config.rateLimit.
    app.addHook('onRoute', (route) => {
      if (route.config?.limitAs !== HOUSE_CODE_GROUP) return;
      const { max, windowMs } = limits.houseCodeGuesses;
      route.config = { ...route.config, rateLimit: { max, timeWindow: windowMs, groupId: HOUSE_CODE_GROUP } };
    });
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      store: storeOf(store),
      max: limits.writes.max,
      timeWindow: limits.writes.windowMs,
      // The plugin makes the key before it asks allowList: reads (never counted) skip hashing the caller.
      keyGenerator: (request) => (counted(request) ? callerKey(request) : ''),
      allowList: (request) => !counted(request),
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: () =>
        new AppError(429, ErrorCode.rateLimited, 'Too many requests. Please wait and try again.'),
    });
  },
  { name: 'limits', dependencies: ['errors'] },
);
