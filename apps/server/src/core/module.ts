import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { HouseExport } from '@hearth/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/create-db.js';
import type { LimitStore } from '../lib/limits.js';
import type { ApiLimits } from '../plugins/limits.js';
import type { AppMetrics } from '../plugins/metrics.js';
import type { HouseEvents } from './house-events.js';
import type { Identity } from './identity.js';
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
  /** Announces house changes to the house's webhooks (after the change is committed). */
  houseEvents: HouseEvents;
  /** Every module's part of the house export, for the houses module's export and import. */
  houseData: readonly AnyHouseDataHook[];
  /** Per-user limits (e.g. how many live streams one person may hold open). */
  limits: ApiLimits;
  /** Where counters go when /metrics is on (METRICS_TOKEN); null when it is off. */
  metrics: AppMetrics | null;
  /** What other modules do for this one (see ModuleActions); call at request time, not while registering. */
  actions: ModuleActions;
  /** Hands over one of this module's ModuleActions; each is provided by exactly one module. */
  provide<K extends keyof ModuleActions>(name: K, action: ModuleActions[K]): void;
}

/**
 * What one module does for another, beyond reading its exported views: each is provided by the module
 * named in its comment while its routes are registered (with its own service, rules and live messages),
 * and registration fails when one is missing or provided twice.
 */
export interface ModuleActions {
  /**
   * tasks: marks a task's current occurrence done as `identity`, with the same rules and live message as
   * the API's done call (what a notification's Done button does).
   */
  markTaskDone(identity: Identity, taskId: number): Promise<void>;
}

/** A section of the house export document, by its key under `data`. */
export type HouseDataKey = keyof HouseExport['data'];
export type HouseDataSection<K extends HouseDataKey> = NonNullable<HouseExport['data'][K]>;

/**
 * A section as a hook hands it over for export: any of its lists may come as an async iterable of its
 * items instead, read a page at a time while the document is written out (see jsonChunks).
 */
export type StreamedSection<T> = {
  [P in keyof T]: T[P] extends readonly (infer Item)[] ? T[P] | AsyncIterable<Item> : T[P];
};

/** Numbers people for an export: records name a person by `ref(userId)`, never by a database id. */
export interface PeopleRefs {
  ref(userId: number): number;
}

/** Where an import's people landed: the user id in this Hearth for each person of the document. */
export interface PeopleIds {
  userId(ref: number): number;
}

/**
 * A module's part of the versioned house document. Both calls run inside the one transaction of the
 * whole export or import, so an import that fails anywhere adds nothing, and an export is one snapshot
 * even while its big lists are still being read (the transaction lasts until the document is written). Personal data (reminders,
 * notification settings, subscription links) never belongs here.
 */
export interface HouseDataHook<K extends HouseDataKey> {
  section: K;
  /** Whether the house has any of this module's records (an import needs a house without any). */
  hasData(houseId: number, trx: Db): Promise<boolean>;
  /**
   * The section; a list that can grow large comes as pages (an async iterable) read with queries of
   * bounded size, and may call `people.ref` as it goes: the people are written after every section.
   */
  export(houseId: number, trx: Db, people: PeopleRefs): Promise<StreamedSection<HouseDataSection<K>>>;
  /** Adds the section's records to the house; answers how many top-level records it added. */
  import(houseId: number, data: HouseDataSection<K>, people: PeopleIds, trx: Db): Promise<number>;
}
export type AnyHouseDataHook = { [K in HouseDataKey]: HouseDataHook<K> }[HouseDataKey];

/**
 * A domain of the API, declared in one place (`modules/<domain>/index.ts`) and listed once in app.ts.
 * Its tables' types live in the module's `tables.ts`, which adds them to the shared `Database` type.
 */
export interface HearthModule {
  /** The domain's name, the same as its folder here and its feature folder in the web app. */
  name: string;
  /** The live kinds this module publishes (clients refetch that feature's data when one arrives). */
  liveKinds: readonly string[];
  /**
   * Other modules' live kinds this module may publish too, because it changes their data through their
   * services (meals adds items to grocery lists). It owns none of them.
   */
  publishesAlso?: readonly string[];
  /** Builds the module's services from the context and registers its routes (under /api). */
  routes(api: ApiInstance, ctx: ModuleContext): Promise<void>;
  /** The module's part of the house export and import, when it keeps house data. */
  houseData?: AnyHouseDataHook;
  /**
   * Routes outside /api, which bring their own authentication (CalDAV's tree for calendar apps). They get
   * the live stream as it is: the services they call publish their own modules' kinds.
   */
  rootRoutes?(app: FastifyInstance, ctx: RootContext): Promise<void>;
}

/** What root routes get besides the module context: the attempt counters (to limit failed sign-ins). */
export interface RootContext extends ModuleContext {
  limitStore: LimitStore;
}

/** Declares a module; only gives the object its type. */
export function defineModule(module: HearthModule): HearthModule {
  return module;
}
