import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';
import { type ErrorBody, ErrorCode } from '@hearth/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseErrorSummary,
  isDatabaseUnavailable,
} from '../lib/db-errors.js';
import { AppError } from '../lib/errors.js';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: { missingProperty?: string; limit?: number };
}

/** Turns an Ajv issue into a field name and a sentence that names it. */
export function describeValidation(issue: AjvIssue | undefined, context: string | undefined) {
  // /split/parts/0/value -> split.parts[0].value, as the services name a list's entries.
  const path = (issue?.instancePath ?? '')
    .replace(/^\//, '')
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.');
  const field = issue?.params?.missingProperty ?? (path || context || 'body');
  const fieldLabel = path && issue?.params?.missingProperty ? `${path}.${field}` : field;
  let message: string;
  switch (issue?.keyword) {
    case 'required':
      message = `${fieldLabel} is required.`;
      break;
    case 'minLength':
      message =
        issue.params?.limit === 1
          ? `${fieldLabel} must not be empty.`
          : `${fieldLabel} must be at least ${issue.params?.limit} characters.`;
      break;
    case 'maxLength':
      message = `${fieldLabel} must be at most ${issue.params?.limit} characters.`;
      break;
    default:
      message = `${fieldLabel} ${issue?.message ?? 'is not valid'}.`;
  }
  return { field: fieldLabel, message };
}

export function body(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/**
 * Errors the router raises before any route runs (an undecodable or over-long path segment): the app's
 * shape, and the path is not echoed back.
 */
export function frameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : (err.statusCode ?? 400);
  const message = tooLong ? 'A part of the address is too long.' : 'The address is not valid.';
  return reply.status(status).send(body(ErrorCode.badRequest, message));
}

/** How much of a refused body is read and thrown away before the 413 is sent, at most, and for how long. */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * Reads and throws away what is left of a request's body (up to the bounds above). A too-large body is
 * refused before it is read, and the connection is closed after the answer: were it closed while the
 * client is still sending, the unread bytes would make the system reset the connection, and the client
 * could lose the 413 it had not read yet ("fetch failed" instead of "too large").
 */
export function discardBody(
  raw: IncomingMessage,
  maxBytes = DISCARD_MAX_BYTES,
  maxMs = DISCARD_MAX_MS,
): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const stop = () => {
      clearTimeout(timer);
      raw.off('data', count);
      stopWatching();
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) stop();
    };
    const timer = setTimeout(stop, maxMs);
    raw.on('data', count);
    const stopWatching = finished(raw, stop);
    raw.resume();
  });
}

/**
 * One JSON shape for every error: a stable machine code, a message, and the field when one is to blame.
 * 5xx never shows internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      if (err instanceof AppError) {
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.status(err.statusCode).send(body(err.code, err.message, err.field));
      }
      if (err.validation) {
        const { field, message } = describeValidation(err.validation[0] as AjvIssue, err.validationContext);
        return reply.status(400).send(body(ErrorCode.validation, message, field));
      }
      const status = err.statusCode ?? 500;
      if (status === 413) {
        return discardBody(request.raw).then(() =>
          reply.status(413).send(body(ErrorCode.payloadTooLarge, 'The request body is too large.')),
        );
      }
      if (status === 429) {
        return reply
          .status(429)
          .send(body(ErrorCode.rateLimited, 'Too many attempts. Please wait and try again.'));
      }
      if (status >= 400 && status < 500) {
        const code =
          err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? ErrorCode.unsupportedMediaType
            : ErrorCode.badRequest;
        return reply.status(status).send(body(code, err.message));
      }
      if (isDatabaseUnavailable(err)) {
        // Expected while the database is away or refuses sessions: one line, no stack.
        request.log.warn({ database: databaseErrorSummary(err) }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(
            body(
              ErrorCode.databaseUnavailable,
              'The database is not reachable right now. Please try again in a few seconds.',
            ),
          );
      }
      request.log.error({ err }, 'request failed');
      return reply
        .status(500)
        .send(body(ErrorCode.internal, 'Something went wrong on our side. Please try again.'));
    });
  },
  { name: 'errors' },
);
