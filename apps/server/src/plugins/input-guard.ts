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
    // Callback hooks: every request passes them, and a promise each costs a microtask hop.
    app.addHook('preValidation', (request, _reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      for (const part of [request.params, request.query, request.body]) {
        const field = findUnstorable(part);
        if (field !== null) {
          const name = field || 'body';
          return done(validationError(name, `${name} must not contain control characters.`));
        }
      }
      done();
    });
    // After validation, which may have turned text such as "1e309" into Infinity.
    app.addHook('preHandler', (request, _reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      for (const part of [request.params, request.query, request.body]) {
        const field = findNonFinite(part);
        if (field !== null) {
          const name = field || 'body';
          return done(validationError(name, `${name} must be a finite number.`));
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);
