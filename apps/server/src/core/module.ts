import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/create-db.js';
import type { LiveHub } from './live.js';
import type { Membership } from './membership.js';

/** The Fastify instance a module's routes are registered on: mounted under /api, TypeBox-typed. */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What the app hands every module: the shared pieces a domain builds its services from. */
export interface ModuleContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The caller's profile and house: the check every service makes before it touches data. */
  membership: Membership;
  /** The live change stream; publishing is limited to the kinds the module declares. */
  live: LiveHub;
}

/**
 * A domain of the API, declared in one place (`modules/<domain>/index.ts`) and listed once in app.ts.
 * Its tables' types live in the module's `tables.ts`, which adds them to the shared `Database` type.
 */
export interface HearthModule {
  /** The domain's name, the same as its folder here and its feature folder in the web app. */
  name: string;
  /** The live kinds this module publishes (clients refetch that feature's data when one arrives). */
  liveKinds: readonly string[];
  /** Builds the module's services from the context and registers its routes (under /api). */
  routes(api: ApiInstance, ctx: ModuleContext): Promise<void>;
}

/** Declares a module; only gives the object its type. */
export function defineModule(module: HearthModule): HearthModule {
  return module;
}
