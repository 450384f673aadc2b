import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bodyFieldsAllOptional } from './optional-body.js';

type Operation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } };

/** A body whose fields are all optional may be left out (plugins/optional-body.ts): the document says so. */
function markOptionalBodies(document: { paths?: Record<string, Record<string, Operation>> }) {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const body = operation.requestBody;
      const schemas = Object.values(body?.content ?? {}).map((media) => media.schema);
      if (body && schemas.length > 0 && schemas.every(bodyFieldsAllOptional)) body.required = false;
    }
  }
  return document;
}

/** The OpenAPI document, generated from the same TypeBox schemas that validate (never written by hand). */
export const apiDocsPlugin = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, { publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Hearth API', version: '0.1.0', description: 'The API behind the Hearth web app.' },
        servers: [{ url: publicUrl }],
        components: {
          securitySchemes: {
            bearer: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The access token of a signed-in session (OpenID Connect).',
            },
            apiToken: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'hearth_pat',
              description:
                'A personal API token (`hearth_pat_...`, made under Profile -> API tokens) acting as its person. ' +
                'A `read` token may only GET and HEAD (else 403 `insufficient_scope`); no token may manage ' +
                'API tokens or app passwords or delete the account (403 `session_required`). An expired or ' +
                'revoked token is refused with 401.',
            },
          },
        },
        // Either scheme: a session's token or a personal API token.
        security: [{ bearer: [] }, { apiToken: [] }],
      },
      // Only the OpenAPI form is made here (no `swagger` option).
      transformObject: (documentObject) => {
        const { openapiObject } = documentObject as { openapiObject: Record<string, unknown> };
        return markOptionalBodies(
          openapiObject as Parameters<typeof markOptionalBodies>[0],
        ) as typeof openapiObject;
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'api-docs' },
);
