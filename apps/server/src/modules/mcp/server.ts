import {
  isLanguage,
  type Language,
  parseAcceptLanguage,
  pickLanguage,
  translator,
} from '@hearth/i18n/server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import { AppError } from '../../lib/errors.js';
import { AnswerFormat } from './format.js';
import type { McpRepository } from './repository.js';
import { type McpServices, TOOLS, type Tool, ToolRefusal } from './tools.js';

const validators = new Map<Tool, ReturnType<typeof Compile<TSchema>>>(
  TOOLS.map((t) => [t, Compile(t.inputSchema)]),
);

/** The schema as plain JSON (what tools/list sends). */
const jsonSchema = (schema: TSchema) => JSON.parse(JSON.stringify(schema)) as { type: 'object' };

const text = (answer: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: answer }],
  ...(isError ? { isError: true } : {}),
});

export interface McpDeps {
  services: McpServices;
  membership: Membership;
  repo: McpRepository;
  version: string;
}

/**
 * One MCP server for one request (stateless Streamable HTTP): it knows its caller, offers the tools the
 * token's scope allows, and answers in the person's language (their setting, else the request's).
 */
export function mcpServerFor(identity: Identity, acceptLanguage: string | undefined, deps: McpDeps): Server {
  const server = new Server({ name: 'hearth', version: deps.version }, { capabilities: { tools: {} } });
  const readOnly = identity.accessToken?.scope !== 'read_write';
  const offered = TOOLS.filter((t) => !readOnly || !t.write);

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: offered.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: jsonSchema(t.inputSchema),
      annotations: { readOnlyHint: !t.write },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const user = await deps.membership.profile(identity);
    const lang: Language = isLanguage(user.language)
      ? user.language
      : pickLanguage(parseAcceptLanguage(acceptLanguage));
    const t = translator(lang);
    const { name, arguments: args = {} } = request.params;
    const found = TOOLS.find((tool) => tool.name === name);
    if (!found) return text(t('assistant:unknownTool', { tool: name }), true);
    // Not offered, and refused all the same: a read token never changes anything.
    if (found.write && readOnly) return text(t('assistant:readOnly', { tool: name }), true);
    const validator = validators.get(found);
    if (validator && !validator.Check(args)) {
      const problems = validator
        .Errors(args)
        .slice(0, 3)
        .map((e) => `${e.instancePath.replace(/^\//, '') || name}: ${e.message}`)
        .join('; ');
      return text(t('assistant:invalidInput', { problems }), true);
    }
    const house = user.house_id === null ? null : await deps.repo.house(user.house_id);
    const format = new AnswerFormat(lang, house?.timeZone ?? 'UTC');
    try {
      return text(await found.run({ identity, user, house, t, format, services: deps.services }, args));
    } catch (err) {
      // The services' own refusals (not found, a bad field, no house) are the assistant's to read.
      if (err instanceof ToolRefusal) return text(err.message, true);
      if (err instanceof AppError && err.statusCode < 500) {
        return text(err.field ? `${err.message} (${err.field})` : err.message, true);
      }
      throw err;
    }
  });
  return server;
}
