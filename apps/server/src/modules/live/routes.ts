import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, ErrorCode, LIVE_HEARTBEAT_MS, type LiveReady } from '@hearth/contract';
import type { FastifyReply } from 'fastify';
import { identityOf } from '../../core/identity.js';
import { AppError } from '../../lib/errors.js';
import type { LiveService } from './service.js';
import { sseComment, sseEvent, sseRetry } from './sse.js';

export interface LiveRoutesOptions {
  live: Pick<LiveService, 'scopeOf' | 'subscribe' | 'stillCurrent'>;
  heartbeatMs?: number;
  /** Streams one user may hold open at once on this instance. */
  maxStreamsPerUser?: number;
}

/** A client that reads this slowly is gone or broken; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** Longest a timer may wait in Node. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * GET /api/live: the caller's change stream as server-sent events (framing in @hearth/contract live.ts).
 * Authenticated like every API call (bearer header, so browsers use fetch, not EventSource).
 */
export const liveRoutes: FastifyPluginAsyncTypebox<LiveRoutesOptions> = async (app, opts) => {
  const { live } = opts;
  const heartbeatMs = opts.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const open = new Set<PassThrough>();
  const maxStreamsPerUser = opts.maxStreamsPerUser ?? Number.MAX_SAFE_INTEGER;
  const openPerUser = new Map<number, number>();

  // This instance is stopping: every stream is told to reconnect (through the proxy it lands on another
  // instance, which replays or says resync) and ended, as open streams would keep app.close() waiting.
  let stopping = false;
  const sayReconnect = (stream: PassThrough) => {
    if (!stream.writableEnded) stream.end(sseEvent('reconnect', {}));
  };
  app.addHook('preClose', async () => {
    stopping = true;
    for (const stream of open) sayReconnect(stream);
  });

  app.get(
    '/live',
    {
      // A compressor buffers: events would arrive late or never.
      compress: false,
      schema: {
        tags: ['live'],
        description:
          'Server-sent events: missed `change`s (when resuming), `ready`, then a `change` per change to the house or the caller, `resync` when the ' +
          'server may have missed changes; a comment heartbeat every 20 s. Send Last-Event-ID to resume.',
        response: { 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const scope = await live.scopeOf(identity);
      const lastEventId = request.headers['last-event-id'];
      const held = openPerUser.get(scope.userId) ?? 0;
      if (held >= maxStreamsPerUser) {
        reply.header('retry-after', '30');
        throw new AppError(
          429,
          ErrorCode.rateLimited,
          'Too many live streams are open. Close one and try again.',
        );
      }
      openPerUser.set(scope.userId, held + 1);

      const stream = new PassThrough();
      open.add(stream);
      const write = (text: string) => {
        if (stream.writableEnded) return;
        if (stream.writableLength > MAX_BUFFERED_BYTES) {
          request.log.warn('live stream client is not reading; closing it');
          stream.destroy();
          return;
        }
        stream.write(text);
      };

      const subscription = live.subscribe(
        scope,
        {
          change: (event) => write(sseEvent('change', event.change, event.id)),
          resync: () => write(sseEvent('resync', {})),
        },
        typeof lastEventId === 'string' ? lastEventId : null,
      );

      const heartbeat = setInterval(async () => {
        write(sseComment('heartbeat'));
        // Moved house or lost the profile: end, and the reconnect gets the new scope.
        if (!(await live.stillCurrent(identity, scope))) stream.end();
      }, heartbeatMs);
      // The token was checked once, at connect: end with it, so the client reconnects with a fresh one.
      const exp = typeof identity.claims.exp === 'number' ? identity.claims.exp * 1000 - Date.now() : null;
      const expiry =
        exp === null ? null : setTimeout(() => stream.end(), Math.max(0, Math.min(exp, MAX_TIMER_MS)));

      let cleaned = false;
      const cleanup = () => {
        if (cleaned) return;
        cleaned = true;
        const left = (openPerUser.get(scope.userId) ?? 1) - 1;
        if (left > 0) openPerUser.set(scope.userId, left);
        else openPerUser.delete(scope.userId);
        clearInterval(heartbeat);
        if (expiry) clearTimeout(expiry);
        subscription.unsubscribe();
        open.delete(stream);
        if (!stream.destroyed) stream.end();
      };
      stream.on('close', cleanup);
      reply.raw.on('close', cleanup);

      const ready: LiveReady = { resync: subscription.resync, house_id: scope.houseId };
      write(sseRetry(2000));
      // Missed changes first, so `ready` carries the newest position for the next resume.
      for (const event of subscription.replay) write(sseEvent('change', event.change, event.id));
      write(sseEvent('ready', ready, subscription.position));
      // Opened while stopping (on a connection the proxy already had): off to another instance at once.
      if (stopping) sayReconnect(stream);

      // The typed reply only knows the error bodies; a stream is sent as it is.
      return (reply as FastifyReply)
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
};
