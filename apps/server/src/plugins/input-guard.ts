import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findNonFinite, findUnstorable } from '../lib/control-chars.js';
import { validationError } from '../lib/errors.js';

/**
 * Refuses API input holding control characters that cannot be stored (see lib/control-chars.ts), and
 * numbers that are not finite, with a 400 naming the field, so both database engines answer alike and
 * nothing is written.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      for (const part of [request.params, request.query, request.body]) {
        const field = findUnstorable(part);
        if (field !== null) {
          const name = field || 'body';
          throw validationError(name, `${name} must not contain control characters.`);
        }
      }
    });
    // After validation, which may have turned text such as "1e309" into Infinity.
    app.addHook('preHandler', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      for (const part of [request.params, request.query, request.body]) {
        const field = findNonFinite(part);
        if (field !== null) {
          const name = field || 'body';
          throw validationError(name, `${name} must be a finite number.`);
        }
      }
    });
  },
  { name: 'input-guard' },
);
