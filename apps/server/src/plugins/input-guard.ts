import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnstorable } from '../lib/control-chars.js';
import { validationError } from '../lib/errors.js';

/**
 * Refuses API input holding control characters that cannot be stored (see lib/control-chars.ts) with a 400
 * naming the field, before validation, so both database engines answer alike and nothing is written.
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
  },
  { name: 'input-guard' },
);
