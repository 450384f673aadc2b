import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { challenge, identityOf, tokenIdentity } from '../../core/identity.js';
import type { AccessTokensService } from '../access-tokens/index.js';
import { isAccessToken } from '../access-tokens/index.js';
import { type McpDeps, mcpServerFor } from './server.js';

const errorBody = (code: string, message: string) => ({ error: { code, message } });

/**
 * The MCP endpoint (Streamable HTTP, stateless: every POST carries its whole exchange). Only a personal
 * API token opens it; GET (a server-to-client stream) and DELETE (ending a session) have nothing to do
 * without sessions, so they answer 405 as the transport's specification allows.
 */
export async function mcpRoutes(
  app: FastifyInstance,
  { tokens, deps }: { tokens: AccessTokensService; deps: McpDeps },
): Promise<void> {
  // Who calls, before anything else runs (the API's per-person write budget then counts MCP messages too).
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (!token) {
      challenge(reply);
      return reply.status(401).send(errorBody('unauthorized', 'A personal API token is required as Bearer.'));
    }
    const holder = isAccessToken(token) ? await tokens.authenticate(token) : null;
    if (!holder) {
      challenge(reply, 'invalid_token');
      return reply
        .status(401)
        .send(
          errorBody('unauthorized', 'The API token is not valid: it is unknown, has expired or was revoked.'),
        );
    }
    request.identity = tokenIdentity(holder);
  });

  app.post('/mcp', { schema: { hide: true }, bodyLimit: 1024 * 1024 }, async (request, reply) => {
    const server = mcpServerFor(identityOf(request), request.headers['accept-language'], deps);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
    return reply;
  });

  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: '/mcp',
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .status(405)
          .header('allow', 'POST')
          .send(
            errorBody('method_not_allowed', 'This MCP server is stateless: send every message with POST.'),
          ),
    });
  }
}
