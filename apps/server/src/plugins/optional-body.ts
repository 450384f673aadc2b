import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A route whose body fields are all optional can be called without a body (curl -X POST, Home Assistant's
 * rest_command, a phone shortcut): the absent body is read as `{}` before validation. Decided once per
 * route from its body schema, so no route has to remember it. An empty body sent as JSON counts as absent
 * (a route that needs fields then says so as it would for no body at all).
 */
export function bodyFieldsAllOptional(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const { type, required } = schema as { type?: unknown; required?: unknown };
  return type === 'object' && (!Array.isArray(required) || required.length === 0);
}

const absentAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

function hooks(value: RouteOptions['preValidation']): preValidationHookHandler[] {
  if (!value) return [];
  return (Array.isArray(value) ? value : [value]) as preValidationHookHandler[];
}

export const optionalBodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      if (!bodyFieldsAllOptional(route.schema?.body)) return;
      route.preValidation = [absentAsEmpty, ...hooks(route.preValidation)];
    });
    // Fastify's own JSON parser (prototype-poisoning checks included) for everything but an empty body.
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
      const body = String(text);
      if (body.trim() === '') return done(null, undefined);
      json(request, body, done);
    });
  },
  { name: 'optional-body' },
);
